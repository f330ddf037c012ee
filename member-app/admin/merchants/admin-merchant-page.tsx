// /sys-admin/merchants/:id inside the console frame.
import { useParams } from 'wouter';
import { useAdminMerchantsT } from '../../i18n/use-admin-merchants-t.ts';
import { AdminPage } from '../admin-layout.tsx';
import { MerchantScreen } from './merchant-screen.tsx';

export default function AdminMerchantPage() {
  const t = useAdminMerchantsT();
  const { id = '' } = useParams<{ id: string }>();
  // Only admin changes a merchant's API limit (the server refuses support, which may read it).
  return <AdminPage area="merchants" title={t('merchants.title')}>{(me) => <MerchantScreen merchantId={id} canEdit={me.role === 'admin'} />}</AdminPage>;
}
