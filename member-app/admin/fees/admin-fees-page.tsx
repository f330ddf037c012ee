// /sys-admin/fees inside the console frame: the fees and the coupons; admin changes them, finance reads them.
import { useAdminMerchantsT } from '../../i18n/use-admin-merchants-t.ts';
import { AdminPage } from '../admin-layout.tsx';
import { CouponsPanel } from './coupons-panel.tsx';
import { FeesScreen } from './fees-screen.tsx';

export default function AdminFeesPage() {
  const t = useAdminMerchantsT();
  return (
    <AdminPage area="fees" title={t('fees.title')}>
      {(me) => (
        <>
          <FeesScreen canEdit={me.role === 'admin'} />
          <CouponsPanel canEdit={me.role === 'admin'} />
        </>
      )}
    </AdminPage>
  );
}
