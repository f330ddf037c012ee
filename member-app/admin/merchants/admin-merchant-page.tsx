// /sys-admin/merchants/:id inside the console frame.
import { useParams } from 'wouter';
import { useAdminMerchantsT } from '../../i18n/use-admin-merchants-t.ts';
import { AdminPage } from '../admin-layout.tsx';
import { MerchantScreen } from './merchant-screen.tsx';

export default function AdminMerchantPage() {
  const t = useAdminMerchantsT();
  const { id = '' } = useParams<{ id: string }>();
  return <AdminPage area="merchants" title={t('merchants.title')}>{() => <MerchantScreen merchantId={id} />}</AdminPage>;
}
