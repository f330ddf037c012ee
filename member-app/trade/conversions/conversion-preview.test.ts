import { describe, expect, it } from 'vitest';
import { convert } from '#core/money.ts';
import { splitFee } from '#core/fees.ts';
import { conversionPreview } from './conversion-preview.ts';

describe('the conversion preview charges what the server charges', () => {
  // [spend in minor units, from, to, rate, fee percent, coupon discount percent]
  const table = [
    [20_000n, 'EUR', 'BTC', '0.00001724', '1.50', undefined],
    [20_000n, 'EUR', 'BTC', '0.00001724', '1.50', '10.00'],
    [1_001n, 'EUR', 'BTC', '0.00001724', '1.50', undefined],
    [1_001n, 'EUR', 'BTC', '0.00001724', '1.50', '25.00'],
    [1n, 'EUR', 'ETH', '0.0003', '0.50', undefined],
    [123_456_789n, 'BTC', 'EUR', '58000.5', '1.2345', undefined],
    [100_000n, 'BTC', 'ETH', '20.5', '1.00', '100'],
    [50_000n, 'GBP', 'EUR', '1.17', '0.25', '33.33'],
    [99_999n, 'USDT', 'USD', '0.9999', '0', undefined],
    [1_000n, 'EUR', 'USD', '1.08', '100', undefined],
  ] as const;

  it.each(table)('%s %s -> %s at %s, fee %s%%, coupon %s', (spend, from, to, rate, percent, coupon) => {
    const preview = conversionPreview({ spendMinor: spend, from, to, rate, feePercent: percent, couponDiscountPercent: coupon });
    const split = splitFee(spend, percent, coupon);
    expect(preview).toMatchObject({ totalMinor: split.totalMinor, feeMinor: split.feeMinor, netMinor: split.netMinor });
    expect(preview?.receiveMinor).toBe(split.netMinor > 0n ? convert(split.netMinor, from, rate, to, 'down') : 0n);
  });

  it('shows the figures of the brief example: 200 EUR at 1.5 % costs a 3.00 EUR fee', () => {
    expect(conversionPreview({ spendMinor: 20_000n, from: 'EUR', to: 'BTC', rate: '0.00001724', feePercent: '1.50' })).toEqual({
      totalMinor: 20_000n,
      feeMinor: 300n,
      netMinor: 19_700n,
      receiveMinor: 339_628n,
    });
  });

  it.each([
    ['no rate yet', { rate: undefined }],
    ['a zero rate', { rate: '0' }],
    ['no fee percent yet', { feePercent: undefined }],
    ['a fee above 100 %', { feePercent: '101' }],
    ['a fee with five decimals (core reads four)', { feePercent: '1.23456' }],
    ['a malformed coupon discount', { couponDiscountPercent: '10%' }],
  ] as const)('has no preview with %s, rather than a figure the server would not charge', (_name, change) => {
    expect(conversionPreview({ spendMinor: 20_000n, from: 'EUR', to: 'BTC', rate: '0.00001724', feePercent: '1.50', ...change })).toBeNull();
  });
});
