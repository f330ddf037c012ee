// The coin info of the public markets site (spec §3): the registry of market coins with their facts,
// and each coin's text in English and Spanish. The coin pages (/sys-markets/prices/{id}) read only this.

import type { CoinInfo } from './coin-info-schema.ts';
import { COIN_TEXTS, type CoinInfoLocale } from './coin-texts.ts';
import { marketCoin } from './market-coins.ts';

export { CoinInfoSchema, type CoinInfo, type CoinInfoSection, type CoinInfoParagraph, type CoinInfoListItem } from './coin-info-schema.ts';
export { MARKET_COINS, marketCoin, type MarketCoin, type MarketCoinFacts, type SupplyKind } from './market-coins.ts';
export type { CoinInfoLocale } from './coin-texts.ts';
export { consensusText, maxSupplyText } from './coin-facts-text.ts';

/**
 * A coin's text in the locale, or null when the id is no market coin. A coin without content (spec
 * §3: about a dozen) answers `section: []`, so the page shows its facts and prices without a text.
 * Every caller gets the same cached module object: treat it as read-only.
 */
export async function coinInfo(id: string, locale: CoinInfoLocale): Promise<CoinInfo | null> {
  const coin = marketCoin(id);
  if (!coin) return null;
  // Own-property lookup only: the id comes from a URL, and 'constructor' must not reach Object.prototype.
  const load = Object.hasOwn(COIN_TEXTS, id) ? COIN_TEXTS[id]?.[locale] : undefined;
  if (!coin.hasContent || !load) return { coin_name: coin.name, iso: coin.iso, section: [] };
  return (await load()).default;
}
