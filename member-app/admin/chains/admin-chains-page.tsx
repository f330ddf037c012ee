// /sys-admin/chains: the console's Chains page for admin, finance and support (AdminPage refuses other
// roles; so does the server). One card per chain watcher, then the hot wallets; it refreshes every
// 5 s while open (use-chains.ts), keeps the last answer on screen when a refresh fails and says how old
// it is.
import { useBootStore } from '#ui/boot/boot-store.ts';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { errorText } from '../../identity/error-text.ts';
import { useAdminChainsT } from '../../i18n/use-admin-chains-t.ts';
import { AdminPage } from '../admin-layout.tsx';
import { ChainCard } from './chain-card.tsx';
import { HotWalletsTable } from './hot-wallets-table.tsx';
import { useChains } from './use-chains.ts';

export default function AdminChainsPage() {
  const t = useAdminChainsT();
  return <AdminPage area="chains" title={t('chains.title')}>{() => <ChainsArea />}</AdminPage>;
}

function ChainsArea() {
  const t = useAdminChainsT();
  const locale = useBootStore((state) => state.locale);
  const { data, receivedAt, error, paused, resume } = useChains();
  const time = (at: number) => new Date(at).toLocaleTimeString(locale, { timeStyle: 'medium' });

  return (
    <div className="chains-page">
      <header>
        <h1 className="admin-title">{t('chains.title')}</h1>
        <p className="admin-lead">{t('chains.lead')}</p>
      </header>
      <div className="chains-status" aria-live="polite">
        {data && receivedAt !== null && !error ? <p className="admin-muted">{t('chains.updated', { time: time(receivedAt) })}</p> : null}
        {data && receivedAt !== null && error ? (
          <p className="form-alert form-alert--error">{t('chains.stale', { error: errorText(error, locale), time: time(receivedAt) })}</p>
        ) : null}
        {paused ? (
          <div className="chains-paused">
            <p>{t('chains.paused')}</p>
            <button type="button" className="button button--secondary" onClick={resume}>{t('chains.resume')}</button>
          </div>
        ) : null}
      </div>
      {!data && error ? (
        <div className="empty-state empty-state--error" role="alert">
          <h2 className="empty-state__title">{t('chains.errorTitle')}</h2>
          <p className="empty-state__body">{errorText(error, locale)}</p>
          <button type="button" className="button button--primary" onClick={resume}>{t('chains.retry')}</button>
        </div>
      ) : null}
      {!data && !error ? <LoadingState label={t('chains.loading')} /> : null}
      {data ? (
        <>
          {data.chains.length === 0 ? <p className="admin-empty">{t('chains.none')}</p> : null}
          <div className="chains-grid">
            {data.chains.map((chain) => <ChainCard key={`${chain.family}-${chain.backend}`} chain={chain} />)}
          </div>
          <HotWalletsTable wallets={data.hot_wallets} />
        </>
      ) : null}
    </div>
  );
}
