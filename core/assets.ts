// The assets of spec §3 and their decimals (spec §5, §9). Every amount in the platform is paired
// with one of these, because the asset decides how many minor units make one whole unit.

/** Spec §3: the crypto assets, in the spec's order (the order the UI lists them). */
export const CRYPTO = ['BTC', 'LTC', 'ETH', 'BCH', 'USDT', 'USDC'] as const;
export type CryptoAsset = (typeof CRYPTO)[number];

/** Spec §3: the fiat currencies a checkout may be priced in. */
export const FIAT = ['USD', 'GBP', 'EUR', 'AUD', 'CAD', 'CHF'] as const;
export type FiatAsset = (typeof FIAT)[number];

/** Spec §3: the fiat currencies a user account may hold (no CHF). */
export const ACCOUNT_FIAT = ['EUR', 'USD', 'GBP', 'CAD', 'AUD'] as const;
export type AccountFiat = (typeof ACCOUNT_FIAT)[number];

export type Asset = CryptoAsset | FiatAsset;
export const ASSETS: readonly Asset[] = [...CRYPTO, ...FIAT];

/** Spec §5/§9: crypto amounts carry 8 decimals, fiat 2. */
export const CRYPTO_DECIMALS = 8;
export const FIAT_DECIMALS = 2;

/** The names the UI shows beside a ticker (spec §3 default: BTC "Bitcoin"). */
export const CRYPTO_DISPLAY_NAMES: Record<CryptoAsset, string> = {
  BTC: 'Bitcoin',
  LTC: 'Litecoin',
  ETH: 'Ethereum',
  BCH: 'Bitcoin Cash',
  USDT: 'Tether',
  USDC: 'USD Coin',
};

/**
 * Currency signs for display. The dollar currencies other than USD carry a country letter so a
 * buyer never mistakes A$ or CA$ for US dollars; CHF has no sign of its own and keeps its code
 * followed by a space (the space is part of the sign, so "CHF 1,234.50" needs no special case).
 */
export const FIAT_SIGNS: Record<FiatAsset, string> = {
  USD: '$',
  GBP: '£',
  EUR: '€',
  AUD: 'A$',
  CAD: 'CA$',
  CHF: 'CHF ',
};

export function isCrypto(value: unknown): value is CryptoAsset {
  return typeof value === 'string' && (CRYPTO as readonly string[]).includes(value);
}

export function isFiat(value: unknown): value is FiatAsset {
  return typeof value === 'string' && (FIAT as readonly string[]).includes(value);
}

export function isAccountFiat(value: unknown): value is AccountFiat {
  return typeof value === 'string' && (ACCOUNT_FIAT as readonly string[]).includes(value);
}

export function isAsset(value: unknown): value is Asset {
  return isCrypto(value) || isFiat(value);
}

export function decimalsOf(asset: Asset): number {
  return isCrypto(asset) ? CRYPTO_DECIMALS : FIAT_DECIMALS;
}

/**
 * The decimals an asset has where it is paid out, when fewer than ours: USDT and USDC are ERC-20 tokens of 6
 * decimals, so of our 8 the last two must be zero for a payout to send exactly what was promised.
 */
const PAYABLE_DECIMALS: Partial<Record<Asset, number>> = { USDT: 6, USDC: 6 };

/** The largest amount not above `amountMinor` that can be paid out exactly in `asset` (rounding down: the house's favour). */
export function payableMinor(asset: Asset, amountMinor: bigint): bigint {
  const payable = PAYABLE_DECIMALS[asset];
  if (payable === undefined) return amountMinor;
  const step = 10n ** BigInt(decimalsOf(asset) - payable);
  return amountMinor - (amountMinor % step);
}

/** Spec §3: the rates list is keyed by pair, e.g. EUR_BTC. */
export type RateKey = `${Asset}_${Asset}`;

export function rateKey(from: Asset, to: Asset): RateKey {
  return `${from}_${to}`;
}

/** The inverse of rateKey; null for anything that is not two known assets joined by "_". */
export function parseRateKey(key: string): { from: Asset; to: Asset } | null {
  const parts = key.split('_');
  if (parts.length !== 2) return null;
  const [from, to] = parts;
  return isAsset(from) && isAsset(to) ? { from, to } : null;
}

/**
 * Spec §3 fiatCurrency default: EUR 300. Amounts are decimal strings with the asset's decimals,
 * the same form the API sends. minimum/maximum are not given for the default checkout; the
 * caller applies the merchant's own limits.
 */
export const DEFAULT_FIAT_CURRENCY = { currency: 'EUR', currency_original: 'EUR', amount: '300.00' } as const satisfies {
  currency: FiatAsset;
  currency_original: FiatAsset;
  amount: string;
};

/** Spec §3 cryptoCurrency default: BTC "Bitcoin". */
export const DEFAULT_CRYPTO_CURRENCY = { currency: 'BTC', currency_displayName: CRYPTO_DISPLAY_NAMES.BTC } as const satisfies {
  currency: CryptoAsset;
  currency_displayName: string;
};

/** Spec §9: the test checkout (MODE=test) is priced at 30 within the limits 30 to 50, in the default fiat. */
export const TEST_CHECKOUT = { currency: 'EUR', amount: '30.00', minimum: '30.00', maximum: '50.00' } as const satisfies {
  currency: FiatAsset;
  amount: string;
  minimum: string;
  maximum: string;
};
