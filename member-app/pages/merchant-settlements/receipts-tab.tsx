// creditcards and wire (spec §2 sub-pages): the guest purchases made on the merchant's site (the buy
// widget, or the buy flow opened with its merchant_id) and paid by card, or by bank transfer (wire, SEPA,
// Swift, online banking), paged on the server with the totals over every page. The provider sold the coins
// and took the payment; the merchant sees them to match orders from its site. Every figure is the server's.
import { useState } from 'react';
import { getMerchantReceipts, type Receipt, type ReceiptKind } from '#core/contract/settlements.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useSettlementsT } from '../../i18n/use-settlements-t.ts';
import { pageInfo } from '../../lists/page-info.ts';
import { SettlementsPager } from './settlements-pager.tsx';
import { settlementErrorText } from '../../settlements/settlement-error-text.ts';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { useShowAmount } from '../../trade/form-kit/show-amount.ts';
import { CoinMark } from '../wallets/coin-mark.tsx';

const PER_PAGE = 10;
const DELIVERY_CLASS: Record<Receipt['delivery'], string> = { sending: 'tx-status--pending', sent: 'tx-status--success', rejected: 'tx-status--danger' };

export function ReceiptsTab({ kind }: { kind: ReceiptKind }) {
  const t = useSettlementsT();
  const locale = useBootStore((state) => state.locale);
  const show = useShowAmount();
  const [page, setPage] = useState(1);
  const list = useApiData(getMerchantReceipts, { query: { kind, page: String(page), per_page: String(PER_PAGE) } });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const data = list.data;
  const info = data ? pageInfo(page, PER_PAGE, data.total) : null;
  const cards = kind === 'creditcards';
  const delivery: Record<Receipt['delivery'], string> = { sending: t('receipts.sending'), sent: t('receipts.sent'), rejected: t('receipts.rejected') };

  return (
    <section aria-labelledby="receipts-title" className="settlements-section">
      <h2 id="receipts-title" className="profile-section__title">{t(cards ? 'cards.title' : 'wire.title')}</h2>
      <p className="panel__lead">{t(cards ? 'receipts.cardsLead' : 'receipts.wireLead')}</p>
      {list.state === 'error' ? (
        <div className="empty-state empty-state--error" role="alert">
          <h3 className="empty-state__title">{t('st.errorTitle')}</h3>
          <p className="empty-state__body">{settlementErrorText(list.error, locale)}</p>
          <button type="button" className="button button--primary" onClick={list.reload}>{t('st.retry')}</button>
        </div>
      ) : !data ? (
        <p role="status" className="panel__note">{t('st.loading')}</p>
      ) : data.receipts.length === 0 ? (
        <div className="empty-state">
          <h3 className="empty-state__title">{t('receipts.emptyTitle')}</h3>
          <p className="empty-state__body">{t(cards ? 'receipts.cardsBody' : 'receipts.wireBody')}</p>
        </div>
      ) : (
        <>
          <ul className="settlements-totals" aria-label={t('receipts.totalsLabel')}>
            {data.totals.map((total) => (
              <li key={total.currency} data-testid={`receipts-total-${total.currency}`}>
                {t('receipts.total', { count: total.count, amount: show(total.amount, total.currency), fee: show(total.fee, total.currency) })}
              </li>
            ))}
          </ul>
          <div className="settlements-table-wrap">
            <table className="settlements-table">
              <caption className="visually-hidden">{t(cards ? 'receipts.cardsCaption' : 'receipts.wireCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('receipts.date')}</th>
                  <th scope="col">{t('receipts.order')}</th>
                  <th scope="col">{t('receipts.buyer')}</th>
                  <th scope="col" className="num">{t('receipts.paid')}</th>
                  <th scope="col" className="num">{t('receipts.fee')}</th>
                  <th scope="col" className="num">{t('receipts.coins')}</th>
                  <th scope="col">{t('receipts.delivery')}</th>
                </tr>
              </thead>
              <tbody>
                {data.receipts.map((receipt) => (
                  <tr key={receipt.order_id} data-testid="receipt-row">
                    <td data-label={t('receipts.date')}>
                      {date.format(new Date(receipt.paid_at))}
                      {cards ? null : <span className="settlements-table__sub">{receipt.payment_method}</span>}
                    </td>
                    <td data-label={t('receipts.order')}>
                      {receipt.invoice_number ?? '—'}
                      <span className="settlements-table__sub mono">{receipt.order_id}</span>
                    </td>
                    <td data-label={t('receipts.buyer')}>{receipt.buyer}</td>
                    <td data-label={t('receipts.paid')} className="num">{show(receipt.amount, receipt.currency)}</td>
                    <td data-label={t('receipts.fee')} className="num">{show(receipt.fee, receipt.currency)}</td>
                    <td data-label={t('receipts.coins')} className="num">
                      <span className="settlements-coin"><CoinMark coin={receipt.coin} /> {show(receipt.coin_amount, receipt.coin)}</span>
                    </td>
                    <td data-label={t('receipts.delivery')}>
                      <span className={`tx-status ${DELIVERY_CLASS[receipt.delivery]}`}>{delivery[receipt.delivery]}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <SettlementsPager info={info} perPage={PER_PAGE} onPage={setPage} />
    </section>
  );
}
