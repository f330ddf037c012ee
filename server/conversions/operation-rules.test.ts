import { describe, expect, it } from 'vitest';
import type { Asset } from '#core/assets.ts';
import type { Operation } from '#core/contract/rates.ts';
import { checkOperation } from './operation-rules.ts';

const all = { enable_trade: true, enable_exchange: true };
const none = { enable_trade: false, enable_exchange: false };

describe('which conversions a member may ask for', () => {
  it.each([
    ['buy pays fiat for a coin', 'buy', 'EUR', 'BTC', all, null],
    ['sell turns a coin into fiat', 'sell', 'ETH', 'GBP', all, null],
    ['trade swaps coins', 'trade', 'BTC', 'ETH', all, null],
    ['exchange swaps fiat', 'exchange', 'EUR', 'USD', all, null],
    ['buy and sell need no flag', 'buy', 'USD', 'LTC', none, null],
    ['buy cannot spend a coin', 'buy', 'BTC', 'ETH', all, 'pair_not_supported'],
    ['sell cannot receive a coin', 'sell', 'BTC', 'ETH', all, 'pair_not_supported'],
    ['trade cannot touch fiat', 'trade', 'EUR', 'BTC', all, 'pair_not_supported'],
    ['exchange cannot touch coins', 'exchange', 'EUR', 'BTC', all, 'pair_not_supported'],
    ['one currency into itself', 'exchange', 'EUR', 'EUR', all, 'pair_not_supported'],
    ['trade needs enable_trade', 'trade', 'BTC', 'ETH', none, 'operation_disabled'],
    ['exchange needs enable_exchange', 'exchange', 'EUR', 'GBP', none, 'operation_disabled'],
    ['CHF is not an account currency', 'buy', 'CHF', 'BTC', all, 'currency_not_supported'],
    ['nor can it be received', 'exchange', 'EUR', 'CHF', all, 'currency_not_supported'],
  ] as const)('%s', (_name, operation, from, to, permissions, expected) => {
    const error = checkOperation(operation as Operation, from as Asset, to as Asset, permissions);
    expect(error?.code ?? null).toBe(expected);
  });

  it('says which operation does what', () => {
    expect(checkOperation('buy', 'BTC', 'EUR', all)?.message).toBe('Buy pays with a fiat currency for a coin. Choose another pair or another operation.');
  });
});
