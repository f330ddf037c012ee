// The Payouts tab: merchant payouts of the provider, newest first, filtered by status. A rejected
// payout can be sent again: a new payout to the merchant's current settlement account (the money came
// back to the merchant's balance when the bank refused it), after a confirmation that says the bank
// may refuse again if the merchant has not corrected the account.
import { useState } from 'react';
import { adminPayouts, adminRetryPayout, type AdminPayout } from '#core/contract/admin-money.ts';
import { PAYOUT_STATUSES, type PayoutStatus } from '#core/contract/settlements.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { adminApi } from '../admin-api.ts';
import { useAdminMoneyT } from '../../i18n/use-admin-money-t.ts';
import { pageInfo } from '../../lists/page-info.ts';
import { Pager } from '../../lists/pager.tsx';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { useShowAmount } from '../../trade/form-kit/show-amount.ts';
import { ActionPanel } from './action-panel.tsx';
import { ListStates } from './list-states.tsx';
import { moneyErrorText } from './money-error-text.ts';

const PER_PAGE = 20;
const STATUS_CLASS: Record<PayoutStatus, string> = { pending: 'tx-status--pending', paid: 'tx-status--success', rejected: 'tx-status--danger' };

export function PayoutsTab() {
  const t = useAdminMoneyT();
  const locale = useBootStore((s) => s.locale);
  const show = useShowAmount();
  const [status, setStatus] = useState<PayoutStatus | ''>('');
  const [page, setPage] = useState(1);
  const [retrying, setRetrying] = useState<AdminPayout | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useApiData(adminPayouts, { query: { ...(status ? { status } : {}), page: String(page), per_page: String(PER_PAGE) } }, adminApi);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const info = list.data ? pageInfo(page, PER_PAGE, list.data.total) : null;
  const statusText: Record<PayoutStatus, string> = { pending: t('po.pending'), paid: t('po.paid'), rejected: t('po.rejected') };

  return (
    <section aria-labelledby="po-title" className="money-section">
      <h2 id="po-title" className="profile-section__title">{t('po.title')}</h2>
      <p className="panel__note">{t('po.lead')}</p>
      <div className="money-search">
        <label className="form-field">
          <span className="form-field__label">{t('po.filter')}</span>
          <select className="form-field__input" value={status} onChange={(event) => { setStatus(event.target.value as PayoutStatus | ''); setPage(1); }}>
            <option value="">{t('po.all')}</option>
            {PAYOUT_STATUSES.map((value) => <option key={value} value={value}>{statusText[value]}</option>)}
          </select>
        </label>
      </div>
      {done ? <p className="form-alert form-alert--success" role="status">{done}</p> : null}
      <ListStates {...list} isEmpty={(data) => data.payouts.length === 0} empty={{ title: t('po.emptyTitle'), body: t('po.emptyBody') }}>
        {(data) => (
          <div className="settlements-table-wrap">
            <table className="settlements-table money-table">
              <caption className="visually-hidden">{t('po.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('po.date')}</th>
                  <th scope="col">{t('po.merchant')}</th>
                  <th scope="col" className="num">{t('money.amount')}</th>
                  <th scope="col">{t('po.bank')}</th>
                  <th scope="col">{t('po.status')}</th>
                  <th scope="col">{t('money.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.payouts.map((payout) => (
                  <tr key={payout.payout_id} data-testid="admin-payout-row">
                    <td data-label={t('po.date')}>
                      <time dateTime={payout.created_at}>{date.format(new Date(payout.created_at))}</time>
                      <span className="settlements-table__sub mono">{payout.payout_id}</span>
                    </td>
                    <td data-label={t('po.merchant')}>
                      {payout.merchant_name}
                      <span className="settlements-table__sub mono">{payout.merchant_id}</span>
                    </td>
                    <td data-label={t('money.amount')} className="num">{show(payout.amount, payout.currency)}</td>
                    <td data-label={t('po.bank')}>
                      {payout.bank_name}
                      <span className="settlements-table__sub mono">{payout.bank_iban}</span>
                    </td>
                    <td data-label={t('po.status')}>
                      <span className={`tx-status ${STATUS_CLASS[payout.status]}`}>{statusText[payout.status]}</span>
                      {payout.rejection_reason ? <span className="settlements-table__sub">{payout.rejection_reason}</span> : null}
                    </td>
                    <td data-label={t('money.actions')}>
                      {payout.status === 'rejected' ? (
                        <button type="button" className="button button--secondary money-actions__button" onClick={() => { setDone(null); setRetrying(payout); }} aria-label={`${t('po.retry')}: ${payout.payout_id}`}>
                          {t('po.retry')}
                        </button>
                      ) : (
                        <span aria-hidden="true">—</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>
      {info && info.total > PER_PAGE ? (
        <Pager
          info={info}
          texts={{ label: t('money.pageOf', { page: info.page, pages: info.pages }), previous: t('money.previous'), next: t('money.next'), position: t('money.showing', { first: info.first, last: info.last, total: info.total }) }}
          onPage={setPage}
        />
      ) : null}
      {retrying ? (
        <RetryPanel
          key={retrying.payout_id}
          payout={retrying}
          onDone={(message) => { setRetrying(null); setDone(message); list.reload(); }}
          onCancel={() => setRetrying(null)}
        />
      ) : null}
    </section>
  );
}

function RetryPanel({ payout, onDone, onCancel }: { payout: AdminPayout; onDone: (message: string) => void; onCancel: () => void }) {
  const t = useAdminMoneyT();
  const locale = useBootStore((s) => s.locale);
  const show = useShowAmount();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    const result = await adminApi().call(adminRetryPayout, { body: { payout_id: payout.payout_id } });
    setBusy(false);
    if (!result.ok) {
      setError(moneyErrorText(result.error, locale));
      return;
    }
    onDone(t('po.retried', { id: result.data.payout_id, amount: show(result.data.amount, result.data.currency) }));
  };
  return (
    <ActionPanel
      id="po-retry"
      title={t('po.retryTitle', { id: payout.payout_id })}
      lead={t('po.retryLead')}
      confirm={t('po.confirmRetry')}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    />
  );
}
