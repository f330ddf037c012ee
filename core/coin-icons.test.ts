import { describe, expect, it } from 'vitest';
import { CRYPTO } from './assets.ts';
import { coinIconPath } from './coin-icons.ts';

describe('coin icons', () => {
  it.each(CRYPTO.map((coin) => ({ coin })))('every listed coin wears its icon: $coin', ({ coin }) => {
    expect(coinIconPath(coin)).toBe(`/static/coins/${coin.toLowerCase()}.svg`);
  });

  it.each([
    { asset: 'EUR', path: '/static/coins/eur.svg' },
    { asset: 'CAD', path: null },
    { asset: 'CHF', path: null },
    { asset: 'DOGE', path: null },
    { asset: '../etc/passwd', path: null },
  ])('$asset has icon $path', ({ asset, path }) => {
    expect(coinIconPath(asset)).toBe(path);
  });
});
