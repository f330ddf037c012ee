// The merchant's payments as a table (caption, column headers); below 768 px the CSS lays each
// payment out as a card with the column name before each value (data-label), like /transactions.
// The settlement time sits under the status, so nine facts fit beside the sidebar at 1280 px.
import type { MerchantPayment } from '#core/contract/merchant-office.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useMerchantT } from '../../i18n/use-merchant-t.ts';
import { dateTimeText } from '../../wallets/transaction-view.ts';
import { amountText } from '../../wallets/wallet-view.ts';
import { PaymentStatus } from './payment-status.tsx';

export function PaymentTable({ payments, onDetails }: { payments: readonly MerchantPayment[]; onDetails: (payment: MerchantPayment) => void }) {
  const t = useMerchantT();
  const locale = useBootStore((state) => state.locale);
  const dash = t('mtx.notYet');
  return (
    <table className="tx-table mtx-table">
      <caption className="visually-hidden">{t('mtx.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('mtx.created')}</th>
          <th scope="col">{t('mtx.order')}</th>
          <th scope="col" className="tx-table__num">{t('mtx.amount')}</th>
          <th scope="col" className="tx-table__num">{t('mtx.coinAmount')}</th>
          <th scope="col">{t('mtx.status')}</th>
          <th scope="col" className="tx-table__num">{t('mtx.confirmations')}</th>
          <th scope="col" className="tx-table__num">{t('mtx.fee')}</th>
          <th scope="col"><span className="visually-hidden">{t('mtx.details')}</span></th>
        </tr>
      </thead>
      {payments.map((payment) => {
        const order = payment.order_id ?? payment.id;
        return (
          <tbody key={payment.id} className="tx-group">
            <tr className="tx-row mtx-row" data-testid="mtx-row" data-payment={payment.id} data-status={payment.status}>
              <td data-label={t('mtx.created')}>
                <time dateTime={payment.created_at}>{dateTimeText(payment.created_at, locale)}</time>
              </td>
              <td data-label={t('mtx.order')} className="mtx-row__order">
                <span>
                  <span className="mtx-row__order-id">{payment.order_id ?? t('mtx.noOrder')}</span>
                  {payment.product ? <span className="mtx-row__product">{payment.product}</span> : null}
                </span>
              </td>
              <td data-label={t('mtx.amount')} className="tx-table__num" data-testid="mtx-fiat">{amountText(payment.fiat_amount, payment.fiat_currency, locale)}</td>
              <td data-label={t('mtx.coinAmount')} className="tx-table__num" data-testid="mtx-coin">
                {payment.coin && payment.amount_due ? (
                  <span className="mtx-row__coin">
                    <span>{amountText(payment.amount_paid, payment.coin, locale)}</span>
                    <span className="mtx-row__due">/ {amountText(payment.amount_due, payment.coin, locale)}</span>
                  </span>
                ) : (
                  <span className="mtx-row__muted">{t('mtx.noCoin')}</span>
                )}
              </td>
              <td data-label={t('mtx.status')}>
                <span className="mtx-row__status">
                  <PaymentStatus payment={payment} />
                  {payment.settled_at ? (
                    <span className="mtx-row__muted">
                      {t('mtx.settled')} <time dateTime={payment.settled_at}>{dateTimeText(payment.settled_at, locale)}</time>
                    </span>
                  ) : null}
                </span>
              </td>
              <td data-label={t('mtx.confirmations')} className="tx-table__num" data-testid="mtx-confirmations">
                {payment.required_confirmations === null ? dash : `${payment.confirmations} / ${payment.required_confirmations}`}
              </td>
              <td data-label={t('mtx.fee')} className="tx-table__num">{payment.coin && payment.fee ? amountText(payment.fee, payment.coin, locale) : dash}</td>
              <td className="tx-row__action">
                <button type="button" className="button button--link" onClick={() => onDetails(payment)} aria-label={t('mtx.detailsOf', { order })}>
                  {t('mtx.details')}
                </button>
              </td>
            </tr>
          </tbody>
        );
      })}
    </table>
  );
}
