import { describe, expect, it } from 'vitest';
import type { MarketRow } from '#core/markets/markets-page-data.ts';
import { withRates } from './use-live-prices.ts';

const row = (over: Partial<MarketRow>): MarketRow => ({
  id: 'bitcoin', iso: 'BTC', name: 'Bitcoin', rank: 1, listed: true, icon: null, price: '50000.00', open24h: '40000.00', change24h: '25.00', sparkline: [], ...over,
});

describe('a live price update', () => {
  it('gives a listed coin its new price and works out the 24 h change again', () => {
    // EUR_BTC = 0.00002: one BTC costs 50,000.00; now 0.0000160 -> 62,500.00.
    const [next] = withRates([row({})], { EUR_BTC: '0.000016' }, 'EUR');
    expect(next).toMatchObject({ price: '62500.00', change24h: '56.25' });
  });

  it('leaves a coin without a new rate, and a coin not offered here, as they were', () => {
    const rows = [row({}), row({ id: 'cardano', iso: 'ADA', listed: false, price: null, open24h: null, change24h: null })];
    const next = withRates(rows, { EUR_ADA: '2' }, 'EUR');
    expect(next[0]).toBe(rows[0]);
    expect(next[1]).toBe(rows[1]);
  });

  it('keeps the rows in their order', () => {
    const rows = [row({ id: 'b', iso: 'ETH' }), row({ id: 'a', iso: 'BTC' })];
    expect(withRates(rows, { EUR_BTC: '0.00001', EUR_ETH: '0.001' }, 'EUR').map((each) => each.id)).toEqual(['b', 'a']);
  });
});
