// /wallets/{coin}: one wallet. Balance (available / pending), Buy / Sell / Deposit / Withdraw,
// the deposit address with its QR code, in test mode the test-network panel, the activity and
// the balance chart. A coin we do not support is the 404 page; a supported coin the member does
// not hold yet offers to add it.
import { useState } from 'react';
import { useParams } from 'wouter';
import { isAsset, isCrypto, type Asset, type CryptoAsset } from '#core/assets.ts';
import type { UserInfo } from '#core/contract/users.ts';
import { canWithdrawFiat } from '#core/rules/permission-gates.ts';
import { useBootStore, useCoinsOn } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { NotFoundPage } from '#ui/components/not-found-page.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useWalletsT } from '../../i18n/use-wallets-t.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';
import { useBalancesStore } from '../../wallets/balances-store.ts';
import { refreshBalancesNow } from '../../wallets/use-balances.ts';
import { coinsToAdd, findWallet, walletView } from '../../wallets/wallet-view.ts';
import { AddWalletForm } from './add-wallet-form.tsx';
import { BalancesError } from './balances-error.tsx';
import { BalanceChart } from './balance-chart.tsx';
import { CoinMark } from './coin-mark.tsx';
import { DepositAddress } from './deposit-address.tsx';
import { TestNetworkPanel } from './test-network-panel.tsx';
import { WalletActivity } from './wallet-activity.tsx';

/** How long the activity keeps re-reading itself after test coins were sent. */
const WATCH_AFTER_SEND_MS = 60_000;

export default function WalletPage() {
  const { coin: raw = '' } = useParams<{ coin: string }>();
  const coin = raw.toUpperCase();
  return <MemberFrame>{(user) => (isAsset(coin) ? <Wallet user={user} coin={coin} /> : <NotFoundPage />)}</MemberFrame>;
}

function Wallet({ user, coin }: { user: UserInfo; coin: Asset }) {
  const t = useWalletsT();
  const locale = useBootStore((state) => state.locale);
  const testMode = useBootStore((state) => state.boot.mode === 'test');
  const coinsOn = useCoinsOn();
  const provider = useBootStore((state) => state.boot.whitelabel?.permissions);
  const { data, error, status } = useBalancesStore();
  const [watchUntil, setWatchUntil] = useState(0);
  useDocumentTitle(t('coin.title', { coin }));

  const wallet = findWallet(data, coin);
  const header = (
    <header className="wallet-page__header">
      <Link href="/wallets" className="wallet-page__back">{t('coin.back')}</Link>
      <h1 className="member-page__title wallet-page__title">
        <CoinMark coin={coin} /> {t('coin.title', { coin })}
      </h1>
    </header>
  );

  if (!data) {
    return (
      <div className="member-page wallet-page">
        {header}
        {status === 'error' && error ? (
          <BalancesError error={error} owner={user.client_id} />
        ) : (
          <div className="wallets-skeleton" aria-busy="true">
            <p role="status" className="visually-hidden">{t('wallets.loading')}</p>
            <div className="skeleton skeleton--total" aria-hidden="true" />
          </div>
        )}
      </div>
    );
  }

  if (!wallet) {
    return (
      <div className="member-page wallet-page">
        {header}
        <div className="empty-state">
          <h2 className="empty-state__title">{t('coin.noWalletTitle', { coin })}</h2>
          <p className="empty-state__body">{t('coin.noWalletBody', { coin })}</p>
        </div>
        {isCrypto(coin) ? <AddWalletForm owner={user.client_id} available={coinsToAdd(data.wallets, coinsOn)} initial={coin} /> : null}
      </div>
    );
  }

  const view = walletView(wallet, data.currency, locale);
  const crypto = isCrypto(coin);
  // Spec §6: Withdraw Fiat needs withdrawal = 1, or enable_withdraw with wl_id 2; coins can always be sent.
  const onSent = () => {
    setWatchUntil(Date.now() + WATCH_AFTER_SEND_MS);
    void refreshBalancesNow(user.client_id);
  };
  return (
    <div className="member-page wallet-page">
      {header}
      <section className="panel wallet-balance" aria-labelledby="wallet-balance-title">
        <h2 id="wallet-balance-title" className="visually-hidden">{t('wallets.balance')}</h2>
        <p className="wallet-balance__amount" data-testid="wallet-balance">{view.balance}</p>
        <p className="wallet-balance__value">{view.value}</p>
        <dl className="wallet-balance__figures">
          <div>
            <dt>{t('wallets.available')}</dt>
            <dd data-testid="wallet-available">{view.available}</dd>
          </div>
          <div>
            <dt>{t('wallets.pending')}</dt>
            <dd data-testid="wallet-pending" className={view.hasPending ? 'wallet-card__pending' : undefined}>{view.pending}</dd>
          </div>
        </dl>
        {view.hasReserved ? <p className="panel__note">{t('coin.reserved')}</p> : null}
        <nav className="wallet-actions" aria-label={t('coin.actions')}>
          {crypto ? (
            <>
              <Link href={`/buy?to=${coin}`} className="button button--primary">{t('coin.buy')}</Link>
              <Link href={`/sell?from=${coin}`} className="button button--secondary">{t('coin.sell')}</Link>
            </>
          ) : null}
          <Link href={`/deposit?currency=${coin}`} className="button button--secondary">{t('coin.deposit')}</Link>
          {crypto || (provider && canWithdrawFiat(provider, user.permissions)) ? (
            <Link href={`/withdrawal?currency=${coin}`} className="button button--secondary">{t('coin.withdraw')}</Link>
          ) : null}
        </nav>
      </section>
      {crypto ? <DepositAddress coin={coin} address={wallet.address} /> : null}
      {crypto && testMode && wallet.address ? <TestNetworkPanel coin={coin as CryptoAsset} address={wallet.address} onSent={onSent} /> : null}
      <WalletActivity coin={coin} watchUntil={watchUntil} refreshKey={`${wallet.balance}/${wallet.pending_in}/${wallet.available}`} />
      <BalanceChart coin={coin} refreshKey={wallet.balance} />
    </div>
  );
}
