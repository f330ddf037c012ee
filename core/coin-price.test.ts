import { describe, expect, it } from 'vitest';
import { coinPrice } from './coin-price.ts';

describe('coinPrice', () => {
  it.each([
    { name: 'a BTC rate reads as one coin in euros, to the cent', rate: '0.0000179422445512', fiat: 'EUR', price: '55734.39' },
    { name: 'a rate of whole coins per unit', rate: '2', fiat: 'USD', price: '0.50' },
    { name: 'rounds half up', rate: '0.0003', fiat: 'EUR', price: '3333.33' },
    { name: 'a zero rate has no price', rate: '0.000', fiat: 'EUR', price: '—' },
  ] as const)('$name', ({ rate, fiat, price }) => {
    expect(coinPrice(rate, fiat)).toBe(price);
  });
});
