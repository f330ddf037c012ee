import { describe, expect, it } from 'vitest';
import type { FeesAnswer } from '#core/contract/rates.ts';
import { checkAmount, maxAmount } from '../form-kit/amount-check.ts';
import { withdrawalFee, withdrawalRules } from './withdrawal-amount.ts';

const fees: FeesAnswer = {
  conversion: { buy: { percent: '1.50' }, sell: { percent: '1.50' }, trade: { percent: '1.00' }, exchange: { percent: '0.50' } },
  withdrawal: { ETH: '0.00100000', EUR: '1.00' },
  deposit_card_percent: '1.50',
  limits: { ETH: { minimum: '0.00200000', maximum: '100.00000000' } },
  limits_by_kind: {
    conversion: { ETH: { minimum: '0.00200000', maximum: '100.00000000' } },
    deposit: {},
    withdrawal: { ETH: { minimum: '0.01000000', maximum: '100.00000000' } },
  },
};

describe('the withdrawal amount', () => {
  it('is what arrives: the fee comes on top, so Use max leaves room for it', () => {
    const rules = withdrawalRules(fees, 'ETH', 50_000_000n);
    expect(maxAmount(rules)).toBe('0.49900000');
    expect(checkAmount('0.499', rules).ok).toBe(true);
    expect(checkAmount('0.49900001', rules)).toEqual({ ok: false, reason: 'insufficient', available: 49_900_000n });
  });

  it('uses the withdrawal limits, not the conversion ones', () => {
    expect(checkAmount('0.005', withdrawalRules(fees, 'ETH', 50_000_000n))).toEqual({ ok: false, reason: 'below_minimum', minimum: 1_000_000n });
  });

  it('cannot withdraw anything when the balance does not cover the fee', () => {
    expect(withdrawalRules(fees, 'EUR', 50n).available).toBe(0n);
  });

  it('an asset without a listed fee costs nothing', () => {
    expect(withdrawalFee(fees, 'BTC')).toBe(0n);
    expect(withdrawalFee(null, 'ETH')).toBe(0n);
  });
});
