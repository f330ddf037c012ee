// The merchant's payouts (GET /transactions/getMerchantSettlments), paged on the server, newest first,
// each with its status and its report as CSV and PDF downloads.
import { useState } from 'react';
import { getMerchantSettlments, type Payout } from '#core/contract/settlements.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useSettlementsT } from '../../i18n/use-settlements-t.ts';
import { reportFileName, reportHref } from '../../settlements/report-links.ts';
import { settlementErrorText } from '../../settlements/settlement-error-text.ts';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { useShowAmount } from '../../trade/form-kit/show-amount.ts';
import { pageInfo } from '../../lists/page-info.ts';
import { SettlementsPager } from './settlements-pager.tsx';

const PER_PAGE = 10;
const STATUS_CLASS: Record<Payout['status'], string> = { pending: 'tx-status--pending', paid: 'tx-status--success', rejected: 'tx-status--danger' };

export function PayoutList({ apiBase }: { apiBase: string }) {
  const t = useSettlementsT();
  const locale = useBootStore((state) => state.locale);
  const show = useShowAmount();
  const [page, setPage] = useState(1);
  const list = useApiData(getMerchantSettlments, { query: { page: String(page), per_page: String(PER_PAGE) } });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const data = list.data;
  const info = data ? pageInfo(page, PER_PAGE, data.total) : null;
  const statusText: Record<Payout['status'], string> = { pending: t('payouts.pending'), paid: t('payouts.paid'), rejected: t('payouts.rejected') };

  return (
    <section aria-labelledby="payouts-title" className="settlements-section">
      <h2 id="payouts-title" className="profile-section__title">{t('payouts.title')}</h2>
      {list.state === 'error' ? (
        <div className="empty-state empty-state--error" role="alert">
          <h3 className="empty-state__title">{t('st.errorTitle')}</h3>
          <p className="empty-state__body">{settlementErrorText(list.error, locale)}</p>
          <button type="button" className="button button--primary" onClick={list.reload}>{t('st.retry')}</button>
        </div>
      ) : !data ? (
        <p role="status" className="panel__note">{t('st.loading')}</p>
      ) : data.payouts.length === 0 ? (
        <div className="empty-state">
          <h3 className="empty-state__title">{t('payouts.emptyTitle')}</h3>
          <p className="empty-state__body">{t('payouts.emptyBody')}</p>
        </div>
      ) : (
        <div className="settlements-table-wrap">
          <table className="settlements-table settlements-table--payouts">
            <caption className="visually-hidden">{t('payouts.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('payouts.date')}</th>
                <th scope="col">{t('payouts.id')}</th>
                <th scope="col" className="num">{t('payouts.amount')}</th>
                <th scope="col" className="num">{t('payouts.payments')}</th>
                <th scope="col">{t('payouts.bank')}</th>
                <th scope="col">{t('payouts.status')}</th>
                <th scope="col">{t('payouts.report')}</th>
              </tr>
            </thead>
            <tbody>
              {data.payouts.map((payout) => (
                <tr key={payout.payout_id} data-testid="payout-row">
                  <td data-label={t('payouts.date')}>
                    {date.format(new Date(payout.created_at))}
                    <span className="settlements-table__sub">{payout.trigger === 'scheduled' ? t('payouts.scheduled') : t('payouts.onDemand')}</span>
                  </td>
                  <td data-label={t('payouts.id')} className="mono">{payout.payout_id}</td>
                  <td data-label={t('payouts.amount')} className="num">{show(payout.amount, payout.currency)}</td>
                  <td data-label={t('payouts.payments')} className="num">{payout.payments}</td>
                  <td data-label={t('payouts.bank')}>
                    {payout.bank_name}
                    <span className="settlements-table__sub mono">{payout.bank_iban}</span>
                  </td>
                  <td data-label={t('payouts.status')}>
                    <span className={`tx-status ${STATUS_CLASS[payout.status]}`}>{statusText[payout.status]}</span>
                    {payout.rejection_reason ? <span className="settlements-table__sub">{payout.rejection_reason}</span> : null}
                  </td>
                  <td data-label={t('payouts.report')}>
                    <span className="settlements-downloads">
                      <a className="button button--secondary settlements-downloads__link" href={reportHref(apiBase, payout.payout_id, 'csv')} download={reportFileName(payout.payout_id, 'csv')} aria-label={t('payouts.csvLabel', { id: payout.payout_id })}>
                        {t('payouts.csv')}
                      </a>
                      <a className="button button--secondary settlements-downloads__link" href={reportHref(apiBase, payout.payout_id, 'pdf')} download={reportFileName(payout.payout_id, 'pdf')} aria-label={t('payouts.pdfLabel', { id: payout.payout_id })}>
                        {t('payouts.pdf')}
                      </a>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <SettlementsPager info={info} perPage={PER_PAGE} onPage={setPage} />
    </section>
  );
}
