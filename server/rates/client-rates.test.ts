import { describe, expect, it } from 'vitest';
import { ASSETS, type Asset } from '#core/assets.ts';
import { convert, parseAmount } from '#core/money.ts';
import { parsePrice } from '#core/rate-math.ts';
import { allClientRates, clientRate, midRate } from './client-rates.ts';

const usd = new Map<Asset, bigint>(
  Object.entries({ BTC: '61234.5', ETH: '3021.5', LTC: '81.26', BCH: '402.25', USDT: '1.0001', USDC: '0.99994', USD: '1', EUR: '1.0831', GBP: '1.27155', CAD: '0.7395902', AUD: '0.6592', CHF: '1.1311' }).map(
    ([asset, price]) => [asset as Asset, parsePrice(price) as bigint],
  ),
);

describe('client rates: the spread is always in the house favour', () => {
  it('the member gets less than the mid rate in both directions', () => {
    for (const [from, to] of [['EUR', 'BTC'], ['BTC', 'EUR'], ['ETH', 'BTC'], ['GBP', 'EUR']] as const) {
      const client = clientRate(usd, from, to, 50);
      const mid = midRate(usd, from, to);
      expect(Number(client), `${from}_${to}`).toBeLessThan(Number(mid));
    }
  });

  it('a round trip EUR -> BTC -> EUR at the member rates returns less than it started with', () => {
    const start = (parseAmount('1000.00', 'EUR') as { minor: bigint }).minor;
    const btc = convert(start, 'EUR', clientRate(usd, 'EUR', 'BTC', 50), 'BTC', 'down');
    const back = convert(btc, 'BTC', clientRate(usd, 'BTC', 'EUR', 50), 'EUR', 'down');
    expect(back).toBeLessThan(start);
    // About 1 % lost: two half-percent spreads.
    expect(back).toBeGreaterThan((start * 989n) / 1000n);
  });

  it('a zero spread gives the mid rate rounded down', () => {
    expect(clientRate(usd, 'BTC', 'EUR', 0)).toBe('56536.330902');
    expect(midRate(usd, 'BTC', 'EUR')).toBe('56536.330902');
  });

  it('a wider spread gives the member less', () => {
    expect(Number(clientRate(usd, 'EUR', 'BTC', 80))).toBeLessThan(Number(clientRate(usd, 'EUR', 'BTC', 50)));
  });

  it('has every pair of two different assets, keyed like EUR_BTC, each a plain decimal with 12 significant digits at most', () => {
    const rates = allClientRates(usd, 50);
    expect(Object.keys(rates)).toHaveLength(ASSETS.length * (ASSETS.length - 1));
    expect(rates.EUR_BTC).toMatch(/^0\.0000\d{1,12}$/);
    for (const rate of Object.values(rates)) {
      expect(rate.replace('.', '').replace(/^0+/, '').length).toBeLessThanOrEqual(12);
    }
  });
});
