// Recording, rolling up and pruning price bars, with the time passed in (never the wall clock).

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Asset } from '#core/assets.ts';
import { formatPrice, parsePrice } from '#core/rate-math.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { openTestDatabase, testDatabases } from '../test-helper.ts';
import type { RateFeed } from './feed.ts';
import { pruneBars, upsertBars } from './price-bars.ts';
import { recordPrices, recorderRun } from './price-recorder.ts';
import { createTestFeed } from './test-feed.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-11-24T10:00:00Z');

const usd = (btc: string, eur = '1.08'): Map<Asset, bigint> =>
  new Map<Asset, bigint>([['BTC', parsePrice(btc) as bigint], ['EUR', parsePrice(eur) as bigint], ['USD', 10n ** 18n]]);

describe.each(testDatabases())('the price recorder on $name', ({ name }) => {
  let database: DatabaseHandle;
  const db = () => database.db;
  beforeAll(async () => {
    database = await openTestDatabase(name);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await db().deleteFrom('price_bars').execute();
  });

  const bar = async (asset: string, resolution: 'm' | 'h' | 'd', bucket: number) => {
    const row = await db().selectFrom('price_bars').selectAll().where('asset', '=', asset).where('resolution', '=', resolution).where('bucket', '=', new Date(bucket)).executeTakeFirst();
    return row ? [row.open, row.high, row.low, row.close].map((price) => formatPrice(parsePrice(String(price)) as bigint)) : null;
  };

  it('ticks inside one minute make one minute bar: the first opens it, the last closes it, high and low widen', async () => {
    await recordPrices(db(), usd('60000'), new Date(T0 + 5_000));
    await recordPrices(db(), usd('60300'), new Date(T0 + 25_000));
    await recordPrices(db(), usd('59900'), new Date(T0 + 45_000));
    await recordPrices(db(), usd('60100'), new Date(T0 + 59_000));
    expect(await bar('BTC', 'm', T0)).toEqual(['60000', '60300', '59900', '60100']);
    expect(await bar('EUR', 'm', T0)).toEqual(['1.08', '1.08', '1.08', '1.08']);
    // USD is 1 by definition and never stored.
    expect(await db().selectFrom('price_bars').select('asset').where('asset', '=', 'USD').execute()).toEqual([]);
  });

  it('rolls minutes up into their hour and hours into their day', async () => {
    const ticks: [number, string][] = [
      [T0, '100'],
      [T0 + 20 * 60_000, '130'],
      [T0 + 59 * 60_000, '110'],
      [T0 + HOUR, '90'],
      [T0 + HOUR + 30 * 60_000, '95'],
    ];
    for (const [time, price] of ticks) await recordPrices(db(), usd(price), new Date(time));
    expect(await bar('BTC', 'h', T0)).toEqual(['100', '130', '100', '110']);
    expect(await bar('BTC', 'h', T0 + HOUR)).toEqual(['90', '95', '90', '95']);
    expect(await bar('BTC', 'd', T0 - 10 * HOUR)).toEqual(['100', '130', '90', '95']);
  });

  it('recording the same tick twice, as two servers would, leaves the same rows', async () => {
    await recordPrices(db(), usd('60000'), new Date(T0 + 1000));
    const once = await db().selectFrom('price_bars').selectAll().orderBy('asset').orderBy('resolution').execute();
    await Promise.all([recordPrices(db(), usd('60000'), new Date(T0 + 1000)), recordPrices(db(), usd('60000'), new Date(T0 + 1000))]);
    expect(await db().selectFrom('price_bars').selectAll().orderBy('asset').orderBy('resolution').execute()).toEqual(once);
  });

  it.each([
    ['a minute bar of 47 h ago stays', 'm', 47 * HOUR, true],
    ['a minute bar of 49 h ago goes', 'm', 49 * HOUR, false],
    ['an hour bar of 34 days ago stays', 'h', 34 * DAY, true],
    ['an hour bar of 36 days ago goes', 'h', 36 * DAY, false],
    ['a day bar of three years ago stays', 'd', 3 * 365 * DAY, true],
  ] as const)('pruning: %s', async (_name, resolution, ageMs, kept) => {
    const price = 60_000n * 10n ** 18n;
    const bucket = new Date(T0 - ageMs);
    await upsertBars(db(), [{ asset: 'BTC', resolution, bucket, open: price, high: price, low: price, close: price }]);
    const removed = await pruneBars(db(), new Date(T0));
    expect(removed).toBe(kept ? 0 : 1);
    expect((await bar('BTC', resolution, bucket.getTime())) !== null).toBe(kept);
  });

  it('a run records the feed\'s prices and prunes at most once an hour', async () => {
    const old = new Date(T0 - 3 * DAY);
    const price = 1n * 10n ** 18n;
    const oldBar = { asset: 'ETH', resolution: 'm' as const, bucket: old, open: price, high: price, low: price, close: price };
    await upsertBars(db(), [oldBar]);
    const state = { lastPrunedAt: 0 };
    const feed = createTestFeed();
    expect(await recorderRun(db(), feed, new Date(T0), state)).toEqual({ recorded: true, pruned: 1 });
    expect(state.lastPrunedAt).toBe(T0);
    await upsertBars(db(), [oldBar]);
    expect(await recorderRun(db(), feed, new Date(T0 + 60_000), state)).toEqual({ recorded: true, pruned: 0 });
    expect(await recorderRun(db(), feed, new Date(T0 + HOUR), state)).toEqual({ recorded: true, pruned: 1 });
    const minutes = await db().selectFrom('price_bars').select('bucket').where('asset', '=', 'BTC').where('resolution', '=', 'm').orderBy('bucket').execute();
    expect(minutes.map((row) => row.bucket.getTime())).toEqual([T0, T0 + 60_000, T0 + HOUR]);
  });

  it('a feed failure records nothing and is reported', async () => {
    const failing: RateFeed = {
      source: 'live',
      latest: async () => ({ ok: false, code: 'rates_unavailable', reason: 'Kraken Ticker: HTTP 502' }),
    };
    const reasons: string[] = [];
    const run = await recorderRun(db(), failing, new Date(T0), { lastPrunedAt: T0 }, (failure) => reasons.push(failure.reason));
    expect(run).toEqual({ recorded: false, pruned: 0 });
    expect(reasons).toEqual(['Kraken Ticker: HTTP 502']);
    expect(await db().selectFrom('price_bars').select('asset').execute()).toEqual([]);
  });
});
