import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { DEFAULT_MERCHANT_RATE_PER_SECOND, effectiveRatePerSecond, MAX_MERCHANT_RATE_PER_SECOND, MerchantRatePerSecondSchema } from './merchant-rate-limit.ts';

describe('a merchant key\'s requests a second', () => {
  it.each([
    { name: 'a merchant without its own limit gets the platform default', own: null, expected: DEFAULT_MERCHANT_RATE_PER_SECOND },
    { name: 'a merchant with its own limit gets that', own: 250, expected: 250 },
  ])('$name', ({ own, expected }) => {
    expect(effectiveRatePerSecond(DEFAULT_MERCHANT_RATE_PER_SECOND, own)).toBe(expected);
  });

  it.each([
    { value: 1, ok: true },
    { value: 100, ok: true },
    { value: MAX_MERCHANT_RATE_PER_SECOND, ok: true },
    { value: 0, ok: false, message: 'Enter at least 1 request a second.' },
    { value: MAX_MERCHANT_RATE_PER_SECOND + 1, ok: false, message: `Enter at most ${MAX_MERCHANT_RATE_PER_SECOND} requests a second.` },
    { value: 2.5, ok: false, message: 'Enter a whole number of requests a second, like 100.' },
    { value: '100', ok: false, message: 'Enter the limit as a whole number of requests a second, like 100.' },
  ])('an operator typing $value is ok: $ok', ({ value, ok, message }) => {
    const parsed = v.safeParse(MerchantRatePerSecondSchema, value);
    expect(parsed.success).toBe(ok);
    if (!ok) expect(parsed.issues?.[0]?.message).toBe(message);
  });
});
