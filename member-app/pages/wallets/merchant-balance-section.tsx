// The wallets page's "Merchant balance" (merchant users only): what settled payments credited, per
// coin, straight from the ledger's merchant_balance accounts as GET /v1/users/getUserBalances answers
// them (merchant_balances), refreshed with the other balances every 10 s. They count in the total
// value above and in the sidebar's Account Value (the server's account_values include them).
import type { AccountFiat } from '#core/assets.ts';
import type { MerchantBalance } from '#core/contract/wallets.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { useMerchantT } from '../../i18n/use-merchant-t.ts';
import { walletView } from '../../wallets/wallet-view.ts';
import { CoinMark } from './coin-mark.tsx';
import { WalletFigures } from './wallet-figures.tsx';

export function MerchantBalanceSection({ balances, fiat }: { balances: readonly MerchantBalance[]; fiat: AccountFiat }) {
  const t = useMerchantT();
  const locale = useBootStore((state) => state.locale);
  const views = balances.map((balance) => walletView({ ...balance, address: null, tag: null }, fiat, locale));
  return (
    <section aria-labelledby="merchant-balance-title" className="wallets-section merchant-balance" data-testid="merchant-balance">
      <h2 id="merchant-balance-title" className="wallets-section__title">{t('balance.title')}</h2>
      <p className="panel__lead">
        {t('balance.lead')} <Link href="/merchantTransactions">{t('balance.payments')}</Link>
      </p>
      {views.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__body">{t('balance.empty')}</p>
        </div>
      ) : (
        <ul className="wallet-grid">
          {views.map((view) => (
            <li key={view.currency} className="wallet-card" data-testid={`merchant-balance-${view.currency}`}>
              <span className="wallet-card__head">
                <CoinMark coin={view.currency} />
                <span className="wallet-card__names">
                  <span className="wallet-card__coin">{view.currency}</span>
                  <span className="wallet-card__name">{view.name}</span>
                </span>
              </span>
              <WalletFigures
                view={view}
                labels={{ balance: t('balance.balance'), available: t('balance.available'), pending: t('balance.pending'), value: t('balance.value') }}
                balanceTestId={`merchant-balance-${view.currency}-amount`}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
