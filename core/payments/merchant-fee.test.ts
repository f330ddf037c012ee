import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import fc from 'fast-check';
import { bpsAsPercent, bpsFee, effectiveFeeBps, FeeBpsSchema, MAX_MERCHANT_FEE_BPS } from './merchant-fee.ts';
import { percentFee } from '../fees.ts';

describe('merchant fee in basis points', () => {
  it.each([
    { name: 'a merchant without its own fee pays the provider default', provider: 100, override: null, expected: 100 },
    { name: 'a merchant with its own fee pays that', provider: 100, override: 250, expected: 250 },
    { name: 'an override of 0 is a real price (no fee), not "unset"', provider: 100, override: 0, expected: 0 },
  ])('$name', ({ provider, override, expected }) => {
    expect(effectiveFeeBps(provider, override)).toBe(expected);
  });

  it.each([
    { bps: 100, amount: 1_000_001n, fee: 10_001n },
    { bps: 150, amount: 1_001n, fee: 16n },
    { bps: 0, amount: 5_000n, fee: 0n },
    { bps: 2000, amount: 5n, fee: 1n },
    { bps: 100, amount: 0n, fee: 0n },
  ])('$bps bps of $amount is $fee, rounded up', ({ bps, amount, fee }) => {
    expect(bpsFee(amount, bps)).toBe(fee);
  });

  it('is the same figure as the percent of core/fees.ts it replaces', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.integer({ min: 0, max: MAX_MERCHANT_FEE_BPS }), (amount, bps) => bpsFee(amount, bps) === percentFee(amount, bpsAsPercent(bps))),
    );
  });

  it.each([[0, '0.00'], [5, '0.05'], [100, '1.00'], [150, '1.50'], [2000, '20.00']])('%i bps reads as %s %%', (bps, text) => {
    expect(bpsAsPercent(bps)).toBe(text);
  });

  it.each([
    { value: 150, ok: true },
    { value: 0, ok: true },
    { value: MAX_MERCHANT_FEE_BPS, ok: true },
    { value: MAX_MERCHANT_FEE_BPS + 1, ok: false },
    { value: -1, ok: false },
    { value: 1.5, ok: false },
    { value: '150', ok: false },
  ])('the schema takes $value: $ok', ({ value, ok }) => {
    expect(v.safeParse(FeeBpsSchema, value).success).toBe(ok);
  });

  it('refuses to compute a fee outside the range instead of charging it', () => {
    expect(() => bpsFee(100n, MAX_MERCHANT_FEE_BPS + 1)).toThrow(RangeError);
    expect(() => bpsFee(100n, 1.5)).toThrow(RangeError);
  });
});
