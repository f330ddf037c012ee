import { describe, expect, it } from 'vitest';
import { ASSETS } from '#core/assets.ts';
import { PRICE_SCALE } from '#core/rate-math.ts';
import { createTestFeed, testPriceUsd } from './test-feed.ts';

const T0 = Date.parse('2026-11-20T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** |a - b| / b in parts per million, in bigint. */
function movePpm(a: bigint, b: bigint): bigint {
  const diff = a > b ? a - b : b - a;
  return (diff * 1_000_000n) / b;
}

describe('the test feed', () => {
  it('is a pure function of time: the same instant gives the same prices, in any order, from any feed', async () => {
    const first = await createTestFeed().latest(new Date(T0 + 1234));
    await createTestFeed().latest(new Date(T0 + 99 * HOUR));
    const again = await createTestFeed().latest(new Date(T0 + 1234));
    if (!first.ok || !again.ok) throw new Error('the test feed never fails');
    expect([...again.snapshot.usd]).toEqual([...first.snapshot.usd]);
    expect(first.snapshot.source).toBe('test');
    expect(first.snapshot.asOf.toISOString()).toBe('2026-11-20T12:00:01.000Z');
  });

  it('has a price for every asset, USD exactly 1', async () => {
    const result = await createTestFeed().latest(new Date(T0));
    if (!result.ok) throw new Error('the test feed never fails');
    expect([...result.snapshot.usd.keys()].sort()).toEqual([...ASSETS].sort());
    expect(result.snapshot.usd.get('USD')).toBe(PRICE_SCALE);
  });

  it('BTC moves a little minute to minute, more over hours, and stays within a few percent of its base', () => {
    const now = testPriceUsd('BTC', T0);
    const minuteLater = testPriceUsd('BTC', T0 + MINUTE);
    expect(minuteLater).not.toBe(now);
    expect(movePpm(minuteLater, now)).toBeLessThan(3_000n); // under 0.3 % in a minute
    let lowest = now;
    let highest = now;
    for (let t = T0; t < T0 + 24 * HOUR; t += 5 * MINUTE) {
      const price = testPriceUsd('BTC', t);
      if (price < lowest) lowest = price;
      if (price > highest) highest = price;
    }
    expect(movePpm(highest, lowest)).toBeGreaterThan(20_000n); // more than 2 % over a day
    const base = 60_000n * PRICE_SCALE;
    expect(movePpm(highest, base)).toBeLessThan(40_000n);
    expect(movePpm(lowest, base)).toBeLessThan(40_000n);
  });

  it('assets move independently (per-asset phases)', () => {
    const btc = testPriceUsd('BTC', T0 + HOUR) * 1_000_000n / testPriceUsd('BTC', T0);
    const eth = testPriceUsd('ETH', T0 + HOUR) * 1_000_000n / testPriceUsd('ETH', T0);
    expect(btc).not.toBe(eth);
  });

  it('stablecoins stay within 0.1 % of a dollar', () => {
    for (let t = T0; t < T0 + 24 * HOUR; t += 17 * MINUTE) {
      expect(movePpm(testPriceUsd('USDT', t), PRICE_SCALE)).toBeLessThan(1_000n);
    }
  });
});
