// A coin whose chain is off on this server (no node for its family: server/chain/chain-config.ts) is
// neither offered nor accepted. One refusal for every place that would receive or send it, naming the
// coin, so a buyer or member knows to choose another rather than retry.

import { DEFAULT_CRYPTO_CURRENCY, type CryptoAsset } from '../assets.ts';
import { appError, type AppError } from '../errors.ts';

export function coinUnavailable(coin: CryptoAsset, field?: string): AppError {
  const message = `Payments in ${coin} are not available right now. Choose another coin.`;
  return field ? appError('coin_unavailable', message, { [field]: [message] }) : appError('coin_unavailable', message);
}

/** The coin a buy starts on: the platform's default where it is on, else the first coin that is; null when none is. */
export function preferredCoin(on: readonly CryptoAsset[]): CryptoAsset | null {
  return on.includes(DEFAULT_CRYPTO_CURRENCY.currency) ? DEFAULT_CRYPTO_CURRENCY.currency : (on[0] ?? null);
}

/** The coins of `list` that are on, in the list's order. */
export function coinsOn<T extends CryptoAsset>(list: readonly T[], on: readonly CryptoAsset[]): T[] {
  return list.filter((coin) => on.includes(coin));
}
