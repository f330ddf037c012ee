// A coin page's data: the registry's coin, its price at the provider (listed coins only), its
// changes over the four ranges, the chosen range's chart ending at that price, and its text.

import type { FastifyInstance } from 'fastify';
import { isCrypto, type FiatAsset } from '#core/assets.ts';
import { CHART_RANGES, type ChartRange } from '#core/contract/rates.ts';
import { percentChange } from '#core/markets/price-change.ts';
import type { Locale } from '#core/language.ts';
import { coinInfo, marketCoin } from '#core/markets/coin-info/index.ts';
import type { CoinPageData } from '#core/markets/markets-page-data.ts';
import { marketIconPath } from './market-icons.ts';
import { chartAt } from './market-history.ts';
import { listedPrice, type ProviderPrices } from './market-rows.ts';

export interface CoinPageRequest {
  id: string;
  fiat: FiatAsset;
  locale: Locale;
  range: ChartRange;
  prices: ProviderPrices;
}

/** null: no coin with that id (the page is the 404). */
export async function coinPageData(app: FastifyInstance, { id, fiat, locale, range, prices }: CoinPageRequest): Promise<CoinPageData | null> {
  const coin = marketCoin(id);
  if (!coin) return null;
  const info = await coinInfo(id, locale);
  if (!info) return null;
  const price = listedPrice(prices, coin, fiat);
  const pair = { providerId: prices.providerId, iso: coin.iso, fiat };
  // Each range's change is its chart's, first point to last, so a tile and the chart's summary agree.
  const charts = price ? await Promise.all(CHART_RANGES.map((each) => chartAt(app, pair, each, price))) : [];
  const changeOf = (each: ChartRange) => {
    const points = charts[CHART_RANGES.indexOf(each)];
    return points && points.length > 1 ? percentChange(points[0]?.[1], points.at(-1)?.[1]) : null;
  };
  const points = charts[CHART_RANGES.indexOf(range)] ?? null;
  return {
    page: 'coin',
    fiat,
    as_of: prices.asOf,
    source: prices.source,
    coin: { id: coin.id, iso: coin.iso, name: coin.name, icon: marketIconPath(coin), listed: isCrypto(coin.iso), facts: { ...coin.facts } },
    price,
    changes: { '1d': changeOf('1d'), '7d': changeOf('7d'), '30d': changeOf('30d'), '1y': changeOf('1y') },
    chart: points && points.length > 1 ? { range, points } : null,
    info,
  };
}
