// The registry's facts are language-neutral values; these write the two that need words in the page's
// language, so every page says "no fixed cap" the same way instead of each inventing its own phrase.

import type { CoinInfoLocale } from './coin-texts.ts';
import type { MarketCoin } from './market-coins.ts';

const SUPPLY_WORDS = {
  'no-fixed-cap': { en: 'No fixed cap', es: 'Sin límite fijo' },
  'issued-against-reserves': { en: 'No fixed cap: issued against reserves', es: 'Sin límite fijo: se emite contra reservas' },
} as const;

/** "21,000,000 BTC" (es: "21.000.000 BTC"), or the words for an uncapped or reserve-backed supply; null when unstated. */
export function maxSupplyText(coin: MarketCoin, locale: CoinInfoLocale): string | null {
  const { maxSupply, supply } = coin.facts;
  if (supply === 'fixed-cap' && maxSupply) return `${new Intl.NumberFormat(locale).format(BigInt(maxSupply))} ${coin.iso}`;
  if (supply === 'no-fixed-cap' || supply === 'issued-against-reserves') return SUPPLY_WORDS[supply][locale];
  return null;
}

/** The consensus mechanism in the page's language, or null when the registry states none. */
export function consensusText(coin: MarketCoin, locale: CoinInfoLocale): string | null {
  return (locale === 'es' ? coin.facts.consensus_es : coin.facts.consensus) ?? null;
}
