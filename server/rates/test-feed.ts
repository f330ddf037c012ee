// The TEST feed: prices that move, computed from the time alone. Each asset has a base USD price
// times a "wobble" made of four sines with periods from 3 minutes to 6 hours and per-asset phases,
// so a price drifts a few percent over hours and ticks a little minute to minute. Because it is a
// pure function of time, any past point (the seeded history, a test with an injected clock) is computed again,
// identically, with nothing stored. Answers carry source 'test' and the UI labels them.
//
// The sines are floats, but they only shape the test market: the wobble is quantised to 1e-9 and
// turned into an integer before it touches a price, and every amount is computed from the price in
// bigint (core/rate-math.ts, core/money.ts).

import { ASSETS, type Asset } from '#core/assets.ts';
import { parsePrice } from '#core/rate-math.ts';
import type { RateFeed, SnapshotResult } from './feed.ts';

/** Base mid prices in USD: realistic orders of magnitude, not a market forecast. */
export const TEST_BASE_USD: Record<Asset, string> = {
  BTC: '60000',
  ETH: '3000',
  LTC: '80',
  BCH: '400',
  USDT: '1',
  USDC: '1',
  USD: '1',
  EUR: '1.08',
  GBP: '1.27',
  CAD: '0.74',
  AUD: '0.66',
  CHF: '1.13',
};

/** How much an asset moves: crypto most, fiat crosses little, stablecoins barely, USD not at all. */
export const TEST_VOLATILITY: Record<Asset, number> = {
  BTC: 1, ETH: 1.2, LTC: 1.3, BCH: 1.25, USDT: 0.01, USDC: 0.01,
  USD: 0, EUR: 0.15, GBP: 0.15, CAD: 0.12, AUD: 0.18, CHF: 0.12,
};

/** [period in ms, amplitude as a fraction of the price]: about 3 % over hours, 0.1 % minute to minute. */
const WAVES: readonly (readonly [number, number])[] = [
  [6 * 3_600_000, 0.02],
  [97 * 60_000, 0.008],
  [13 * 60_000, 0.003],
  [3 * 60_000, 0.001],
];

const WOBBLE_QUANTUM = 1_000_000_000;
const BASE = new Map(ASSETS.map((asset) => [asset, parsePrice(TEST_BASE_USD[asset]) as bigint]));

/** A phase per asset and wave, from the asset's letters: fixed, different for each asset. */
function phase(asset: Asset, wave: number): number {
  let hash = 17;
  for (const char of asset) hash = (hash * 31 + char.charCodeAt(0)) % 10_007;
  return ((hash * (wave + 1) * 7919) % 10_007) / 10_007 * 2 * Math.PI;
}

// Computed once: seeding a year of history asks for the price a few hundred thousand times.
const PHASES = new Map(ASSETS.map((asset) => [asset, WAVES.map((_wave, index) => phase(asset, index))]));

/** The USD price of `asset` at `timeMs`, fixed point; whole seconds, so one second shows one price. */
export function testPriceUsd(asset: Asset, timeMs: number): bigint {
  const base = BASE.get(asset) as bigint;
  const volatility = TEST_VOLATILITY[asset];
  if (volatility === 0) return base;
  const seconds = Math.floor(timeMs / 1000) * 1000;
  let wobble = 1;
  WAVES.forEach(([periodMs, amplitude], index) => {
    wobble += volatility * amplitude * Math.sin((2 * Math.PI * seconds) / periodMs + ((PHASES.get(asset) as number[])[index] as number));
  });
  const quantised = BigInt(Math.round(wobble * WOBBLE_QUANTUM));
  return (base * quantised) / BigInt(WOBBLE_QUANTUM);
}

function pricesAt(timeMs: number): Map<Asset, bigint> {
  return new Map(ASSETS.map((asset) => [asset, testPriceUsd(asset, timeMs)]));
}

export function createTestFeed(): RateFeed {
  return {
    source: 'test',
    async latest(now: Date): Promise<SnapshotResult> {
      const second = Math.floor(now.getTime() / 1000) * 1000;
      return { ok: true, snapshot: { asOf: new Date(second), source: 'test', usd: pricesAt(second) } };
    },
  };
}
