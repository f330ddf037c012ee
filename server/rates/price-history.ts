// Reading the recorded price history (price_bars): a pair's chart over a range and its changes over a
// day, a week, a month and a year. These are plain functions of the database so any server code (the
// checkout's getChartRates, the merchant API's market rates, the markets pages rendered on the
// server) calls them directly. Prices are the provider's displayed prices (the spread taken off, as
// getRates); changes are in percent and the spread cancels out of them.

import { isAsset, type Asset } from '#core/assets.ts';
import { PRICE_SCALE } from '#core/rate-math.ts';
import type { ChartRange } from '#core/contract/rates.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/db.ts';
import { DEFAULT_PRICING } from './default-pricing.ts';
import { CHART_STEPS } from './feed.ts';
import { BAR_RETENTION_MS, BAR_STEP_MS, closesBetween, lastCloses, type BarResolution, type Close } from './price-bars.ts';
import { displayedPrice, pairSeries, percentChange, seriesAssets, type PairPrice } from './pair-series.ts';

export type { ChartRange } from '#core/contract/rates.ts';

/** Which bars each range reads: the finest kept for the whole range (minutes for a day, hours for a month, days for a year). */
export const RANGE_RESOLUTION: Record<ChartRange, BarResolution> = { '1d': 'm', '7d': 'h', '30d': 'h', '1y': 'd' };

export interface ChartRates {
  /** Oldest first; t is the start of the point's interval in unix seconds, price the close in it. */
  points: { t: number; price: string }[];
  /** From the first point to the last, in percent, e.g. "-1.23". */
  change: string;
}

export interface PriceChanges {
  price: string;
  change24h: string | null;
  change7d: string | null;
  change30d: string | null;
  change1y: string | null;
  /** About 25 prices, one an hour over the last 24 h, oldest first, the last one now. */
  sparkline: string[];
}

/** The provider's spread in basis points; a provider without pricing rows trades at the defaults (pricing.ts). */
async function spreadOf(db: Db, providerId: bigint): Promise<number> {
  const row = await db.selectFrom('provider_pricing').select('spread_bps').where('provider_id', '=', providerId).executeTakeFirst();
  return row?.spread_bps ?? DEFAULT_PRICING.spreadBps;
}

function pairOf(base: string, quote: string): { base: Asset; quote: Asset } | null {
  return isAsset(base) && isAsset(quote) && base !== quote ? { base, quote } : null;
}

/** A pair's chart over `range` at CHART_STEPS[range] spacing; null for an unknown pair or no history. */
export async function chartRates(
  db: Kysely<Database>,
  q: { providerId: bigint; base: string; quote: string; range: ChartRange; now?: Date },
): Promise<ChartRates | null> {
  const pair = pairOf(q.base, q.quote);
  if (!pair) return null;
  const now = (q.now ?? new Date()).getTime();
  const { stepMs, count } = CHART_STEPS[q.range];
  const resolution = RANGE_RESOLUTION[q.range];
  const start = Math.floor(now / stepMs) * stepMs - (count - 1) * stepMs;
  // One bar before the range seeds the carried price of an asset whose first bar inside it is late.
  const [closes, spreadBps] = await Promise.all([
    closesBetween(db, seriesAssets(pair.base, pair.quote), resolution, new Date(start - BAR_STEP_MS[resolution]), new Date(now)),
    spreadOf(db, q.providerId),
  ]);
  const series = pairSeries(closes, pair.base, pair.quote, start, stepMs);
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last) return null;
  return {
    points: series.map((point) => ({ t: Math.floor(point.time / 1000), price: displayedPrice(point, spreadBps) })),
    change: percentChange(first, last),
  };
}

/** How far back each change looks. */
export const HORIZONS_MS = { change24h: 24 * 3_600_000, change7d: 7 * 86_400_000, change30d: 30 * 86_400_000, change1y: 365 * 86_400_000 } as const;

/**
 * The pair's price at `at` from the finest bars still kept for that age, a bar at most two steps
 * older than `at` (a gap of a few minutes in the recording still answers; a month-long one does not).
 */
async function pairAt(db: Db, pair: { base: Asset; quote: Asset }, at: number, now: number): Promise<PairPrice | null> {
  const assets = seriesAssets(pair.base, pair.quote);
  for (const resolution of ['m', 'h', 'd'] as const) {
    const retention = BAR_RETENTION_MS[resolution];
    if (retention !== null && now - at > retention) continue;
    const found = await lastCloses(db, assets, resolution, new Date(at), new Date(at - 2 * BAR_STEP_MS[resolution]));
    const priced = pricedPair(found, pair, at);
    if (priced) return priced;
  }
  return null;
}

function pricedPair(found: ReadonlyMap<string, Close>, pair: { base: Asset; quote: Asset }, time: number): PairPrice | null {
  const usd = (asset: Asset) => (asset === 'USD' ? PRICE_SCALE : found.get(asset)?.close);
  const base = usd(pair.base);
  const quote = usd(pair.quote);
  return base === undefined || quote === undefined ? null : { time, base, quote };
}

/** The pair's price now (its newest bars), its changes over 24 h, 7 d, 30 d and a year, and a 24 h sparkline; null for an unknown pair or no history. */
export async function priceChanges(
  db: Kysely<Database>,
  q: { providerId: bigint; base: string; quote: string; now?: Date },
): Promise<PriceChanges | null> {
  const pair = pairOf(q.base, q.quote);
  if (!pair) return null;
  const now = (q.now ?? new Date()).getTime();
  const hour = BAR_STEP_MS.h;
  const sparkStart = Math.floor(now / hour) * hour - 24 * hour;
  const [current, spreadBps, hourly, ...past] = await Promise.all([
    newestPair(db, pair, now),
    spreadOf(db, q.providerId),
    closesBetween(db, seriesAssets(pair.base, pair.quote), 'h', new Date(sparkStart - hour), new Date(now)),
    ...Object.values(HORIZONS_MS).map((ago) => pairAt(db, pair, now - ago, now)),
  ]);
  if (!current) return null;
  const [day, week, month, year] = past;
  const change = (then: PairPrice | null | undefined) => (then ? percentChange(then, current) : null);
  return {
    price: displayedPrice(current, spreadBps),
    change24h: change(day),
    change7d: change(week),
    change30d: change(month),
    change1y: change(year),
    sparkline: pairSeries(hourly, pair.base, pair.quote, sparkStart, hour).map((point) => displayedPrice(point, spreadBps)),
  };
}

/** The pair's change in percent over the last `agoMs` (null: no history that old), without the rest of priceChanges. */
export async function pairChange(db: Kysely<Database>, q: { base: string; quote: string; agoMs: number; now?: Date }): Promise<string | null> {
  const pair = pairOf(q.base, q.quote);
  if (!pair) return null;
  const now = (q.now ?? new Date()).getTime();
  const [current, then] = await Promise.all([newestPair(db, pair, now), pairAt(db, pair, now - q.agoMs, now)]);
  return current && then ? percentChange(then, current) : null;
}

/** The newest price: the last minute bar, else the last hour or day bar (the recorder was stopped). */
async function newestPair(db: Db, pair: { base: Asset; quote: Asset }, now: number): Promise<PairPrice | null> {
  const assets = seriesAssets(pair.base, pair.quote);
  for (const resolution of ['m', 'h', 'd'] as const) {
    const found = await lastCloses(db, assets, resolution, new Date(now), new Date(0));
    const priced = pricedPair(found, pair, now);
    if (priced) return priced;
  }
  return null;
}
