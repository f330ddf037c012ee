// The route-level refusal of a coin whose chain is off (app.chain.isAvailable): thrown before anything
// is written or reserved, with the catalogue's coin_unavailable naming the coin (core/chain/coin-availability.ts).

import type { CryptoAsset } from '#core/assets.ts';
import { coinUnavailable } from '#core/chain/coin-availability.ts';
import { ApiError } from './api-error.ts';

export function requireCoinOn(chain: { isAvailable(asset: CryptoAsset): boolean }, coin: CryptoAsset, field?: string): void {
  if (!chain.isAvailable(coin)) throw new ApiError(coinUnavailable(coin, field));
}
