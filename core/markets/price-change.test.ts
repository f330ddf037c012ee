import { describe, expect, it } from 'vitest';
import { percentChange, scalePrice, thinOut } from './price-change.ts';

describe('price changes on the markets pages', () => {
  it.each([
    { from: '100', to: '101.5', want: '1.50' },
    { from: '100', to: '99.5', want: '-0.50' },
    { from: '3', to: '4', want: '33.33' },
    { from: '3', to: '2', want: '-33.33' },
    { from: '80000.00', to: '80000.00', want: '0.00' },
    { from: '100', to: '100.004', want: '0.00' },
    { from: '0.00001', to: '0.00002', want: '100.00' },
  ])('from $from to $to is $want %', ({ from, to, want }) => {
    expect(percentChange(from, to)).toBe(want);
  });

  it('has no change without both prices', () => {
    expect(percentChange(null, '1')).toBeNull();
    expect(percentChange('0', '1')).toBeNull();
  });

  it('scales a price by the market move, to the cent', () => {
    expect(scalePrice('80000.00', '40000', '20000')).toBe('40000.00');
    expect(scalePrice('0.93', '1.0001', '0.9999')).toBe('0.93');
    expect(scalePrice('1', 'x', '2')).toBeNull();
  });

  it('thins a series to the count asked, keeping first and last', () => {
    const points = Array.from({ length: 288 }, (_, index) => index);
    const thin = thinOut(points, 48);
    expect(thin).toHaveLength(48);
    expect(thin[0]).toBe(0);
    expect(thin.at(-1)).toBe(287);
    expect(thinOut([1, 2], 48)).toEqual([1, 2]);
  });
});
