import { describe, expect, it } from 'vitest';
import { priceLine } from './price-line.ts';

describe('the price line', () => {
  it.each([
    ['a fiat-to-coin rate is shown per coin', 'EUR', 'BTC', '0.00002', { unit: 'BTC', price: 5000000n, in: 'EUR' }],
    ['a coin-to-fiat rate is shown per coin', 'BTC', 'EUR', '49500.5', { unit: 'BTC', price: 4950050n, in: 'EUR' }],
    ['a coin-to-coin rate above one stays as it is', 'BTC', 'ETH', '20.5', { unit: 'BTC', price: 2050000000n, in: 'ETH' }],
    ['a coin-to-coin rate below one is turned around', 'ETH', 'BTC', '0.05', { unit: 'BTC', price: 2000000000n, in: 'ETH' }],
  ] as const)('%s', (_name, from, to, rate, expected) => {
    expect(priceLine(from, to, rate)).toEqual(expected);
  });

  it.each([undefined, '0', 'abc'])('has no line for the rate %j', (rate) => {
    expect(priceLine('EUR', 'BTC', rate)).toBeNull();
  });
});
