// From USD mid prices to the rates a member sees. rate A_B is how many B one A buys:
// usd(A) / usd(B), less the provider's spread, rounded DOWN at 12 significant digits. Both
// directions lose the spread, so going A -> B -> A always leaves the member with less than they
// started with: the house never pays for a round trip.

import { ASSETS, rateKey, type Asset, type RateKey } from '#core/assets.ts';
import { formatRatio } from '#core/rate-math.ts';

const BPS = 10_000n;

function priceOf(usd: ReadonlyMap<Asset, bigint>, asset: Asset): bigint {
  const price = usd.get(asset);
  if (price === undefined || price <= 0n) throw new RangeError(`client-rates: no price for ${asset}`);
  return price;
}

/** The member's rate from -> to: mid less spreadBps, rounded down. */
export function clientRate(usd: ReadonlyMap<Asset, bigint>, from: Asset, to: Asset, spreadBps: number): string {
  const kept = BPS - BigInt(spreadBps);
  return formatRatio(priceOf(usd, from) * kept, priceOf(usd, to) * BPS, 'down');
}

/** The market's mid rate (charts): no spread, rounded half-up. */
export function midRate(usd: ReadonlyMap<Asset, bigint>, from: Asset, to: Asset): string {
  return formatRatio(priceOf(usd, from), priceOf(usd, to), 'half-up');
}

/** Every pair of two different assets, keyed like EUR_BTC. */
export function allClientRates(usd: ReadonlyMap<Asset, bigint>, spreadBps: number): Record<RateKey, string> {
  const rates = {} as Record<RateKey, string>;
  for (const from of ASSETS) {
    for (const to of ASSETS) {
      if (from !== to) rates[rateKey(from, to)] = clientRate(usd, from, to, spreadBps);
    }
  }
  return rates;
}
