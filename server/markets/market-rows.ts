// The prices list: every coin of the markets registry, in its market order, with the provider's
// price in the page's fiat for the coins the platform lists (core/assets.ts CRYPTO) and none for the
// rest (their pages still teach; nothing is priced that cannot be bought here).

import type { FastifyInstance } from 'fastify';
import { isCrypto, type FiatAsset } from '#core/assets.ts';
import { coinPrice } from '#core/coin-price.ts';
import { MARKET_COINS, type MarketCoin } from '#core/markets/coin-info/index.ts';
import type { MarketRow } from '#core/markets/markets-page-data.ts';
import { marketIconPath } from './market-icons.ts';
import { changesOf, priceBefore } from './market-history.ts';

export interface ProviderPrices {
  /** rates[A_B] at the provider's spread (app.rates.clientRates); null when the feed is down. */
  providerId: bigint;
  rates: Readonly<Record<string, string>> | null;
  asOf: string | null;
  source: 'test' | 'live';
}

export async function providerPrices(app: FastifyInstance, providerId: bigint): Promise<ProviderPrices> {
  const result = await app.rates.clientRates(providerId);
  if (!result.ok) return { providerId, rates: null, asOf: null, source: app.rates.source === 'test' ? 'test' : 'live' };
  return { providerId, rates: result.rates, asOf: result.asOf.toISOString(), source: result.source === 'test' ? 'test' : 'live' };
}

/**
 * What one coin costs here: the flow's and the member app's price (core/coin-price.ts, the rate
 * fiat -> coin turned over), so the markets page, the buy page and the invoice say the same number.
 */
export function listedPrice(prices: ProviderPrices, coin: MarketCoin, fiat: FiatAsset): string | null {
  if (!isCrypto(coin.iso) || !prices.rates) return null;
  const rate = prices.rates[`${fiat}_${coin.iso}`];
  if (!rate) return null;
  const price = coinPrice(rate, fiat);
  return price === '—' ? null : price;
}

export async function marketRow(app: FastifyInstance, prices: ProviderPrices, coin: MarketCoin, fiat: FiatAsset, rank: number): Promise<MarketRow> {
  const price = listedPrice(prices, coin, fiat);
  const changes = price ? await changesOf(app, { providerId: prices.providerId, iso: coin.iso, fiat }) : null;
  const change24h = changes?.change24h ?? null;
  // Only its shape is drawn, so the history's own prices serve (rounding them onto the buy price's
  // cents would flatten a stablecoin's line).
  const sparkline = changes?.sparkline ?? [];
  return {
    id: coin.id,
    iso: coin.iso,
    name: coin.name,
    rank,
    listed: isCrypto(coin.iso),
    icon: marketIconPath(coin),
    price,
    open24h: price ? priceBefore(price, change24h) : null,
    change24h,
    sparkline,
  };
}

/** Listed coins first, each group in the registry's market order; `rank` numbers them so (the list's #). */
export async function marketRows(app: FastifyInstance, prices: ProviderPrices, fiat: FiatAsset): Promise<MarketRow[]> {
  const ordered = [...MARKET_COINS.filter((coin) => isCrypto(coin.iso)), ...MARKET_COINS.filter((coin) => !isCrypto(coin.iso))];
  return Promise.all(ordered.map((coin, index) => marketRow(app, prices, coin, fiat, index + 1)));
}
