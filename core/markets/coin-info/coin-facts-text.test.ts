import { describe, expect, it } from 'vitest';
import { consensusText, maxSupplyText } from './coin-facts-text.ts';
import { MARKET_COINS, marketCoin, type MarketCoin } from './index.ts';

function coin(id: string): MarketCoin {
  const found = marketCoin(id);
  if (!found) throw new Error(`no market coin ${id}`);
  return found;
}

describe('coin facts in the page language', () => {
  it.each([
    { id: 'bitcoin', locale: 'en', text: '21,000,000 BTC' },
    { id: 'bitcoin', locale: 'es', text: '21.000.000 BTC' },
    { id: 'ripple', locale: 'en', text: '100,000,000,000 XRP' },
    { id: 'ethereum', locale: 'en', text: 'No fixed cap' },
    { id: 'ethereum', locale: 'es', text: 'Sin límite fijo' },
    { id: 'tether', locale: 'en', text: 'No fixed cap: issued against reserves' },
    { id: 'usd-coin', locale: 'es', text: 'Sin límite fijo: se emite contra reservas' },
    { id: 'binance-coin', locale: 'en', text: null },
  ] as const)('max supply of $id in $locale reads $text', ({ id, locale, text }) => {
    expect(maxSupplyText(coin(id), locale)).toBe(text);
  });

  it.each([
    { id: 'bitcoin', locale: 'en', text: 'Proof of work' },
    { id: 'bitcoin', locale: 'es', text: 'Prueba de trabajo' },
    { id: 'cardano', locale: 'es', text: 'Prueba de participación' },
    { id: 'vechain', locale: 'en', text: null },
  ] as const)('consensus of $id in $locale reads $text', ({ id, locale, text }) => {
    expect(consensusText(coin(id), locale)).toBe(text);
  });

  it('every coin with a stated supply gets words for it in both languages', () => {
    for (const market of MARKET_COINS.filter((c) => c.facts.supply)) {
      expect(maxSupplyText(market, 'en')).toBeTruthy();
      expect(maxSupplyText(market, 'es')).toBeTruthy();
    }
  });
});
