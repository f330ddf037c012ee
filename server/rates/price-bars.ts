// The price_bars table (migration 0035): writing bars, rolling finer bars up into coarser ones, pruning
// what downsampling no longer keeps, and reading closes back. A bar holds one asset's USD price as
// fixed point (core/rate-math.ts); USD itself has no rows, since its price is 1 by definition.
// Every write is an upsert keyed by (asset, resolution, bucket), so writing the same bar twice, or
// from two servers at once, leaves one row with the same figures.

import { sql } from 'kysely';
import { formatPrice, parsePrice } from '#core/rate-math.ts';
import type { Db } from '../db/db.ts';
import type { BarResolution } from '../db/tables/price-bars.ts';

export type { BarResolution } from '../db/tables/price-bars.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const BAR_STEP_MS: Record<BarResolution, number> = { m: MINUTE_MS, h: HOUR_MS, d: DAY_MS };

/**
 * How long bars are kept: minutes for 48 h (the 1d chart and the 24 h change need 24 h), hours for
 * 35 days (the 30d chart needs 30), days forever (a year's chart is 365 rows per asset).
 */
export const BAR_RETENTION_MS: Record<BarResolution, number | null> = { m: 48 * HOUR_MS, h: 35 * DAY_MS, d: null };

/** Bars per statement: a bound on one statement's size (about 100 bytes a bar). */
const ROWS_PER_INSERT = 5000;

export interface Bar {
  asset: string;
  resolution: BarResolution;
  bucket: Date;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
}

export function bucketStart(time: number, resolution: BarResolution): number {
  const step = BAR_STEP_MS[resolution];
  return Math.floor(time / step) * step;
}

/**
 * Writes whole bars (the seed, a backfill), replacing any bar of the same key. The rows go as seven
 * arrays through unnest(): one statement of seven parameters per chunk, which PostgreSQL and PGlite
 * parse and plan once, about four times faster than a VALUES list of the same rows.
 */
export async function upsertBars(db: Db, bars: readonly Bar[]): Promise<void> {
  for (let index = 0; index < bars.length; index += ROWS_PER_INSERT) {
    const chunk = bars.slice(index, index + ROWS_PER_INSERT);
    const column = (pick: (bar: Bar) => string) => `{${chunk.map(pick).join(',')}}`;
    await sql`
      INSERT INTO price_bars (asset, resolution, bucket, open, high, low, close)
      SELECT * FROM unnest(${column((bar) => bar.asset)}::text[], ${column((bar) => bar.resolution)}::char(1)[],
                           ${column((bar) => bar.bucket.toISOString())}::timestamptz[],
                           ${column((bar) => formatPrice(bar.open))}::numeric[], ${column((bar) => formatPrice(bar.high))}::numeric[],
                           ${column((bar) => formatPrice(bar.low))}::numeric[], ${column((bar) => formatPrice(bar.close))}::numeric[])
      ON CONFLICT (asset, resolution, bucket)
      DO UPDATE SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close`.execute(db);
  }
}

/**
 * One observed price per asset into the minute bar of `at`: the first tick of a minute opens it, every
 * later one moves its close and widens its high and low. Ticks of one minute may come in any order
 * from several servers; the close is the last one written, which is the price a minute later anyway.
 */
export async function recordTick(db: Db, prices: ReadonlyMap<string, bigint>, at: Date): Promise<void> {
  const bucket = new Date(bucketStart(at.getTime(), 'm'));
  const rows = [...prices].map(([asset, price]) => {
    const text = formatPrice(price);
    return { asset, resolution: 'm' as const, bucket, open: text, high: text, low: text, close: text };
  });
  if (rows.length === 0) return;
  await db
    .insertInto('price_bars')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['asset', 'resolution', 'bucket']).doUpdateSet({
        high: sql`greatest(price_bars.high, excluded.high)`,
        low: sql`least(price_bars.low, excluded.low)`,
        close: sql`excluded.close`,
      }),
    )
    .execute();
}

const COARSER: Record<'m' | 'h', BarResolution> = { m: 'h', h: 'd' };

/**
 * Rebuilds the coarser bar that contains `at` from the finer bars inside it (minutes -> hour, hours ->
 * day): the first open, the highest high, the lowest low, the last close. Recomputed from the finer
 * bars each time, so running it again, or on two servers, gives the same bar.
 */
export async function rollUp(db: Db, finer: 'm' | 'h', at: Date): Promise<void> {
  const coarser = COARSER[finer];
  const start = new Date(bucketStart(at.getTime(), coarser));
  const end = new Date(start.getTime() + BAR_STEP_MS[coarser]);
  await sql`
    INSERT INTO price_bars (asset, resolution, bucket, open, high, low, close)
    SELECT asset, ${coarser}, ${start}::timestamptz,
           (array_agg(open ORDER BY bucket))[1], max(high), min(low), (array_agg(close ORDER BY bucket DESC))[1]
      FROM price_bars
     WHERE resolution = ${finer} AND bucket >= ${start}::timestamptz AND bucket < ${end}::timestamptz
     GROUP BY asset
    ON CONFLICT (asset, resolution, bucket)
    DO UPDATE SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close`.execute(db);
}

/** Deletes minute and hour bars older than BAR_RETENTION_MS; answers how many went. */
export async function pruneBars(db: Db, now: Date): Promise<number> {
  let removed = 0;
  for (const resolution of ['m', 'h'] as const) {
    const keepMs = BAR_RETENTION_MS[resolution] as number;
    const result = await db
      .deleteFrom('price_bars')
      .where('resolution', '=', resolution)
      .where('bucket', '<', new Date(now.getTime() - keepMs))
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

export interface Close {
  asset: string;
  /** Milliseconds since the epoch: the bar's start. */
  time: number;
  close: bigint;
}

function close(row: { asset: string; bucket: Date; close: string }): Close {
  const price = parsePrice(String(row.close));
  if (price === null) throw new RangeError(`price_bars: ${row.asset} at ${row.bucket.toISOString()} has no positive close`);
  return { asset: row.asset, time: row.bucket.getTime(), close: price };
}

/**
 * Closes of `assets` at one resolution with from <= bucket <= to, oldest first. Each asset's closes come
 * back as one "seconds:close,..." string (string_agg): a year of days is 367 rows a series, and one row
 * instead of hundreds is about three times faster on PGlite, where every row crosses the wasm boundary.
 */
export async function closesBetween(db: Db, assets: readonly string[], resolution: BarResolution, from: Date, to: Date): Promise<Close[]> {
  if (assets.length === 0) return [];
  const { rows } = await sql<{ asset: string; closes: string }>`
    SELECT asset, string_agg((extract(epoch FROM bucket))::bigint || ':' || close, ',' ORDER BY bucket) AS closes
      FROM price_bars
     WHERE asset IN (${sql.join(assets)}) AND resolution = ${resolution} AND bucket >= ${from}::timestamptz AND bucket <= ${to}::timestamptz
     GROUP BY asset`.execute(db);
  const closes: Close[] = [];
  for (const row of rows) {
    for (const entry of row.closes.split(',')) {
      const [seconds = '', text = ''] = entry.split(':');
      const price = parsePrice(text);
      if (price === null) throw new RangeError(`price_bars: ${row.asset} at ${seconds} has no positive close`);
      closes.push({ asset: row.asset, time: Number(seconds) * 1000, close: price });
    }
  }
  // Each asset's closes are in order; the merge puts the two series in one timeline.
  return closes.sort((a, b) => a.time - b.time);
}

/** Each asset's last close at one resolution with notBefore <= bucket <= at (none: the asset is left out). */
export async function lastCloses(db: Db, assets: readonly string[], resolution: BarResolution, at: Date, notBefore: Date): Promise<Map<string, Close>> {
  const found = new Map<string, Close>();
  await Promise.all(
    assets.map(async (asset) => {
      const row = await db
        .selectFrom('price_bars')
        .select(['asset', 'bucket', 'close'])
        .where('asset', '=', asset)
        .where('resolution', '=', resolution)
        .where('bucket', '<=', at)
        .where('bucket', '>=', notBefore)
        .orderBy('bucket', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (row) found.set(asset, close(row));
    }),
  );
  return found;
}
