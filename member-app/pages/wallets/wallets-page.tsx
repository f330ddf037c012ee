// /wallets: every wallet with its balance, what is available now, what is pending and its value in
// the member's fiat; the total; adding a wallet. The figures come from the shared balances store
// that MemberFrame refreshes every 10 s, so this page and the sidebar never disagree. A merchant user
// also sees its merchant balances (counted in the total).
import { useSearch } from 'wouter';
import type { UserInfo } from '#core/contract/users.ts';
import type { BalancesAnswer } from '#core/contract/wallets.ts';
import { accountNumber } from '#core/rules/account-number.ts';
import { useBootStore, useCoinsOn, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { displayName } from '#ui/session/gate-user.ts';
import { Link } from '#ui/components/link.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useWalletsT } from '../../i18n/use-wallets-t.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';
import { useBalancesStore } from '../../wallets/balances-store.ts';
import { amountText, coinsToAdd, sortedWallets, totalText, walletView, type WalletView } from '../../wallets/wallet-view.ts';
import { AddWalletForm } from './add-wallet-form.tsx';
import { BalancesError } from './balances-error.tsx';
import { CoinMark } from './coin-mark.tsx';
import { MerchantBalanceSection } from './merchant-balance-section.tsx';
import { WalletFigures } from './wallet-figures.tsx';

export default function WalletsPage() {
  return <MemberFrame>{(user) => <Wallets user={user} />}</MemberFrame>;
}

function Wallets({ user }: { user: UserInfo }) {
  const t = useWalletsT();
  const { status, data, error } = useBalancesStore();
  const addRequested = new URLSearchParams(useSearch()).get('add') === '1';
  const number = accountNumber(useWhiteLabel()?.configuration.account_prefix ?? '', user.client_id);
  useDocumentTitle(t('wallets.title'));

  return (
    <div className="member-page wallets-page">
      <header className="wallets-page__header">
        <p className="member-page__eyebrow">{t('wallets.title')}</p>
        <h1 className="member-page__title">{t('wallets.greeting', { name: user.firstName || displayName(user) })}</h1>
        <p className="member-page__meta">
          {number ? (
            <>
              {t('wallets.account')}: <strong>{number}</strong>.{' '}
            </>
          ) : null}
          {t('wallets.lead')}
        </p>
      </header>
      {data ? (
        <WalletsContent data={data} owner={user.client_id} addRequested={addRequested} />
      ) : status === 'error' && error ? (
        <BalancesError error={error} owner={user.client_id} />
      ) : (
        <WalletsSkeleton label={t('wallets.loading')} />
      )}
    </div>
  );
}

function WalletsContent({ data, owner, addRequested }: { data: BalancesAnswer; owner: string; addRequested: boolean }) {
  const t = useWalletsT();
  const locale = useBootStore((state) => state.locale);
  const coinsOn = useCoinsOn();
  const views = sortedWallets(data.wallets).map((wallet) => walletView(wallet, data.currency, locale));
  const crypto = views.filter((view) => view.kind === 'crypto');
  const fiat = views.filter((view) => view.kind === 'fiat');
  const showBtc = !useBootStore((state) => state.boot.whitelabel?.permissions.hide_account_value_btc);
  return (
    <>
      <section className="panel wallets-total" aria-labelledby="wallets-total-title">
        <h2 id="wallets-total-title" className="wallets-total__label">{t('wallets.total')}</h2>
        <p className="wallets-total__value" data-testid="wallets-total">{totalText(data, locale)}</p>
        {showBtc ? (
          <p className="wallets-total__btc">
            <span className="visually-hidden">{t('wallets.totalBtc')}: </span>
            {amountText(data.account_values.BTC, 'BTC', locale)}
          </p>
        ) : null}
      </section>
      {data.merchant_balances ? <MerchantBalanceSection balances={data.merchant_balances} fiat={data.currency} /> : null}
      <section aria-labelledby="wallets-crypto-title" className="wallets-section">
        <h2 id="wallets-crypto-title" className="wallets-section__title">{t('wallets.crypto')}</h2>
        {crypto.length === 0 ? (
          <div className="empty-state">
            <h3 className="empty-state__title">{t('wallets.emptyTitle')}</h3>
            <p className="empty-state__body">{t('wallets.emptyBody')}</p>
          </div>
        ) : (
          <ul className="wallet-grid">
            {crypto.map((view) => <WalletCard key={view.currency} view={view} />)}
          </ul>
        )}
      </section>
      <AddWalletForm owner={owner} available={coinsToAdd(data.wallets, coinsOn)} focusOnMount={addRequested} />
      {fiat.length > 0 ? (
        <section aria-labelledby="wallets-fiat-title" className="wallets-section">
          <h2 id="wallets-fiat-title" className="wallets-section__title">{t('wallets.fiat')}</h2>
          <ul className="wallet-grid">
            {fiat.map((view) => <WalletCard key={view.currency} view={view} />)}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function WalletCard({ view }: { view: WalletView }) {
  const t = useWalletsT();
  return (
    <li className="wallet-card" data-testid={`wallet-${view.currency}`}>
      <Link href={`/wallets/${view.currency}`} className="wallet-card__link">
        <span className="wallet-card__head">
          <CoinMark coin={view.currency} />
          <span className="wallet-card__names">
            <span className="wallet-card__coin">{view.currency}</span>
            <span className="wallet-card__name">{view.name}</span>
          </span>
        </span>
      </Link>
      <WalletFigures
        view={view}
        labels={{ balance: t('wallets.balance'), available: t('wallets.available'), pending: t('wallets.pending'), value: t('wallets.value') }}
      />
    </li>
  );
}

function WalletsSkeleton({ label }: { label: string }) {
  return (
    <div className="wallets-skeleton" aria-busy="true">
      <p role="status" className="visually-hidden">{label}</p>
      <div className="skeleton skeleton--total" aria-hidden="true" />
      <ul className="wallet-grid" aria-hidden="true">
        {[0, 1, 2].map((n) => (
          <li key={n} className="wallet-card wallet-card--skeleton">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </li>
        ))}
      </ul>
    </div>
  );
}
