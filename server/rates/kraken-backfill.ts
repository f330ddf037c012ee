// Live mode's past: what the recorder was not running for is filled from Kraken's public OHLC
// (https://api.kraken.com/0/public/OHLC?pair=XBTUSD&interval=1440&since=...), per asset against USD
// as the live feed reads it. Kraken answers at most 720 candles a call: daily candles cover two years,
// hourly ones 30 days, and 5-minute ones 60 hours. Minute candles (interval=1) would cover only 12 hours,
// less than the 1d chart shows, so the minutes are filled from 5-minute candles, each written as the
// minute bar at its start: the 1d chart's own spacing, and the hour rollup reads them like any minute.
//
// A series is fetched only when it has a hole: it does not reach back over its window (the recorder's
// own bars start when the server did), it has a gap of more than two candles, or it is behind (its
// newest bar older than two candles), and then from the hole on. Bars are upserted, so a second
// backfill, or two servers backfilling, write the same rows. Requests are spaced (Kraken's public limit is about one a second) and stop at once
// when the app closes. Failures are values: the caller logs them and tries again later.

import { sql } from 'kysely';
import type { Asset } from '#core/assets.ts';
import type { Db } from '../db/db.ts';
import { KRAKEN_BASE_URL, KRAKEN_PAIRS, type FetchLike } from './kraken-feed.ts';
import { parseOhlc } from './kraken-ohlc.ts';
import { BAR_RETENTION_MS, BAR_STEP_MS, upsertBars, type BarResolution } from './price-bars.ts';

/**
 * Kraken's interval (minutes) for each resolution, the spacing of the candles it answers, and the window
 * a series should cover: a year of days, 29 days of hours and 47 hours of minutes, each inside the 720
 * candles one call answers and inside what the table keeps.
 */
export const BACKFILL_INTERVALS: Record<BarResolution, { interval: number; spacingMs: number; windowMs: number }> = {
  d: { interval: 1440, spacingMs: BAR_STEP_MS.d, windowMs: 365 * BAR_STEP_MS.d },
  h: { interval: 60, spacingMs: BAR_STEP_MS.h, windowMs: 29 * BAR_STEP_MS.d },
  m: { interval: 5, spacingMs: 5 * BAR_STEP_MS.m, windowMs: 47 * BAR_STEP_MS.h },
};

export interface KrakenBackfillOptions {
  fetch?: FetchLike;
  baseUrl?: string;
  /** Give up on one call after this long (default 10000 ms). */
  timeoutMs?: number;
  /** Wait between two calls (default 1100 ms, under Kraken's public rate limit). */
  pauseMs?: number;
  /** Checked between calls: true stops the backfill (the app is closing). */
  stopped?: () => boolean;
}

export interface BackfillReport {
  /** Bars written per "ASSET:resolution". */
  written: Record<string, number>;
  /** What failed, for the log; those series are tried again at the next backfill. */
  failures: string[];
}

interface Coverage {
  first: number | null;
  last: number | null;
  /** The bar before the oldest hole wider than two candles, if any. */
  gapFrom: number | null;
}

/** Where one series starts and ends inside the window, and its oldest hole (the recorder's own bars fill only from its start on). */
async function coverage(db: Db, asset: string, resolution: BarResolution, from: Date, spacingMs: number): Promise<Coverage> {
  const { rows } = await sql<{ first: Date | null; last: Date | null; gap_from: Date | null }>`
    WITH series AS (
      SELECT bucket, lag(bucket) OVER (ORDER BY bucket) AS previous
        FROM price_bars
       WHERE asset = ${asset} AND resolution = ${resolution} AND bucket >= ${from}::timestamptz)
    SELECT (SELECT min(bucket) FROM series) AS first,
           (SELECT max(bucket) FROM series) AS last,
           (SELECT min(previous) FROM series WHERE extract(epoch FROM bucket - previous) * 1000 > ${2 * spacingMs}) AS gap_from`.execute(db);
  const row = rows[0];
  const time = (value: Date | null | undefined) => (value ? new Date(value).getTime() : null);
  return { first: time(row?.first), last: time(row?.last), gapFrom: time(row?.gap_from) };
}

/**
 * What to ask Kraken for: nothing when the series covers its window without holes; from a hole or
 * from its newest bar when that is all that is missing; everything Kraken has (its last 720 candles)
 * when the series does not reach back to the window's start.
 */
export function backfillSince(found: Coverage, windowStart: number, now: number, spacingMs: number): { fetch: false } | { fetch: true; since: number | null } {
  if (found.first === null || found.first - windowStart > 2 * spacingMs) return { fetch: true, since: null };
  if (found.gapFrom !== null) return { fetch: true, since: found.gapFrom };
  if (found.last !== null && now - found.last > 2 * spacingMs) return { fetch: true, since: found.last };
  return { fetch: false };
}

export async function backfillFromKraken(db: Db, now: Date, options: KrakenBackfillOptions = {}): Promise<BackfillReport> {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const baseUrl = options.baseUrl ?? KRAKEN_BASE_URL;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pauseMs = options.pauseMs ?? 1100;
  const report: BackfillReport = { written: {}, failures: [] };
  let calls = 0;
  for (const [asset, entry] of Object.entries(KRAKEN_PAIRS) as [Exclude<Asset, 'USD'>, (typeof KRAKEN_PAIRS)['BTC']][]) {
    for (const resolution of ['d', 'h', 'm'] as const) {
      const { interval, spacingMs, windowMs } = BACKFILL_INTERVALS[resolution];
      const windowStart = now.getTime() - windowMs;
      const wanted = backfillSince(await coverage(db, asset, resolution, new Date(windowStart), spacingMs), windowStart, now.getTime(), spacingMs);
      if (!wanted.fetch) continue;
      if (options.stopped?.()) return report;
      if (calls > 0 && pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      calls += 1;
      const since = wanted.since === null ? '' : `&since=${Math.floor(wanted.since / 1000)}`;
      const url = `${baseUrl}/OHLC?pair=${entry.pair}&interval=${interval}${since}`;
      let body: unknown;
      try {
        const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
        if (!response.ok) {
          report.failures.push(`Kraken OHLC ${entry.pair} interval ${interval}: HTTP ${response.status}`);
          continue;
        }
        body = await response.json();
      } catch (error) {
        report.failures.push(`Kraken OHLC ${entry.pair} interval ${interval}: ${error instanceof Error ? error.name : 'Error'}: ${String(error)}`);
        continue;
      }
      const parsed = parseOhlc(body, entry);
      if (!parsed.ok) {
        report.failures.push(parsed.reason);
        continue;
      }
      // Candles older than the resolution keeps would only be pruned again within the hour.
      const keepMs = BAR_RETENTION_MS[resolution];
      const oldest = keepMs === null ? -Infinity : now.getTime() - keepMs;
      const bars = parsed.candles
        .filter((candle) => candle.time >= oldest && candle.time <= now.getTime())
        .map((candle) => ({ asset, resolution, bucket: new Date(candle.time), open: candle.open, high: candle.high, low: candle.low, close: candle.close }));
      await upsertBars(db, bars);
      report.written[`${asset}:${resolution}`] = bars.length;
    }
  }
  return report;
}
