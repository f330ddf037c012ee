// After a conversion: what left and what arrived, with links to the transaction and the wallet.
import type { Asset } from '#core/assets.ts';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { parseAmount } from '#core/money.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { useTradeT } from '../i18n/use-trade-t.ts';
import { useFocusOnMount } from './use-focus-on-mount.ts';

export function useShowAmount(): (amount: string | null, asset: Asset | null) => string {
  const locale = useBootStore((state) => state.locale);
  return (amount, asset) => {
    if (amount === null || asset === null) return '—';
    const parsed = parseAmount(amount, asset);
    return parsed.ok ? formatDisplay(parsed.minor, asset, locale) : `${amount} ${asset}`;
  };
}

export function ConversionDone({ transaction, onAgain }: { transaction: TransactionRecord; onAgain: () => void }) {
  const t = useTradeT();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const show = useShowAmount();
  const to = transaction.currency_2_iso;
  return (
    <section className="panel trade-done" aria-labelledby="trade-done-title">
      <h2 id="trade-done-title" className="panel__title" tabIndex={-1} ref={headingRef}>{t('done.title')}</h2>
      <p role="status">
        {t('done.body', { paid: show(transaction.amount, transaction.currency_iso), got: show(transaction.amount_2, to) })}
      </p>
      <dl className="facts">
        <div>
          <dt>{t('done.fee')}</dt>
          <dd>{show(transaction.fee, transaction.fee_currency)}</dd>
        </div>
        <div>
          <dt>{t('done.reference')}</dt>
          <dd className="mono" data-testid="transaction-id">{transaction.id}</dd>
        </div>
      </dl>
      <div className="trade-done__actions">
        <Link href={`/transactions?id=${encodeURIComponent(transaction.id)}`} className="button button--primary">{t('done.viewTransaction')}</Link>
        {to ? <Link href={`/wallets/${to}`} className="button button--secondary">{t('done.viewWallet', { asset: to })}</Link> : null}
        <button type="button" className="button button--link" onClick={onAgain}>{t('done.again')}</button>
      </div>
    </section>
  );
}
