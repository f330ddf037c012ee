import { describe, expect, it } from 'vitest';
import { checkLimits } from '#core/fees.ts';
import { parseAmount } from '#core/money.ts';
import { checkAmount, maxAmount, normaliseAmountInput } from './amount-check.ts';

const eur = { asset: 'EUR', limits: { minimum: '10.00', maximum: '5000.00' }, available: 1250n } as const;

describe('the live amount check', () => {
  it.each([
    ['an empty field asks for an amount', '', eur, { ok: false, reason: 'required' }],
    ['letters are not an amount', '12a', eur, { ok: false, reason: 'malformed' }],
    ['zero is not an amount to convert', '0.00', eur, { ok: false, reason: 'zero' }],
    ['three decimals are too many for EUR', '10.005', eur, { ok: false, reason: 'too_precise', decimals: 2 }],
    ['nine decimals are too many for BTC', '0.000000001', { asset: 'BTC' }, { ok: false, reason: 'too_precise', decimals: 8 }],
    ['below the minimum names the minimum', '9.99', eur, { ok: false, reason: 'below_minimum', minimum: 999n + 1n }],
    ['above the maximum names the maximum', '5000.01', { ...eur, available: 10_000_000n }, { ok: false, reason: 'above_maximum', maximum: 500000n }],
    ['more than the balance names what is available', '12.51', eur, { ok: false, reason: 'insufficient', available: 1250n }],
    ['exactly the balance is fine', '12.50', eur, { ok: true, minor: 1250n, decimal: '12.50' }],
    ['a decimal comma is read as a point', '12,5', eur, { ok: true, minor: 1250n, decimal: '12.50' }],
    ['a card deposit has no balance bound', '4000', { asset: 'EUR', limits: eur.limits }, { ok: true, minor: 400000n, decimal: '4000.00' }],
  ] as const)('%s', (_name, input, rules, expected) => {
    expect(checkAmount(input, rules)).toEqual(expected);
  });

  it.each([
    ['all of the balance below the maximum', eur, '12.50'],
    ['the maximum when the balance is larger', { ...eur, available: 900_000n }, '5000.00'],
    ['nothing when the balance is empty', { ...eur, available: 0n }, ''],
    ['eight decimals for a coin', { asset: 'BTC', available: 123n }, '0.00000123'],
  ] as const)('Use max gives %s', (_name, rules, expected) => {
    expect(maxAmount(rules)).toBe(expected);
  });

  it('keeps a thousands separator for parseAmount to reject', () => {
    expect(normaliseAmountInput('1,234.50')).toBe('1,234.50');
    expect(checkAmount('1,234.50', eur)).toEqual({ ok: false, reason: 'malformed' });
  });

  it.each(['9.99', '10.00', '10.01', '4999.99', '5000.00', '5000.01', '0.01'])('agrees with core checkLimits on %s against 10.00–5000.00 EUR', (input) => {
    const minor = (parseAmount(input, 'EUR') as { minor: bigint }).minor;
    const core = checkLimits(minor, 'EUR', { minimumMinor: 1000n, maximumMinor: 500000n });
    const form = checkAmount(input, { asset: 'EUR', limits: eur.limits });
    const formCode = form.ok ? null : form.reason === 'below_minimum' ? 'amount_below_minimum' : form.reason === 'above_maximum' ? 'amount_above_maximum' : form.reason;
    expect(formCode).toBe(core.ok ? null : core.code);
  });

  it('checks no limit it cannot read, and leaves that to the server', () => {
    expect(checkAmount('1', { asset: 'EUR', limits: { minimum: '10', maximum: 'lots' } })).toMatchObject({ ok: true });
  });
});
