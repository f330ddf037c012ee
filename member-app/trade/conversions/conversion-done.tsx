// After a conversion: what left the member's wallet (the fee included, as the ledger took it),
// the fee, and what arrived, from core/rules/wallet-movement.ts, so this screen, the quote and the
// transaction list say the same figures. Links to the transaction and the wallet.
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { formatDisplay } from '#core/money-display.ts';
import { walletMovement, type WalletMovement } from '#core/rules/wallet-movement.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { useShowAmount } from '../form-kit/show-amount.ts';
import { useFocusOnMount } from '../form-kit/use-focus-on-mount.ts';

export function ConversionDone({ transaction, onAgain }: { transaction: TransactionRecord; onAgain: () => void }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const show = useShowAmount();
  const figure = (movement: WalletMovement | null) => (movement ? formatDisplay(movement.minor, movement.asset, locale) : '—');
  const paid = walletMovement(transaction, 'debit');
  const got = walletMovement(transaction, 'credit');
  const to = transaction.currency_2_iso;
  return (
    <section className="panel trade-done" aria-labelledby="trade-done-title">
      <h2 id="trade-done-title" className="panel__title" tabIndex={-1} ref={headingRef}>{t('done.title')}</h2>
      <p role="status">{t('done.body', { paid: figure(paid), got: figure(got) })}</p>
      <dl className="facts">
        <div>
          <dt>{t('done.paid')}</dt>
          <dd data-testid="done-paid">{figure(paid)}</dd>
        </div>
        <div>
          <dt>{t('done.fee')}</dt>
          <dd data-testid="done-fee">{show(transaction.fee, transaction.fee_currency)}</dd>
        </div>
        <div>
          <dt>{t('done.got')}</dt>
          <dd data-testid="done-got">{figure(got)}</dd>
        </div>
        <div>
          <dt>{t('done.reference')}</dt>
          <dd className="mono" data-testid="transaction-id">{transaction.id}</dd>
        </div>
      </dl>
      <div className="trade-done__actions">
        <Link href={`/transactions?tx=${encodeURIComponent(transaction.id)}`} className="button button--primary">{t('done.viewTransaction')}</Link>
        {to ? <Link href={`/wallets/${to}`} className="button button--secondary">{t('done.viewWallet', { asset: to })}</Link> : null}
        <button type="button" className="button button--link" onClick={onAgain}>{t('done.again')}</button>
      </div>
    </section>
  );
}
