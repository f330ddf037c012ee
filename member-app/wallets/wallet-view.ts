// What the wallet screens show for the balances answer: amounts formatted per spec (crypto 8
// decimals, fiat 2, signs and separators of core/money-display.ts), the wallets in the spec's
// asset order, and the coins a member can still add. An amount the server sent that cannot be
// read shows as a dash, never as a guessed number.
import { ASSETS, CRYPTO, type AccountFiat, type Asset, type CryptoAsset } from '#core/assets.ts';
import type { UserInfo } from '#core/contract/users.ts';
import type { BalancesAnswer, WalletBalance } from '#core/contract/wallets.ts';
import type { Locale } from '#core/language.ts';
import { formatDisplay } from '#core/money-display.ts';
import { parseAmount } from '#core/money.ts';

export const UNREADABLE = '—';

export function minorOf(amount: string | null | undefined, asset: Asset): bigint | null {
  const parsed = parseAmount(amount ?? '', asset, { allowNegative: true });
  return parsed.ok ? parsed.minor : null;
}

export function amountText(amount: string | null | undefined, asset: Asset, locale: Locale): string {
  const minor = minorOf(amount, asset);
  return minor === null ? UNREADABLE : formatDisplay(minor, asset, locale);
}

export interface WalletView {
  currency: Asset;
  name: string;
  kind: 'crypto' | 'fiat';
  balance: string;
  available: string;
  pending: string;
  /** The balance in the member's fiat currency. */
  value: string;
  hasPending: boolean;
  /** Some of the balance is reserved (a withdrawal waits): available differs from balance. */
  hasReserved: boolean;
  address: string | null;
}

export function walletView(wallet: WalletBalance, fiat: AccountFiat, locale: Locale): WalletView {
  const pendingMinor = minorOf(wallet.pending_in, wallet.currency);
  return {
    currency: wallet.currency,
    name: wallet.name,
    kind: wallet.kind,
    balance: amountText(wallet.balance, wallet.currency, locale),
    available: amountText(wallet.available, wallet.currency, locale),
    pending: amountText(wallet.pending_in, wallet.currency, locale),
    value: amountText(wallet.value, fiat, locale),
    hasPending: pendingMinor !== null && pendingMinor > 0n,
    hasReserved: wallet.available !== wallet.balance,
    address: wallet.address,
  };
}

const order = (asset: Asset) => ASSETS.indexOf(asset);

/** The wallets in the spec's order: crypto (BTC, LTC, ETH, ...) first, then fiat. */
export function sortedWallets(wallets: readonly WalletBalance[]): WalletBalance[] {
  return [...wallets].sort((a, b) => order(a.currency) - order(b.currency));
}

export function cryptoWallets(wallets: readonly WalletBalance[]): WalletBalance[] {
  return sortedWallets(wallets).filter((wallet) => wallet.kind === 'crypto');
}

/** Coins the member has no wallet for yet and whose chain is on (`on`, the boot's coins): what the Add wallet picker offers. */
export function coinsToAdd(wallets: readonly WalletBalance[], on: readonly CryptoAsset[] = CRYPTO): CryptoAsset[] {
  const held = new Set<string>(wallets.map((wallet) => wallet.currency));
  return CRYPTO.filter((coin) => !held.has(coin) && on.includes(coin));
}

/** The total in the member's fiat, as the server summed it (account_values, spec §3). */
export function totalText(data: BalancesAnswer, locale: Locale): string {
  return amountText(data.account_values[data.currency], data.currency, locale);
}

export function findWallet(data: BalancesAnswer | null, currency: Asset): WalletBalance | null {
  return data?.wallets.find((wallet) => wallet.currency === currency) ?? null;
}

export interface ShownAccountValues {
  fiat: AccountFiat;
  values: Readonly<Record<string, string | null>>;
}

/**
 * The Account Value figures the sidebar shows: the balances store's once it has answered (it is
 * refreshed after every money call), else currentUser's from sign-in, which go stale with the
 * first deposit. The first balances answer always wins, whatever currentUser still says.
 */
export function shownAccountValues(data: BalancesAnswer | null, user: Pick<UserInfo, 'currency' | 'account_values'>): ShownAccountValues {
  return data ? { fiat: data.currency, values: data.account_values } : { fiat: user.currency, values: user.account_values };
}
