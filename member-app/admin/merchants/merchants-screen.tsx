// /sys-admin/merchants: the provider's merchants (searched on the server, paged), and the onboarding form;
// a merchant just onboarded shows its secret key once, above the list.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { listAdminMerchants, type MerchantList, type OnboardedMerchant } from '#core/contract/admin-merchants.ts';
import { bpsAsPercent } from '#core/payments/merchant-fee.ts';
import { Link } from '#ui/components/link.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { adminApi } from '../admin-api.ts';
import { useDateTime } from '../../pages/developers/use-date-time.ts';
import { useAdminMerchantsT } from '../../i18n/use-admin-merchants-t.ts';
import { OnboardForm } from './onboard-form.tsx';
import { SecretKeyPanel } from './secret-key-panel.tsx';

const PER_PAGE = 20;
type ListState = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; data: MerchantList };

export function MerchantsScreen({ canOnboard }: { canOnboard: boolean }) {
  const t = useAdminMerchantsT();
  useDocumentTitle(t('merchants.title'));
  const [onboarding, setOnboarding] = useState(false);
  const [onboarded, setOnboarded] = useState<OnboardedMerchant | null>(null);
  const [reload, setReload] = useState(0);
  return (
    <div className="admin-page admin-merchants">
      <h1 className="admin-title">{t('merchants.title')}</h1>
      <p className="admin-lead">{t('merchants.lead')}</p>
      {onboarded ? <SecretKeyPanel onboarded={onboarded} onClose={() => setOnboarded(null)} /> : null}
      {!canOnboard ? null : onboarding ? (
        <OnboardForm
          onCancel={() => setOnboarding(false)}
          onDone={(answer) => {
            setOnboarding(false);
            setOnboarded(answer);
            setReload((count) => count + 1);
          }}
        />
      ) : (
        <button type="button" className="button button--primary" onClick={() => { setOnboarded(null); setOnboarding(true); }}>{t('merchants.onboardOpen')}</button>
      )}
      <MerchantTable reload={reload} />
    </div>
  );
}

function MerchantTable({ reload }: { reload: number }) {
  const t = useAdminMerchantsT();
  const when = useDateTime();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const [state, setState] = useState<ListState>({ phase: 'loading' });

  const load = useCallback(async () => {
    setState((current) => (current.phase === 'ready' ? current : { phase: 'loading' }));
    const answer = await adminApi().call(listAdminMerchants, { query: { ...(query.q ? { q: query.q } : {}), page: String(query.page), per_page: String(PER_PAGE) } });
    setState(answer.ok ? { phase: 'ready', data: answer.data } : { phase: 'failed' });
  }, [query]);
  useEffect(() => void load(), [load, reload]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ q: typed.trim(), page: 1 });
  };
  const pages = state.phase === 'ready' ? Math.max(1, Math.ceil(state.data.total / PER_PAGE)) : 1;
  return (
    <section className="panel" aria-labelledby="merchant-list-title">
      <h2 id="merchant-list-title" className="panel__title">{t('merchants.title')}</h2>
      <form className="admin-merchants__toolbar" role="search" onSubmit={search}>
        <div className="form-field admin-merchants__search">
          <label className="form-field__label" htmlFor="merchant-search">{t('merchants.search')}</label>
          <input id="merchant-search" className="form-field__input" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <button type="submit" className="button button--secondary">{t('merchants.searchButton')}</button>
      </form>
      {state.phase === 'loading' ? <p role="status">{t('merchants.loading')}</p> : null}
      {state.phase === 'failed' ? (
        <p className="empty-state empty-state--error" role="alert">
          {t('merchants.loadError')} <button type="button" className="button button--link" onClick={() => void load()}>{t('merchants.retry')}</button>
        </p>
      ) : null}
      {state.phase === 'ready' && state.data.merchants.length === 0 ? <p className="empty-state">{t('merchants.empty')}</p> : null}
      {state.phase === 'ready' && state.data.merchants.length > 0 ? (
        <div className="admin-merchants__table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('merchants.col.name')}</th>
                <th scope="col">{t('merchants.col.email')}</th>
                <th scope="col" className="data-table__num">{t('merchants.col.fee')}</th>
                <th scope="col">{t('merchants.col.policy')}</th>
                <th scope="col" className="data-table__num">{t('merchants.col.keys')}</th>
                <th scope="col">{t('merchants.col.created')}</th>
              </tr>
            </thead>
            <tbody>
              {state.data.merchants.map((merchant) => {
                const fee = `${bpsAsPercent(merchant.effective_fee_bps)} %`;
                return (
                  <tr key={merchant.merchant_id}>
                    <td>
                      <Link href={`/merchants/${merchant.merchant_id}`}>{merchant.name}</Link>
                      <br />
                      <code>{merchant.merchant_id}</code>
                    </td>
                    <td>{merchant.email}</td>
                    <td className="data-table__num">{merchant.fee_bps === null ? t('merchants.feeDefault', { fee }) : fee}</td>
                    <td>{t(`merchants.policy.${merchant.policy}`)}</td>
                    <td className="data-table__num">{merchant.active_keys}</td>
                    <td>{when(merchant.created_at)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {state.phase === 'ready' && pages > 1 ? (
        <nav className="admin-merchants__toolbar" aria-label={t('merchants.page', { page: query.page, pages })}>
          <button type="button" className="button button--secondary" disabled={query.page <= 1} onClick={() => setQuery({ ...query, page: query.page - 1 })}>{t('merchants.previous')}</button>
          <span>{t('merchants.page', { page: query.page, pages })}</span>
          <button type="button" className="button button--secondary" disabled={query.page >= pages} onClick={() => setQuery({ ...query, page: query.page + 1 })}>{t('merchants.next')}</button>
        </nav>
      ) : null}
    </section>
  );
}
