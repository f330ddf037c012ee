// Kraken's OHLC answer read into candles, against the recorded answers in fixtures/ (written by hand
// in Kraken's documented format).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '#core/rate-math.ts';
import { KRAKEN_PAIRS } from './kraken-feed.ts';
import { parseOhlc } from './kraken-ohlc.ts';

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8'));

describe('Kraken OHLC candles', () => {
  it('reads every candle, oldest first, with its open, high, low and close', () => {
    const result = parseOhlc(fixture('kraken-ohlc-xbtusd-5.json'), KRAKEN_PAIRS.BTC);
    if (!result.ok) throw new Error(result.reason);
    const [first, second] = result.candles;
    expect(first?.time).toBe(1_795_086_300_000);
    expect([first?.open, first?.high, first?.low, first?.close].map((price) => formatPrice(price as bigint))).toEqual(['60899.7', '61042.7', '60857', '61000']);
    expect((second?.time as number) - (first?.time as number)).toBe(300_000);
    expect(result.candles.at(-1)?.time).toBe(Date.parse('2026-11-20T12:00:00Z'));
  });

  it('inverts USD/CAD into USD per CAD: prices below 1, and the high is 1 / the low', () => {
    const result = parseOhlc(fixture('kraken-ohlc-usdcad-5.json'), KRAKEN_PAIRS.CAD);
    if (!result.ok) throw new Error(result.reason);
    const raw = (fixture('kraken-ohlc-usdcad-5.json') as { result: Record<string, string[][]> }).result;
    const firstRaw = Object.values(raw)[0]?.[0] as string[];
    const first = result.candles[0];
    expect(Number(formatPrice(first?.high as bigint))).toBeCloseTo(1 / Number(firstRaw[3]), 12);
    expect(Number(formatPrice(first?.low as bigint))).toBeCloseTo(1 / Number(firstRaw[2]), 12);
    expect((first?.close as bigint) < 10n ** 18n).toBe(true);
  });

  it.each([
    ['an error answer', fixture('kraken-ohlc-error.json'), 'EService:Unavailable'],
    ['another pair only', { error: [], result: { XETHZUSD: [], last: 0 } }, 'no XBTUSD'],
    ['a body of another shape', { result: 'maintenance' }, 'unexpected shape'],
    ['a malformed close', { error: [], result: { XXBTZUSD: [[1795176000, '1', '1', '1', 'x', '1', '1', 1]] } }, 'malformed'],
    ['a candle too short', { error: [], result: { XXBTZUSD: [[1795176000, '1', '1', '1']] } }, 'unexpected shape'],
  ])('%s is a failure that says why', (_name, body, reason) => {
    const result = parseOhlc(body, KRAKEN_PAIRS.BTC);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });
});
