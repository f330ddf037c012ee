// /sys-admin/fees inside the console frame: admin changes the fees, finance reads them.
import { useAdminMerchantsT } from '../../i18n/use-admin-merchants-t.ts';
import { AdminPage } from '../admin-layout.tsx';
import { FeesScreen } from './fees-screen.tsx';

export default function AdminFeesPage() {
  const t = useAdminMerchantsT();
  return <AdminPage area="fees" title={t('fees.title')}>{(me) => <FeesScreen canEdit={me.role === 'admin'} />}</AdminPage>;
}
