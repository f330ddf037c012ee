// The buy widget's parameters (PayKit.buy and the data-coin script tag): what the SDK sent in `init`, or,
// before the handshake and standalone, the frame's URL (all of them but nothing secret; the address too,
// since pay.js has no byte left to keep it out, and an address is not a credential).
import { CRYPTO, FIAT, type CryptoAsset, type FiatAsset } from '#core/assets.ts';
import { preferredCoin } from '#core/chain/coin-availability.ts';
import { paramsProblem, type CheckoutParams } from '#core/protocol.ts';

export interface BuyParams {
  coin?: string;
  fiat?: string;
  amount?: string;
  address?: string;
  merchantId?: string;
}

const URL_PARAMS = ['coin', 'fiat', 'amount', 'address', 'merchantId'] as const satisfies readonly (keyof CheckoutParams)[];

export function buyParamsFromSearch(search: string): BuyParams {
  const query = new URLSearchParams(search);
  const params: BuyParams = {};
  for (const name of URL_PARAMS) {
    const value = query.get(name);
    if (value) params[name] = value;
  }
  return params;
}

const isCoin = (value: string): value is CryptoAsset => (CRYPTO as readonly string[]).includes(value);
const isFiat = (value: string): value is FiatAsset => (FIAT as readonly string[]).includes(value);

/**
 * The bridge's check of a buy widget's `init` (sent to the merchant page as `invalid_options`): the
 * protocol's shapes, then the coins and currencies this platform sells, named in the message.
 */
export function buyParamsProblem(params: unknown): string | null {
  const problem = paramsProblem(params, 'buy');
  if (problem) return problem;
  const { coin, fiat } = params as BuyParams;
  if (coin && !isCoin(coin)) return `coin must be one of ${CRYPTO.join(', ')}, got ${JSON.stringify(coin)}`;
  if (fiat && !isFiat(fiat)) return `fiat must be one of ${FIAT.join(', ')}, got ${JSON.stringify(fiat)}`;
  return null;
}

/**
 * The start's first values: the SDK's where it sent a usable one, else the flow's defaults. A coin whose
 * chain is off on this server (not in `on`, the boot's coins) is not offered, so the start falls back too.
 */
export function startValues(params: BuyParams, on: readonly CryptoAsset[] = CRYPTO): { coin: CryptoAsset; fiat: FiatAsset; amount: string; address: string } {
  return {
    coin: params.coin && isCoin(params.coin) && on.includes(params.coin) ? params.coin : (preferredCoin(on) ?? 'BTC'),
    fiat: params.fiat && isFiat(params.fiat) ? params.fiat : 'EUR',
    amount: params.amount ?? '300.00',
    address: params.address ?? '',
  };
}

/** The merchant asked for everything the price needs: the widget shows the price at once. */
export function canQuoteAtOnce(params: BuyParams): boolean {
  return Boolean(params.coin && isCoin(params.coin) && params.fiat && isFiat(params.fiat) && params.amount && params.address);
}
