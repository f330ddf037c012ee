// Percent changes and price scaling for the markets pages, in bigint on the prices' decimal strings
// (core/rate-math.ts parsePrice): a change is written with two decimals, rounded half-up away from zero.

import { parsePrice, PRICE_SCALE } from '../rate-math.ts';
import { divideRounded } from '../money.ts';

/** (to - from) / from in percent, "1.23" or "-0.50"; null when either price is missing or not positive. */
export function percentChange(from: string | null | undefined, to: string | null | undefined): string | null {
  const a = from ? parsePrice(from) : null;
  const b = to ? parsePrice(to) : null;
  if (a === null || b === null) return null;
  const diff = b - a;
  // Hundredths of a percent: diff / a * 100 * 100.
  const hundredths = divideRounded((diff < 0n ? -diff : diff) * 10_000n, a, 'half-up');
  const sign = diff < 0n && hundredths > 0n ? '-' : '';
  return `${sign}${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/**
 * `price` × `to` / `from`, two decimals: the provider's price of another moment, from the market's
 * move between the two (the spread is a constant factor, so the ratio is the same at either price).
 */
export function scalePrice(price: string, from: string, to: string): string | null {
  const p = parsePrice(price);
  const a = parsePrice(from);
  const b = parsePrice(to);
  if (p === null || a === null || b === null) return null;
  const cents = divideRounded(p * b * 100n, a * PRICE_SCALE, 'half-up');
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** At most `count` points, evenly picked, the last one always kept (it is "now"). */
export function thinOut<T>(points: readonly T[], count: number): T[] {
  if (points.length <= count) return [...points];
  const step = (points.length - 1) / (count - 1);
  return Array.from({ length: count }, (_, index) => points[Math.round(index * step)] as T);
}
