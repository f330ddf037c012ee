// A pair's prices from the USD series of its two assets (price_bars holds one per asset): at each time
// both are known, price(A_B) = usd(A) / usd(B), kept as a ratio of bigints until it is written out.
// The provider's spread is taken off as in every displayed price (client-rates.ts): markets show the
// provider's own prices, not the mid.

import type { Asset } from '#core/assets.ts';
import { PRICE_SCALE, formatRatio } from '#core/rate-math.ts';
import { divideRounded } from '#core/money.ts';
import type { Close } from './price-bars.ts';

const BPS = 10_000n;

/** usd(base) / usd(quote) at one time; numerator and denominator are USD prices (fixed point). */
export interface PairPrice {
  time: number;
  base: bigint;
  quote: bigint;
}

/** The assets whose series a pair needs: USD has none, its price is always 1. */
export function seriesAssets(base: Asset, quote: Asset): Asset[] {
  return [...new Set([base, quote])].filter((asset) => asset !== 'USD');
}

/**
 * Points on a grid of `stepMs` from `start`: each grid cell takes the last close of each asset inside
 * it, an asset with no bar in a cell keeps its previous close, and a cell with no bar at all is left
 * out (the server was down: the chart shows the gap as a straight line rather than invented prices).
 * `closes` must be oldest first; closes before `start` only seed the carried prices.
 */
export function pairSeries(closes: readonly Close[], base: Asset, quote: Asset, start: number, stepMs: number): PairPrice[] {
  const carried = new Map<string, bigint>([['USD', PRICE_SCALE]]);
  const points: PairPrice[] = [];
  let cell: number | null = null;
  const emit = () => {
    const usdBase = carried.get(base);
    const usdQuote = carried.get(quote);
    if (cell !== null && cell >= start && usdBase !== undefined && usdQuote !== undefined) points.push({ time: cell, base: usdBase, quote: usdQuote });
  };
  for (const close of closes) {
    const closeCell = start + Math.floor((close.time - start) / stepMs) * stepMs;
    if (cell !== null && closeCell !== cell) emit();
    cell = closeCell;
    carried.set(close.asset, close.close);
  }
  emit();
  return points;
}

/** The displayed price of a pair point: mid less the spread, rounded down, 12 significant digits (as getRates). */
export function displayedPrice(point: Pick<PairPrice, 'base' | 'quote'>, spreadBps: number): string {
  return formatRatio(point.base * (BPS - BigInt(spreadBps)), point.quote * BPS, 'down');
}

/**
 * The change from `from` to `to` in percent with two decimals, rounded half away from zero, e.g.
 * "-1.23" or "4.50". The spread is the same at both ends, so it cancels: computed on the mid.
 */
export function percentChange(from: Pick<PairPrice, 'base' | 'quote'>, to: Pick<PairPrice, 'base' | 'quote'>): string {
  // (to / from - 1) * 100 with to = tb / tq and from = fb / fq: (tb * fq - fb * tq) / (fb * tq) * 100.
  const difference = to.base * from.quote - from.base * to.quote;
  const denominator = from.base * to.quote;
  const magnitude = divideRounded((difference < 0n ? -difference : difference) * 10_000n, denominator, 'half-up');
  const digits = magnitude.toString().padStart(3, '0');
  const text = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  return difference < 0n && magnitude > 0n ? `-${text}` : text;
}
