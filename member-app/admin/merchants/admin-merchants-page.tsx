// /sys-admin/merchants inside the console frame: admin onboards; support reads (it answers merchants'
// calls: who they are, whether their keys still work) but is not offered the onboarding form.
import { useAdminMerchantsT } from '../../i18n/use-admin-merchants-t.ts';
import { AdminPage } from '../admin-layout.tsx';
import { MerchantsScreen } from './merchants-screen.tsx';

export default function AdminMerchantsPage() {
  const t = useAdminMerchantsT();
  return <AdminPage area="merchants" title={t('merchants.title')}>{(me) => <MerchantsScreen canOnboard={me.role === 'admin'} />}</AdminPage>;
}
