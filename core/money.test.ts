import { describe, it, expect } from 'vitest';
import type { Asset } from './assets.ts';
import { ERRORS } from './errors.ts';
import {
  MAX_MINOR,
  convert,
  divideRounded,
  formatMinor,
  isRate,
  mustParseAmount,
  parseAmount,
  roundToAsset,
  sumDecimals,
  type AmountErrorCode,
  type RoundingMode,
} from './money.ts';

describe('parseAmount: decimal string to minor units per asset (crypto 8 decimals, fiat 2)', () => {
  const good: [string, Asset, bigint, string][] = [
    ['0', 'EUR', 0n, '0.00'],
    ['12', 'EUR', 1200n, '12.00'],
    ['12.5', 'EUR', 1250n, '12.50'],
    ['1234.56', 'USD', 123456n, '1234.56'],
    ['007.10', 'GBP', 710n, '7.10'],
    ['0.0012', 'BTC', 120000n, '0.00120000'],
    ['0.00000001', 'BTC', 1n, '0.00000001'],
    ['21000000', 'BTC', 2_100_000_000_000_000n, '21000000.00000000'],
    ['1.12345678', 'ETH', 112345678n, '1.12345678'],
    ['92233720368547758.07', 'EUR', MAX_MINOR, '92233720368547758.07'],
  ];
  it.each(good)('parses %s %s', (input, asset, minor, decimal) => {
    expect(parseAmount(input, asset)).toEqual({ ok: true, minor, decimal });
  });

  const bad: [string, unknown, Asset, AmountErrorCode][] = [
    ['a number passed instead of a string', 12.5, 'EUR', 'amount_not_string'],
    ['a bigint passed instead of a string', 1250n, 'EUR', 'amount_not_string'],
    ['null', null, 'EUR', 'amount_not_string'],
    ['undefined', undefined, 'EUR', 'amount_not_string'],
    ['the empty string', '', 'EUR', 'amount_required'],
    ['a negative sign where signs are not allowed', '-1.00', 'EUR', 'amount_negative'],
    ['a leading +', '+1.00', 'EUR', 'amount_malformed'],
    ['exponent notation', '1e3', 'EUR', 'amount_malformed'],
    ['negative exponent notation', '1.2e-3', 'BTC', 'amount_malformed'],
    ['NaN', 'NaN', 'EUR', 'amount_malformed'],
    ['Infinity', 'Infinity', 'EUR', 'amount_malformed'],
    ['-Infinity', '-Infinity', 'EUR', 'amount_malformed'],
    ['leading whitespace', ' 1.00', 'EUR', 'amount_malformed'],
    ['trailing whitespace', '1.00\n', 'EUR', 'amount_malformed'],
    ['inner whitespace', '1 000', 'EUR', 'amount_malformed'],
    ['letters', '12abc', 'EUR', 'amount_malformed'],
    ['a comma decimal mark', '12,50', 'EUR', 'amount_malformed'],
    ['thousands separators', '1,234.50', 'EUR', 'amount_malformed'],
    ['two decimal points', '1.2.3', 'EUR', 'amount_malformed'],
    ['a bare decimal point', '.', 'EUR', 'amount_malformed'],
    ['no digits before the point', '.5', 'EUR', 'amount_malformed'],
    ['no digits after the point', '5.', 'EUR', 'amount_malformed'],
    ['hexadecimal', '0x10', 'EUR', 'amount_malformed'],
    ['more than 64 characters', '1'.repeat(65), 'EUR', 'amount_malformed'],
    ['too many decimals for fiat', '1.005', 'EUR', 'amount_too_precise'],
    ['too many decimals for crypto', '0.000000001', 'BTC', 'amount_too_precise'],
    ['more than a BIGINT column holds', '92233720368547758.08', 'EUR', 'amount_too_large'],
  ];
  it.each(bad)('rejects %s', (_name, input, asset, code) => {
    const result = parseAmount(input, asset);
    expect(result).toMatchObject({ ok: false, code });
    if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
  });

  it('says how many decimals the asset allows when there are too many', () => {
    expect(parseAmount('1.005', 'EUR')).toMatchObject({ message: 'Use at most 2 decimals for EUR.' });
  });

  it('every amount error code is in the error catalogue as a 400', () => {
    for (const [, , , code] of bad) expect(ERRORS[code].status).toBe(400);
  });

  it('accepts a sign when signs are allowed', () => {
    expect(parseAmount('-1.5', 'EUR', { allowNegative: true })).toEqual({ ok: true, minor: -150n, decimal: '-1.50' });
    expect(parseAmount('+1.5', 'EUR', { allowNegative: true })).toMatchObject({ ok: false, code: 'amount_malformed' });
  });

  it('mustParseAmount throws on a malformed trusted amount and returns minor units otherwise', () => {
    expect(mustParseAmount('300', 'EUR')).toBe(30000n);
    expect(() => mustParseAmount('3e2', 'EUR')).toThrow(RangeError);
  });
});

describe('formatMinor: minor units to a decimal string with exactly the asset decimals', () => {
  const cases: [bigint, Asset, string][] = [
    [0n, 'EUR', '0.00'],
    [5n, 'EUR', '0.05'],
    [123450n, 'EUR', '1234.50'],
    [-150n, 'USD', '-1.50'],
    [120000n, 'BTC', '0.00120000'],
    [1n, 'LTC', '0.00000001'],
    [-1n, 'BTC', '-0.00000001'],
    [2_100_000_000_000_000n, 'BTC', '21000000.00000000'],
  ];
  it.each(cases)('%s %s -> %s', (minor, asset, text) => {
    expect(formatMinor(minor, asset)).toBe(text);
  });
});

describe('roundToAsset: crypto amounts are rounded to 8 decimals, fiat to 2 (spec §5)', () => {
  const cases: [string, Asset, RoundingMode, string][] = [
    ['1.005', 'EUR', 'half-up', '1.01'],
    ['1.004', 'EUR', 'half-up', '1.00'],
    ['1.009', 'EUR', 'down', '1.00'],
    ['1.001', 'EUR', 'up', '1.01'],
    ['1.00', 'EUR', 'up', '1.00'],
    ['1', 'EUR', 'down', '1.00'],
    ['0.123456785', 'BTC', 'half-up', '0.12345679'],
    ['0.123456784999', 'BTC', 'half-up', '0.12345678'],
    ['0.123456789', 'BTC', 'down', '0.12345678'],
    ['0.123456781', 'BTC', 'up', '0.12345679'],
    ['-1.005', 'EUR', 'half-up', '-1.01'],
    ['-1.009', 'EUR', 'down', '-1.00'],
    ['-1.001', 'EUR', 'up', '-1.01'],
  ];
  it.each(cases)('%s %s %s -> %s', (input, asset, mode, expected) => {
    expect(roundToAsset(input, asset, mode, { allowNegative: true })).toMatchObject({ ok: true, decimal: expected });
  });

  it('still rejects malformed input', () => {
    expect(roundToAsset('1e-9', 'BTC', 'half-up')).toMatchObject({ ok: false, code: 'amount_malformed' });
    expect(roundToAsset(0.5, 'BTC', 'half-up')).toMatchObject({ ok: false, code: 'amount_not_string' });
    expect(roundToAsset('-1.5', 'EUR', 'half-up')).toMatchObject({ ok: false, code: 'amount_negative' });
  });
});

describe('divideRounded', () => {
  const cases: [bigint, bigint, RoundingMode, bigint][] = [
    [7n, 2n, 'half-up', 4n],
    [7n, 2n, 'down', 3n],
    [7n, 2n, 'up', 4n],
    [5n, 3n, 'half-up', 2n],
    [4n, 3n, 'half-up', 1n],
    [-7n, 2n, 'half-up', -4n],
    [-7n, 2n, 'down', -3n],
    [-7n, 2n, 'up', -4n],
    [6n, 3n, 'up', 2n],
  ];
  it.each(cases)('%s / %s %s = %s', (a, b, mode, q) => {
    expect(divideRounded(a, b, mode)).toBe(q);
  });
  it('refuses a divisor that is not positive', () => {
    expect(() => divideRounded(1n, 0n, 'down')).toThrow(RangeError);
  });
});

describe('sumDecimals: the sum of decimal strings, in bigint', () => {
  it('adds without float error (0.1 + 0.2 is 0.30)', () => {
    expect(sumDecimals(['0.10', '0.20'], 'EUR')).toMatchObject({ ok: true, minor: 30n, decimal: '0.30' });
  });
  it('adds signed values', () => {
    expect(sumDecimals(['50', '-20.5', '0.00000001'], 'BTC')).toMatchObject({ ok: true, decimal: '29.50000001' });
  });
  it('is zero for no values', () => {
    expect(sumDecimals([], 'USD')).toMatchObject({ ok: true, decimal: '0.00' });
  });
  it('returns the error of the first malformed value', () => {
    expect(sumDecimals(['1', 2, '3'], 'USD')).toMatchObject({ ok: false, code: 'amount_not_string' });
  });
  it('rejects a total larger than a BIGINT column holds', () => {
    expect(sumDecimals(['92233720368547758.07', '0.01'], 'EUR')).toMatchObject({ ok: false, code: 'amount_too_large' });
  });
});

describe('convert: amount at a decimal-string rate, in bigint, with an explicit rounding', () => {
  const cases: [string, bigint, Asset, string, Asset, RoundingMode, bigint][] = [
    ['300 EUR at 0.000021 BTC per EUR', 30000n, 'EUR', '0.000021', 'BTC', 'down', 630000n],
    ['1 BTC at 47619.05 EUR', 100000000n, 'BTC', '47619.05', 'EUR', 'down', 4761905n],
    ['house favour rounds down what the user receives', 100n, 'EUR', '0.333333333', 'BTC', 'down', 33333333n],
    ['up rounds away from zero', 100n, 'EUR', '0.333333333', 'BTC', 'up', 33333334n],
    ['half-up rounds to nearest', 1n, 'BTC', '0.5', 'EUR', 'half-up', 0n],
    ['0.00000001 BTC at 60000 EUR is 0.0006 EUR: down gives 0.00', 1n, 'BTC', '60000', 'EUR', 'down', 0n],
    ['0.00000001 BTC at 60000 EUR: up gives 0.01', 1n, 'BTC', '60000', 'EUR', 'up', 1n],
    ['fiat to fiat', 12345n, 'EUR', '1.0850', 'USD', 'half-up', 13394n],
    ['a huge amount stays exact', 2_100_000_000_000_000n, 'BTC', '98765.4321', 'USD', 'down', 207_407_407_410_000n],
  ];
  it.each(cases)('%s', (_name, amount, from, rate, to, mode, expected) => {
    expect(convert(amount, from, rate, to, mode)).toBe(expected);
  });

  const badRates: unknown[] = ['0', '0.000', '-1', '1e3', '', ' 1', 'abc', 1.5];
  it.each(badRates)('throws on the malformed rate %j', (rate) => {
    expect(isRate(rate)).toBe(false);
    expect(() => convert(100n, 'EUR', rate as string, 'BTC', 'down')).toThrow(RangeError);
  });
});
