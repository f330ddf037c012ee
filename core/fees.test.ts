import { describe, expect, it } from 'vitest';
import { checkLimits, conversionFigures, discountedFee, parsePercent, percentFee, splitFee } from './fees.ts';

describe('percentFee rounds up in the asset minor units (the house favour)', () => {
  it.each([
    ['1.5 % of 10.00 EUR is exactly 0.15', 1000n, '1.50', 15n],
    ['1.5 % of 10.01 EUR is 0.150150, charged as 0.16', 1001n, '1.50', 16n],
    ['any fee above zero costs at least one minor unit', 1n, '0.50', 1n],
    ['0 % is free', 123_456n, '0', 0n],
    ['1 % of 0.00012345 BTC is 0.0000012345, charged as 124 satoshi', 12_345n, '1.00', 124n],
    ['a 4-decimal percent is exact', 1_000_000n, '1.2345', 12_345n],
    ['nothing is charged on nothing', 0n, '2.00', 0n],
  ] as const)('%s', (_name, amount, percent, expected) => {
    expect(percentFee(amount, percent)).toBe(expected);
  });

  it('refuses a malformed percent as a bug', () => {
    expect(() => percentFee(100n, '1.5%')).toThrow(RangeError);
    expect(() => percentFee(100n, '101')).toThrow(RangeError);
  });
});

describe('coupons waive part of the fee, rounded down', () => {
  it.each([
    ['10 % off a 0.16 fee waives 0.01 (0.016 rounded down)', 16n, '10.00', 15n],
    ['10 % off a 0.09 fee waives nothing (0.009 rounded down)', 9n, '10.00', 9n],
    ['100 % off waives everything', 16n, '100', 0n],
    ['0 % waives nothing', 16n, '0', 16n],
  ] as const)('%s', (_name, fee, discount, expected) => {
    expect(discountedFee(fee, discount)).toBe(expected);
  });
});

describe('splitFee', () => {
  it('takes the fee out of the amount spent', () => {
    expect(splitFee(10_000n, '1.50')).toEqual({ totalMinor: 10_000n, feeMinor: 150n, netMinor: 9_850n });
  });
  it('with a coupon the fee is lower and more is converted', () => {
    expect(splitFee(10_000n, '1.50', '10.00')).toEqual({ totalMinor: 10_000n, feeMinor: 135n, netMinor: 9_865n });
  });
});

describe('conversionFigures: what a conversion spends, charges and gives', () => {
  it.each([
    ['200 EUR at 1.5 % buys 197 EUR worth, rounded down', 20_000n, 'EUR', 'BTC', '0.00001724', '1.50', undefined, { feeMinor: 300n, netMinor: 19_700n, receiveMinor: 339_628n }],
    ['a coupon lowers the fee and more is converted', 20_000n, 'EUR', 'BTC', '0.00001724', '1.50', '10.00', { feeMinor: 270n, netMinor: 19_730n, receiveMinor: 340_145n }],
    ['a coin sold for fiat rounds the fiat down', 100_000n, 'BTC', 'EUR', '58000.5', '1.00', undefined, { feeMinor: 1_000n, netMinor: 99_000n, receiveMinor: 5_742n }],
    ['a 100 % fee leaves nothing to convert', 1_000n, 'EUR', 'USD', '1.08', '100', undefined, { feeMinor: 1_000n, netMinor: 0n, receiveMinor: 0n }],
    // 213.00319650 USDT at our 8 decimals; the token pays 6, so the last two digits are cut (the house's favour).
    ['a token is bought to the decimals it is paid out in, rounded down', 20_000n, 'EUR', 'USDT', '1.0812345', '1.50', undefined, { feeMinor: 300n, netMinor: 19_700n, receiveMinor: 21_300_319_600n }],
    ['a coin keeps its 8 decimals', 20_000n, 'EUR', 'LTC', '0.0123457', '1.50', undefined, { feeMinor: 300n, netMinor: 19_700n, receiveMinor: 243_210_290n }],
  ] as const)('%s', (_name, total, from, to, rate, percent, coupon, expected) => {
    expect(conversionFigures(total, from, to, rate, percent, coupon)).toEqual({ totalMinor: total, ...expected });
  });
});

describe('checkLimits', () => {
  const limit = { minimumMinor: 1000n, maximumMinor: 1_000_000n };
  it.each([
    ['the minimum itself passes', 1000n, null],
    ['the maximum itself passes', 1_000_000n, null],
    ['below the minimum names it', 999n, ['amount_below_minimum', 'The minimum is 10.00 EUR. Enter a larger amount.']],
    ['above the maximum names it', 1_000_001n, ['amount_above_maximum', 'The maximum is 10000.00 EUR. Enter a smaller amount.']],
  ] as const)('%s', (_name, amount, expected) => {
    const result = checkLimits(amount, 'EUR', limit);
    if (expected === null) expect(result).toEqual({ ok: true });
    else expect(result).toMatchObject({ ok: false, code: expected[0], message: expected[1] });
  });
  it('names crypto limits with 8 decimals', () => {
    const result = checkLimits(1n, 'BTC', { minimumMinor: 10_000n, maximumMinor: 10n ** 9n });
    expect(result).toMatchObject({ ok: false, message: 'The minimum is 0.00010000 BTC. Enter a larger amount.' });
  });
});

describe('parsePercent', () => {
  it.each([['1.50', 15_000n], ['100', 1_000_000n], ['0', 0n], ['0.0001', 1n]] as const)('%s', (input, expected) => {
    expect(parsePercent(input)).toBe(expected);
  });
  it.each(['100.01', '-1', '1.23456', '', 'ten'])('refuses %j', (input) => {
    expect(parsePercent(input)).toBeNull();
  });
});
