// One list of transaction rows for /transactions and a wallet's activity. It is a real table
// (caption, column headers) so screen readers can move by cell, with one row group per
// transaction: a conversion is one transaction of two lines (what left one wallet, what arrived in
// the other), so the groups match the count the server gives. Below 768 px the CSS lays each group
// out as a card, with the column name written before each value (data-label).
import type { StatusLabel } from '#core/rules/transaction-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import type { WalletsKey } from '../i18n/wallets-en.ts';
import { useWalletsT } from '../i18n/use-wallets-t.ts';
import { dateTimeText, STATUS_KEYS, transactionGroups, type AmountView, type TransactionRowView } from './transaction-view.ts';

export interface TransactionListProps {
  caption: string;
  rows: readonly TransactionRowView[];
  /** Shows a Details button per row. */
  onDetails?: (row: TransactionRowView) => void;
  /** Hide the currency column (a wallet's own activity). */
  hideCurrency?: boolean;
}

export function useStatusText() {
  const t = useWalletsT();
  return (status: StatusLabel) => {
    const key = STATUS_KEYS[status];
    return key ? t(key as WalletsKey) : status;
  };
}

/** An amount with its sign and tone, "not credited" when nothing moved, and the fee a debit includes. */
export function AmountText({ amount }: { amount: AmountView }) {
  const t = useWalletsT();
  return (
    <span className="tx-amount-cell">
      <span className={`tx-amount tx-amount--${amount.tone}`} data-testid="tx-amount">{amount.text}</span>
      {amount.note ? <span className="tx-amount__note">{t(amount.note)}</span> : null}
      {amount.feeIncluded ? <span className="tx-amount__fee">{t('tx.feeIncluded', { fee: amount.feeIncluded })}</span> : null}
    </span>
  );
}

export function TransactionList({ caption, rows, onDetails, hideCurrency }: TransactionListProps) {
  const t = useWalletsT();
  const locale = useBootStore((state) => state.locale);
  const statusText = useStatusText();
  return (
    <table className="tx-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tx.date')}</th>
          <th scope="col">{t('tx.kind')}</th>
          {hideCurrency ? null : <th scope="col">{t('tx.currency')}</th>}
          <th scope="col" className="tx-table__num">{t('tx.amount')}</th>
          <th scope="col">{t('tx.status')}</th>
          {onDetails ? <th scope="col"><span className="visually-hidden">{t('tx.details')}</span></th> : null}
        </tr>
      </thead>
      {transactionGroups(rows).map((group) => (
        <tbody key={group.id} className={`tx-group${group.rows.length > 1 ? ' tx-group--pair' : ''}`} data-testid="tx-group" data-tx={group.id}>
          {group.rows.map((row) => {
            const kind = t(row.kind);
            const side = row.side ? t(row.side === 'debit' ? 'tx.debit' : 'tx.credit') : null;
            const amountWords = row.amount.note ? `${row.amount.text} ${t(row.amount.note)}` : row.amount.text;
            return (
              <tr key={row.key} className={`tx-row tx-row--${row.direction}`} data-testid="tx-row" data-tx={row.record.id} data-status={row.status}>
                <td data-label={t('tx.date')} className="tx-row__date">
                  <time dateTime={row.record.created_at}>{dateTimeText(row.record.created_at, locale)}</time>
                </td>
                <td data-label={t('tx.kind')} className="tx-row__kind">
                  <span>
                    {kind}
                    {side ? <span className={`tx-side tx-side--${row.side}`}>{side}</span> : null}
                  </span>
                </td>
                {hideCurrency ? null : <td data-label={t('tx.currency')}>{row.currency}</td>}
                <td data-label={t('tx.amount')} className="tx-table__num">
                  <AmountText amount={row.amount} />
                </td>
                <td data-label={t('tx.status')}>
                  <span className={`tx-status tx-status--${row.tone}`}>{statusText(row.status)}</span>
                  {/* A deposit the network dropped says why right in the list; the details say what to do. */}
                  {row.record.dropped ? <span className="tx-status__why">{t(`dropped.${row.record.dropped}`)}</span> : null}
                </td>
                {onDetails ? (
                  <td className="tx-row__action">
                    <button
                      type="button"
                      className="button button--link"
                      onClick={() => onDetails(row)}
                      aria-label={t('tx.detailsOf', { kind: side ? `${kind} (${side})` : kind, amount: amountWords })}
                    >
                      {t('tx.details')}
                    </button>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      ))}
    </table>
  );
}
