// chartRates and priceChanges over the seeded test history at a fixed moment: each range's spacing and
// point count, the provider's spread, the changes, and null where there is nothing to answer.

import { beforeAll, describe, expect, it } from 'vitest';
import { PRICE_SCALE } from '#core/rate-math.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { displayedPrice, percentChange } from './pair-series.ts';
import { chartRates, pairChange, priceChanges, type ChartRange } from './price-history.ts';
import { providerIdOf } from './rates-test-kit.ts';
import { seedTestHistory, testHistoryBars } from './test-history.ts';

const NOW = new Date('2026-11-24T12:34:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The seeded close of `asset` in the bar of `resolution` that starts at `time`. */
function seededClose(asset: 'BTC' | 'EUR', resolution: 'm' | 'h' | 'd', time: number): bigint {
  const bar = testHistoryBars(asset, NOW).find((one) => one.resolution === resolution && one.bucket.getTime() === time);
  if (!bar) throw new Error(`no seeded ${asset} ${resolution} bar at ${new Date(time).toISOString()}`);
  return bar.close;
}

describe.each(testDatabases())('price history reads on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;
  let wl1: bigint;
  let wl2: bigint;
  beforeAll(async () => {
    await seedTestHistory(db(), NOW, ['BTC', 'EUR', 'ETH']);
    wl1 = await providerIdOf(db(), '1');
    wl2 = await providerIdOf(db(), '2');
  });

  it.each([
    ['1d', 288, 300],
    ['7d', 168, 3600],
    ['30d', 180, 14_400],
    ['1y', 365, 86_400],
  ] as const)('%s answers %i points %i s apart, oldest first, the last one now', async (range, count, stepS) => {
    const chart = await chartRates(db(), { providerId: wl1, base: 'BTC', quote: 'EUR', range, now: NOW });
    expect(chart?.points).toHaveLength(count);
    const times = chart?.points.map((point) => point.t) ?? [];
    times.slice(1).forEach((time, index) => expect(time - (times[index] as number)).toBe(stepS));
    expect(NOW.getTime() / 1000 - (times.at(-1) as number)).toBeLessThan(stepS);
    expect(Number(chart?.points[0]?.price)).toBeGreaterThan(30_000);
  });

  it('a point is the last close in its interval at the provider\'s price; the change runs from the first point to the last', async () => {
    const chart = await chartRates(db(), { providerId: wl1, base: 'BTC', quote: 'EUR', range: '1y', now: NOW });
    const first = chart?.points[0];
    const last = chart?.points.at(-1);
    if (!first || !last) throw new Error('no chart');
    const at = (point: { t: number }) => ({ base: seededClose('BTC', 'd', point.t * 1000), quote: seededClose('EUR', 'd', point.t * 1000) });
    expect(first.price).toBe(displayedPrice(at(first), 50));
    expect(last.price).toBe(displayedPrice(at(last), 50));
    expect(chart?.change).toBe(percentChange(at(first), at(last)));
  });

  it('prices per provider: wl2\'s wider spread (0.80 % against 0.50 %) shows every point about 0.3 % lower, with the same change', async () => {
    const [one, two] = await Promise.all(
      [wl1, wl2].map((providerId) => chartRates(db(), { providerId, base: 'BTC', quote: 'EUR', range: '7d', now: NOW })),
    );
    one?.points.forEach((point, index) => {
      const ratio = Number(two?.points[index]?.price) / Number(point.price);
      expect(ratio).toBeCloseTo(0.992 / 0.995, 9);
    });
    expect(two?.change).toBe(one?.change);
  });

  it('a pair against USD needs only the coin\'s series; the inverse pair is the inverse price', async () => {
    const usd = await chartRates(db(), { providerId: wl1, base: 'BTC', quote: 'USD', range: '1d', now: NOW });
    expect(usd?.points.at(-1)?.price).toBe(displayedPrice({ base: seededClose('BTC', 'm', NOW.getTime()), quote: PRICE_SCALE }, 50));
    const inverse = await chartRates(db(), { providerId: wl1, base: 'EUR', quote: 'BTC', range: '1d', now: NOW });
    expect(Number(inverse?.points.at(-1)?.price)).toBeLessThan(0.0001);
  });

  it.each([
    ['an unknown asset', 'XRP', 'EUR', '1d', NOW],
    ['a pair of one asset', 'BTC', 'BTC', '1d', NOW],
    ['an asset without history', 'LTC', 'EUR', '1y', NOW],
    ['a time before any history', 'BTC', 'EUR', '1d', new Date('2020-01-01T00:00:00Z')],
  ] as const)('%s answers null', async (_name, base, quote, range, now) => {
    expect(await chartRates(db(), { providerId: wl1, base, quote, range: range as ChartRange, now })).toBeNull();
  });

  it('priceChanges: the price now, each change against the bar that old, and an hourly sparkline of the last day', async () => {
    const changes = await priceChanges(db(), { providerId: wl1, base: 'BTC', quote: 'EUR', now: NOW });
    if (!changes) throw new Error('no changes');
    const now = { base: seededClose('BTC', 'm', NOW.getTime()), quote: seededClose('EUR', 'm', NOW.getTime()) };
    expect(changes.price).toBe(displayedPrice(now, 50));
    const dayAgo = NOW.getTime() - DAY;
    expect(changes.change24h).toBe(percentChange({ base: seededClose('BTC', 'm', dayAgo), quote: seededClose('EUR', 'm', dayAgo) }, now));
    const weekAgo = NOW.getTime() - 7 * DAY - 34 * MINUTE;
    expect(changes.change7d).toBe(percentChange({ base: seededClose('BTC', 'h', weekAgo), quote: seededClose('EUR', 'h', weekAgo) }, now));
    const yearAgo = Date.parse('2025-11-24T00:00:00Z');
    expect(changes.change1y).toBe(percentChange({ base: seededClose('BTC', 'd', yearAgo), quote: seededClose('EUR', 'd', yearAgo) }, now));
    expect(changes.change30d).toMatch(/^-?\d+\.\d\d$/);
    expect(changes.sparkline).toHaveLength(25);
    expect(changes.sparkline.at(-1)).toBe(displayedPrice({ base: seededClose('BTC', 'h', NOW.getTime() - 34 * MINUTE), quote: seededClose('EUR', 'h', NOW.getTime() - 34 * MINUTE) }, 50));
    expect(await pairChange(db(), { base: 'BTC', quote: 'EUR', agoMs: DAY, now: NOW })).toBe(changes.change24h);
  });

  it('priceChanges: a change older than the history is null; an unknown pair is null', async () => {
    const changes = await priceChanges(db(), { providerId: wl1, base: 'BTC', quote: 'EUR', now: new Date(NOW.getTime() - 300 * DAY) });
    expect(changes?.change30d).not.toBeNull();
    expect(changes?.change1y).toBeNull();
    expect(await priceChanges(db(), { providerId: wl1, base: 'LTC', quote: 'EUR', now: NOW })).toBeNull();
    expect(await priceChanges(db(), { providerId: wl1, base: 'BTC', quote: 'NOPE', now: NOW })).toBeNull();
  });
});
