import { describe, expect, it } from 'vitest';
import { percentChange } from '#core/markets/price-change.ts';
import { priceBefore } from './market-history.ts';

describe('the price 24 h ago, from the price now and the change since', () => {
  it.each([
    { price: '101.50', change: '1.50', want: '100.00' },
    { price: '99.50', change: '-0.50', want: '100.00' },
    { price: '61492.61', change: '0.84', want: '60980.37' },
    { price: '0.93', change: '0.00', want: '0.93' },
  ])('$price after $change % was $want', ({ price, change, want }) => {
    expect(priceBefore(price, change)).toBe(want);
    // A live update at the same price gives the change back.
    expect(percentChange(want, price)).toBe(change);
  });

  it.each([
    { why: 'no change known', change: null },
    { why: 'a change of -100 % or less', change: '-100.00' },
    { why: 'a change not written with two decimals', change: '1.5' },
  ])('is unknown with $why', ({ change }) => {
    expect(priceBefore('100.00', change)).toBeNull();
  });
});
