import { describe, expect, it } from 'vitest';
import { formatPrice, formatRatio, invertPrice, midPrice, parsePrice, PRICE_SCALE } from './rate-math.ts';

describe('parsePrice', () => {
  it.each([
    ['60000', 60000n * PRICE_SCALE],
    ['0.99985', 999850000000000000n],
    ['1.5', 1500000000000000000n],
  ])('reads %s exactly', (input, expected) => {
    expect(parsePrice(input)).toBe(expected);
  });
  it.each(['', '0', '0.0', '-1', '1e5', 'abc', '1.2.3', ' 1'])('refuses %j', (input) => {
    expect(parsePrice(input)).toBeNull();
  });
  it('refuses a number: prices arrive as strings', () => {
    expect(parsePrice(1.5)).toBeNull();
  });
});

describe('formatRatio', () => {
  it.each([
    ['a large rate keeps 12 significant digits', 123456789n, 2000n, 'down', '61728.3945'],
    ['a sub-cent rate keeps 12 significant digits, not 8 decimals', 108n, 6_000_000n, 'down', '0.000018'],
    ['a repeating fraction is cut at 12 digits, rounded down', 1n, 3n, 'down', '0.333333333333'],
    ['and rounded up when asked', 2n, 3n, 'up', '0.666666666667'],
    ['half-up rounds a half away from zero', 2n, 3n, 'half-up', '0.666666666667'],
    ['a whole number has no decimal point', 60_000n, 1n, 'down', '60000'],
    ['more integer digits than 12 are all kept', 10n ** 14n, 1n, 'down', '100000000000000'],
  ] as const)('%s', (_name, numerator, denominator, mode, expected) => {
    expect(formatRatio(numerator, denominator, mode)).toBe(expected);
  });

  it('EUR_BTC keeps 12 significant digits at a sub-cent price', () => {
    // 1.08 / 61234.5 USD
    const text = formatRatio(108n * 10n ** 16n, 612345n * 10n ** 17n, 'down');
    expect(text).toBe('0.0000176371163314');
    expect(text.replace(/^0\.0*/, '')).toHaveLength(12);
  });

  it('refuses zero or negative terms (a bug, not input)', () => {
    expect(() => formatRatio(0n, 1n, 'down')).toThrow(RangeError);
    expect(() => formatRatio(1n, 0n, 'down')).toThrow(RangeError);
  });
});

describe('price helpers', () => {
  it('inverts USD/CAD 1.35 into the USD price of one CAD', () => {
    expect(formatPrice(invertPrice(parsePrice('1.35') as bigint))).toBe('0.740740740740740741');
  });
  it('takes the midpoint of bid and ask', () => {
    expect(formatPrice(midPrice(parsePrice('100.1') as bigint, parsePrice('100.3') as bigint))).toBe('100.2');
  });
});
