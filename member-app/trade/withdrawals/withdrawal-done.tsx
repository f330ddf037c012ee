// After the code: the withdrawal is reserved and waits for its payout (pending), or, when large, for
// the operators' approval (awaiting_approval), or was canceled.
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { transactionStatusLabel } from '#core/rules/transaction-display.ts';
import { Link } from '#ui/components/link.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { useShowAmount } from '../form-kit/show-amount.ts';
import { useFocusOnMount } from '../form-kit/use-focus-on-mount.ts';

export function WithdrawalDone({ transaction, onAgain }: { transaction: TransactionRecord | null; onAgain: () => void }) {
  const t = useTradeT();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const show = useShowAmount();
  if (!transaction) {
    return (
      <section className="withdrawal-done" aria-labelledby="withdrawal-done-title">
        <h2 id="withdrawal-done-title" className="panel__title" tabIndex={-1} ref={headingRef}>{t('withdrawal.canceledTitle')}</h2>
        <p role="status">{t('withdrawal.canceledBody')}</p>
        <button type="button" className="button button--primary" onClick={onAgain}>{t('withdrawal.again')}</button>
      </section>
    );
  }
  const held = transaction.status === 'awaiting_approval';
  return (
    <section className="withdrawal-done" aria-labelledby="withdrawal-done-title">
      <h2 id="withdrawal-done-title" className="panel__title" tabIndex={-1} ref={headingRef}>{t(held ? 'withdrawal.heldTitle' : 'withdrawal.doneTitle')}</h2>
      <p role="status">{t(held ? 'withdrawal.heldBody' : 'withdrawal.doneBody', { amount: show(transaction.amount, transaction.currency_iso), fee: show(transaction.fee, transaction.fee_currency) })}</p>
      <dl className="facts">
        <div>
          <dt>{t('depositResult.status')}</dt>
          <dd data-testid="withdrawal-status">{transactionStatusLabel(transaction) ?? transaction.status}</dd>
        </div>
        <div>
          <dt>{t('done.reference')}</dt>
          <dd className="mono" data-testid="transaction-id">{transaction.id}</dd>
        </div>
      </dl>
      <div className="trade-done__actions">
        <Link href={`/transactions?tx=${encodeURIComponent(transaction.id)}`} className="button button--primary">{t('done.viewTransaction')}</Link>
        <button type="button" className="button button--link" onClick={onAgain}>{t('withdrawal.again')}</button>
      </div>
    </section>
  );
}
