// What every price source offers the rest of the server: the mid price of each asset in USD now.
// Charts read the recorded history instead (price-history.ts, filled by the recorder). Every pair is derived from these USD prices (A_B =
// usd(A) / usd(B)), so a source needs one quote per asset instead of one per pair.
// Prices are fixed point with 18 decimals (core/rate-math.ts PRICE_SCALE); never floats.

import type { Asset } from '#core/assets.ts';
import type { ChartRange } from '#core/contract/rates.ts';

export type FeedSource = 'test' | 'live';

export interface PriceSnapshot {
  /** When the prices were taken (the test feed: the second asked for; live: when fetched). */
  asOf: Date;
  source: FeedSource;
  /** Price of one unit of each asset in USD (USD itself is exactly 1). Every asset of ASSETS is present. */
  usd: ReadonlyMap<Asset, bigint>;
}

export interface FeedFailure {
  ok: false;
  code: 'rates_unavailable';
  /** For the log: what went wrong upstream. Never shown to a member. */
  reason: string;
}

export type SnapshotResult = { ok: true; snapshot: PriceSnapshot } | FeedFailure;

export interface RateFeed {
  readonly source: FeedSource;
  latest(now: Date): Promise<SnapshotResult>;
}

const MINUTE_MS = 60_000;

/** Spacing and number of chart points per range (getChartRates): 1d in 5-minute points, 7d hourly, 30d 4-hourly, 1y daily. */
export const CHART_STEPS: Record<ChartRange, { stepMs: number; count: number }> = {
  '1d': { stepMs: 5 * MINUTE_MS, count: 288 },
  '7d': { stepMs: 60 * MINUTE_MS, count: 168 },
  '30d': { stepMs: 240 * MINUTE_MS, count: 180 },
  '1y': { stepMs: 1440 * MINUTE_MS, count: 365 },
};

export function unavailable(reason: string): FeedFailure {
  return { ok: false, code: 'rates_unavailable', reason };
}
