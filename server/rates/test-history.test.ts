// The test feed's seeded year: deterministic, anchored to the test feed's own prices, and written once.

import { describe, expect, it } from 'vitest';
import { PRICE_SCALE, parsePrice } from '#core/rate-math.ts';
import { openTestDatabase, testDatabases } from '../test-helper.ts';
import { HISTORY_ASSETS, SEED_SPAN, seedTestHistory, testHistoryBars } from './test-history.ts';
import { testPriceUsd } from './test-feed.ts';

const NOW = new Date('2026-11-24T12:34:00Z');

/** |a - b| / b in parts per million. */
function movePpm(a: bigint, b: bigint): bigint {
  const diff = a > b ? a - b : b - a;
  return (diff * 1_000_000n) / b;
}

describe('the seeded test history', () => {
  it('is the same bars every time it is made for the same moment', () => {
    expect(testHistoryBars('BTC', NOW)).toEqual(testHistoryBars('BTC', NOW));
  });

  it('ends at the test feed\'s own price, so the recorder carries on where the seed stopped', () => {
    const bars = testHistoryBars('ETH', NOW);
    const minute = bars.filter((bar) => bar.resolution === 'm').at(-1);
    expect(minute?.bucket).toEqual(NOW);
    expect(minute?.close).toBe(testPriceUsd('ETH', NOW.getTime()));
  });

  it.each([
    ['d', SEED_SPAN.d.count, 86_400_000],
    ['h', SEED_SPAN.h.count, 3_600_000],
    ['m', SEED_SPAN.m.count, 60_000],
  ] as const)('writes %s bars: %i of them, one step apart, the newest containing now', (resolution, count, step) => {
    const bars = testHistoryBars('BTC', NOW).filter((bar) => bar.resolution === resolution);
    expect(bars).toHaveLength(count);
    bars.slice(1).forEach((bar, index) => expect(bar.bucket.getTime() - (bars[index] as (typeof bars)[number]).bucket.getTime()).toBe(step));
    const newest = bars.at(-1)?.bucket.getTime() as number;
    expect(newest).toBeLessThanOrEqual(NOW.getTime());
    expect(NOW.getTime() - newest).toBeLessThan(step);
    for (const bar of bars) {
      expect(bar.high >= bar.open && bar.high >= bar.close && bar.low <= bar.open && bar.low <= bar.close).toBe(true);
    }
  });

  it('moves BTC over a year far more than the test feed\'s six-hour waves do, and keeps stablecoins near a dollar', () => {
    const closes = (asset: 'BTC' | 'USDT') => testHistoryBars(asset, NOW).filter((bar) => bar.resolution === 'd').map((bar) => bar.close);
    const btc = closes('BTC');
    const highest = btc.reduce((a, b) => (a > b ? a : b));
    const lowest = btc.reduce((a, b) => (a < b ? a : b));
    expect(movePpm(highest, lowest)).toBeGreaterThan(150_000n); // more than 15 % over the year
    for (const close of closes('USDT')) expect(movePpm(close, PRICE_SCALE)).toBeLessThan(10_000n);
  });

  it('a day later, the seed of that day has the same shape: the bars of a past day differ only by the new anchor', () => {
    const day = 86_400_000;
    const today = testHistoryBars('BTC', NOW).filter((bar) => bar.resolution === 'd');
    const tomorrow = testHistoryBars('BTC', new Date(NOW.getTime() + day)).filter((bar) => bar.resolution === 'd');
    // The same calendar day's bar from both seeds: the ratio between two days is the same in both.
    const pick = (bars: typeof today, time: number) => bars.find((bar) => bar.bucket.getTime() === time)?.close as bigint;
    const [a, b] = [Date.parse('2026-06-01T00:00:00Z'), Date.parse('2026-09-01T00:00:00Z')];
    const ratioToday = (pick(today, b) * 1_000_000n) / pick(today, a);
    const ratioTomorrow = (pick(tomorrow, b) * 1_000_000n) / pick(tomorrow, a);
    expect(Number(ratioToday - ratioTomorrow)).toBeLessThanOrEqual(1);
    expect(Number(ratioToday - ratioTomorrow)).toBeGreaterThanOrEqual(-1);
  });
});

describe.each(testDatabases())('seeding the test history on $name', ({ name }) => {
  it('writes each missing asset once; a second seed finds nothing missing and changes no row', async () => {
    const database = await openTestDatabase(name);
    try {
      const db = database.db;
      expect(await seedTestHistory(db, NOW, ['BTC', 'EUR'])).toEqual(['BTC', 'EUR']);
      const summary = () =>
        db
          .selectFrom('price_bars')
          .select(['asset', 'resolution', (eb) => eb.fn.countAll<string>().as('bars'), (eb) => eb.fn.sum<string>('close').as('closes'), (eb) => eb.fn.max('bucket').as('newest')])
          .groupBy(['asset', 'resolution'])
          .orderBy('asset')
          .orderBy('resolution')
          .execute();
      const first = await summary();
      expect(first.map((row) => [row.asset, row.resolution, Number(row.bars)])).toEqual([
        ['BTC', 'd', SEED_SPAN.d.count],
        ['BTC', 'h', SEED_SPAN.h.count],
        ['BTC', 'm', SEED_SPAN.m.count],
        ['EUR', 'd', SEED_SPAN.d.count],
        ['EUR', 'h', SEED_SPAN.h.count],
        ['EUR', 'm', SEED_SPAN.m.count],
      ]);
      expect(await seedTestHistory(db, NOW, ['BTC', 'EUR'])).toEqual([]);
      expect(await summary()).toEqual(first);
      // What was stored is what was made: the numeric column reads back as the same fixed-point price.
      const newest = await db.selectFrom('price_bars').select('close').where('asset', '=', 'BTC').where('resolution', '=', 'm').where('bucket', '=', NOW).executeTakeFirstOrThrow();
      expect(parsePrice(String(newest.close))).toBe(testPriceUsd('BTC', NOW.getTime()));
      // The rest of the assets are missing still, and the default seeds all of them.
      expect(await seedTestHistory(db, NOW)).toEqual(HISTORY_ASSETS.filter((asset) => asset !== 'BTC' && asset !== 'EUR'));
    } finally {
      await database.close();
    }
  });

  it('a restart three hours later fills the minutes and hours in between with the test feed\'s own prices', async () => {
    const database = await openTestDatabase(name);
    try {
      const db = database.db;
      await seedTestHistory(db, NOW, ['BTC']);
      const later = new Date(NOW.getTime() + 3 * 3_600_000 + 5 * 60_000);
      expect(await seedTestHistory(db, later, ['BTC'])).toEqual([]);
      const count = async (resolution: 'm' | 'h' | 'd') =>
        Number((await db.selectFrom('price_bars').select((eb) => eb.fn.countAll<string>().as('n')).where('asset', '=', 'BTC').where('resolution', '=', resolution).executeTakeFirstOrThrow()).n);
      expect(await count('m')).toBe(SEED_SPAN.m.count + 185);
      expect(await count('h')).toBe(SEED_SPAN.h.count + 3);
      expect(await count('d')).toBe(SEED_SPAN.d.count);
      const minute = await db.selectFrom('price_bars').select('close').where('asset', '=', 'BTC').where('resolution', '=', 'm').where('bucket', '=', new Date(NOW.getTime() + 60 * 60_000)).executeTakeFirstOrThrow();
      expect(parsePrice(String(minute.close))).toBe(testPriceUsd('BTC', NOW.getTime() + 60 * 60_000));
    } finally {
      await database.close();
    }
  });
});
