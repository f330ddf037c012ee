// Test mode's past: a year of history for the TEST feed, written once when an asset has none. The test
// feed's own waves last at most six hours, so a year of them alone would be flat noise; the seed
// multiplies them by a slow random walk, one step a UTC day, whose steps come from a PRNG seeded by
// the asset and the day's number. The walk is anchored at `now` (factor 1), so the newest bars are
// exactly the prices the test feed answers and the recorder keeps writing; and, since each day's step
// is fixed, seeding again at the same `now` writes the same rows, at any other `now` the same shape.
// After the first start, a restart fills the time the server was stopped with the test feed's own
// prices, as the recorder would have, so the charts have no hole.
//
// Floats shape the test market only: the walk's factor is quantised to 1e-9 and applied in bigint,
// like the test feed's wobble.

import { ASSETS, type Asset } from '#core/assets.ts';
import type { Db } from '../db/db.ts';
import { BAR_RETENTION_MS, BAR_STEP_MS, bucketStart, upsertBars, type Bar, type BarResolution } from './price-bars.ts';
import { TEST_VOLATILITY, testPriceUsd } from './test-feed.ts';

const DAY_MS = BAR_STEP_MS.d;
const FACTOR_QUANTUM = 1_000_000_000;

/** Every asset with a price series (USD is 1 and has none). */
export const HISTORY_ASSETS: readonly Asset[] = ASSETS.filter((asset) => asset !== 'USD');

/** A day's standard deviation of BTC's walk: about what BTC moves in a day. Other assets scale by their test volatility. */
const DAILY_SIGMA = 0.03;

/** What the seed writes per asset: days for a year, hours for a month, minutes for a day (and a little more each, so every range is full). */
export const SEED_SPAN: Record<BarResolution, { count: number; samples: number }> = {
  d: { count: 367, samples: 6 },
  h: { count: 31 * 24, samples: 4 },
  m: { count: 24 * 60 + 10, samples: 1 },
};

/** mulberry32: a small, well-mixed 32-bit PRNG; plenty for a test market. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The walk's log-step for one asset on one UTC day: normal (Box-Muller), the same on every machine and run. */
function dailyStep(asset: Asset, day: number): number {
  let hash = 2_166_136_261;
  for (const char of `${asset}:${day}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  const random = mulberry32(hash);
  const u1 = Math.max(random(), 1e-12);
  const u2 = random();
  const normal = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  return normal * DAILY_SIGMA * TEST_VOLATILITY[asset];
}

/**
 * The seeded price of `asset`: the test feed's price times exp(walk(t) - walk(now)). The walk is linear
 * between day boundaries, so prices inside a day change smoothly from one day's level to the next.
 */
export class TestHistory {
  readonly #asset: Asset;
  readonly #now: number;
  readonly #firstDay: number;
  /** #offset[k]: walk(now) - walk(start of day firstDay + k), in log units. */
  readonly #offset: number[];

  constructor(asset: Asset, now: Date, days: number) {
    this.#asset = asset;
    this.#now = now.getTime();
    const nowDay = Math.floor(this.#now / DAY_MS);
    this.#firstDay = nowDay - days;
    const fraction = (this.#now - nowDay * DAY_MS) / DAY_MS;
    this.#offset = new Array<number>(days + 1);
    let sum = fraction * dailyStep(asset, nowDay);
    this.#offset[days] = sum;
    for (let k = days - 1; k >= 0; k -= 1) {
      sum += dailyStep(asset, this.#firstDay + k);
      this.#offset[k] = sum;
    }
  }

  priceAt(time: number): bigint {
    const feed = testPriceUsd(this.#asset, time);
    if (TEST_VOLATILITY[this.#asset] === 0) return feed;
    const day = Math.floor(time / DAY_MS);
    const k = day - this.#firstDay;
    const start = this.#offset[k];
    if (start === undefined) throw new RangeError(`TestHistory: ${new Date(time).toISOString()} is outside the seeded span`);
    const fraction = (time - day * DAY_MS) / DAY_MS;
    const logFactor = -(start - fraction * dailyStep(this.#asset, day));
    const factor = BigInt(Math.round(Math.exp(logFactor) * FACTOR_QUANTUM));
    return (feed * factor) / BigInt(FACTOR_QUANTUM);
  }
}

/** Bars of one resolution for `asset` from the bar starting at `first` to the one containing `now`; sampled inside each bar up to `now`. */
function barsOver(priceAt: (time: number) => bigint, asset: Asset, resolution: BarResolution, first: number, now: Date): Bar[] {
  const { samples } = SEED_SPAN[resolution];
  const step = BAR_STEP_MS[resolution];
  const bars: Bar[] = [];
  for (let start = first; start <= now.getTime(); start += step) {
    const prices: bigint[] = [];
    for (let sample = 0; sample < samples; sample += 1) {
      const time = start + Math.floor((sample * step) / samples);
      if (time > now.getTime()) break;
      prices.push(priceAt(time));
    }
    const open = prices[0] as bigint;
    const close = prices[prices.length - 1] as bigint;
    let high = open;
    let low = open;
    for (const price of prices) {
      if (price > high) high = price;
      if (price < low) low = price;
    }
    bars.push({ asset, resolution, bucket: new Date(start), open, high, low, close });
  }
  return bars;
}

/** SEED_SPAN[resolution].count bars for `asset`, the newest being the one that contains `now`. */
function seedBars(history: TestHistory, asset: Asset, resolution: BarResolution, now: Date): Bar[] {
  const first = bucketStart(now.getTime(), resolution) - (SEED_SPAN[resolution].count - 1) * BAR_STEP_MS[resolution];
  return barsOver((time) => history.priceAt(time), asset, resolution, first, now);
}

/** Every bar the seed writes for one asset at `now`: deterministic in (asset, now). */
export function testHistoryBars(asset: Asset, now: Date): Bar[] {
  const history = new TestHistory(asset, now, SEED_SPAN.d.count + 1);
  return (['d', 'h', 'm'] as const).flatMap((resolution) => seedBars(history, asset, resolution, now));
}

/**
 * Seeds each asset that has no daily bars yet, and fills the time the server was stopped for the others
 * with the test feed's own prices (what the recorder would have written, so both ends join); answers the
 * assets it seeded. Safe to run twice or on two servers (upserts).
 */
export async function seedTestHistory(db: Db, now: Date, assets: readonly Asset[] = HISTORY_ASSETS): Promise<Asset[]> {
  const newest = await db
    .selectFrom('price_bars')
    .select(['asset', 'resolution', (eb) => eb.fn.max('bucket').as('newest')])
    .where('asset', 'in', assets)
    .groupBy(['asset', 'resolution'])
    .execute();
  const newestOf = new Map(newest.map((row) => [`${row.asset}:${row.resolution}`, new Date(row.newest).getTime()]));
  const missing = assets.filter((asset) => !newestOf.has(`${asset}:d`));
  const bars = missing.flatMap((asset) => testHistoryBars(asset, now));
  for (const asset of assets.filter((one) => !missing.includes(one))) {
    for (const resolution of ['d', 'h', 'm'] as const) {
      const step = BAR_STEP_MS[resolution];
      const keepMs = BAR_RETENTION_MS[resolution];
      const after = newestOf.get(`${asset}:${resolution}`);
      const oldestKept = keepMs === null ? -Infinity : bucketStart(now.getTime() - keepMs, resolution) + step;
      const first = Math.max(after === undefined ? -Infinity : after + step, oldestKept);
      if (Number.isFinite(first) && first <= now.getTime()) bars.push(...barsOver((time) => testPriceUsd(asset, time), asset, resolution, first, now));
    }
  }
  if (bars.length > 0) await upsertBars(db, bars);
  return missing;
}
