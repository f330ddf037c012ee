// The outcome of a card deposit, in the words of spec §4: approved, Pre-Authorized, failed.
import type { DepositAnswer } from '#core/contract/deposits.ts';
import { transactionStatusLabel } from '#core/rules/transaction-display.ts';
import { Link } from '#ui/components/link.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { useShowAmount } from '../form-kit/show-amount.ts';
import { useFocusOnMount } from '../form-kit/use-focus-on-mount.ts';

export function DepositResult({ answer, onAgain }: { answer: DepositAnswer; onAgain: () => void }) {
  const t = useTradeT();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const show = useShowAmount();
  const tx = answer.transaction;
  const label = transactionStatusLabel(tx);
  const failed = tx.status === 'failed' || tx.status === 'canceled';
  const approved = tx.status === 'completed';
  return (
    <section className={`panel deposit-result${failed ? ' deposit-result--failed' : ''}`} aria-labelledby="deposit-result-title">
      <h2 id="deposit-result-title" className="panel__title" tabIndex={-1} ref={headingRef}>
        {approved ? t('depositResult.approved') : failed ? t('depositResult.failed') : t('depositResult.pending')}
      </h2>
      <p role="status">
        {approved
          ? t('depositResult.approvedBody', { amount: show(tx.amount, tx.currency_iso), fee: show(tx.fee, tx.fee_currency) })
          : failed
            ? t('depositResult.failedBody')
            : t('depositResult.pendingBody', { amount: show(tx.amount, tx.currency_iso) })}
      </p>
      <dl className="facts">
        <div>
          <dt>{t('depositResult.status')}</dt>
          <dd data-testid="deposit-status">{label ?? tx.status}</dd>
        </div>
        <div>
          <dt>{t('done.reference')}</dt>
          <dd className="mono" data-testid="transaction-id">{tx.id}</dd>
        </div>
      </dl>
      <div className="trade-done__actions">
        <Link href={`/transactions?tx=${encodeURIComponent(tx.id)}`} className="button button--primary">{t('done.viewTransaction')}</Link>
        <Link href={`/wallets/${tx.currency_iso}`} className="button button--secondary">{t('done.viewWallet', { asset: tx.currency_iso })}</Link>
        <button type="button" className="button button--link" onClick={onAgain}>{failed ? t('depositResult.tryAgain') : t('depositResult.another')}</button>
      </div>
    </section>
  );
}
