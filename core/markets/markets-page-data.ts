// The markets site's page data: what the server rendered a page from, written into the HTML as a JSON
// block (<script id="markets-data" type="application/json">) beside the BootData, so the browser
// hydrates the same tree without asking again. One schema for both sides; the browser checks the
// block against it before trusting it (a block that fails leaves the server's HTML as it is).

import * as v from 'valibot';
import { FIAT } from '../assets.ts';
import { CHART_RANGES } from '../contract/rates.ts';
// The schema file alone: the coin texts stay out of the browser bundle (the page carries its one coin's).
import { CoinInfoSchema } from './coin-info/coin-info-schema.ts';

export const MARKETS_DATA_ELEMENT_ID = 'markets-data';

/** A decimal string as prices are written everywhere ("80123.45", "-1.23"). */
const Decimal = v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/));
const Slug = v.pipe(v.string(), v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/), v.maxLength(60));

export const MarketRowSchema = v.object({
  id: Slug,
  iso: v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,10}$/)),
  name: v.pipe(v.string(), v.maxLength(60)),
  /** Place in the market order (1 = first), the list's default order. */
  rank: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** The platform lists (sells) the coin; the others have a page to learn from, and no price. */
  listed: v.boolean(),
  /** The icon's URL path, or null when the icon package has none for the coin. */
  icon: v.nullable(v.string()),
  /** One coin in the page's fiat at the provider's buy price; null: the coin is not offered here. */
  price: v.nullable(Decimal),
  /** The price 24 h ago at today's spread, so a live price update recomputes the change in place. */
  open24h: v.nullable(Decimal),
  /** Percent, two decimals. */
  change24h: v.nullable(Decimal),
  /** The last 24 h, oldest first (market prices: the shape is what a sparkline shows). */
  sparkline: v.pipe(v.array(Decimal), v.maxLength(100)),
});
export type MarketRow = v.InferOutput<typeof MarketRowSchema>;

const Common = {
  fiat: v.picklist(FIAT),
  /** When the prices were taken; the UI says so, and 'test' marks the built-in test feed. */
  as_of: v.nullable(v.string()),
  source: v.picklist(['test', 'live']),
};

export const PricesPageDataSchema = v.object({
  page: v.literal('prices'),
  ...Common,
  rows: v.pipe(v.array(MarketRowSchema), v.maxLength(200)),
});
export type PricesPageData = v.InferOutput<typeof PricesPageDataSchema>;

export const NotFoundPageDataSchema = v.object({ page: v.literal('not-found'), ...Common });
export type NotFoundPageData = v.InferOutput<typeof NotFoundPageDataSchema>;

export const ChartSchema = v.object({
  range: v.picklist(CHART_RANGES),
  /** [unix seconds, price] oldest first, at the provider's prices. */
  points: v.pipe(v.array(v.tuple([v.number(), Decimal])), v.maxLength(400)),
});
export type ChartData = v.InferOutput<typeof ChartSchema>;

export const CoinFactsSchema = v.object({
  launched: v.optional(v.number()),
  consensus: v.optional(v.string()),
  consensus_es: v.optional(v.string()),
  /** Whole coins as digits ('21000000'), only where the protocol caps supply. */
  maxSupply: v.optional(v.pipe(v.string(), v.regex(/^\d+$/))),
  supply: v.optional(v.picklist(['fixed-cap', 'no-fixed-cap', 'issued-against-reserves'])),
  decimals: v.optional(v.number()),
  website: v.optional(v.string()),
});

export const CoinPageDataSchema = v.object({
  page: v.literal('coin'),
  ...Common,
  coin: v.object({
    id: Slug,
    iso: v.string(),
    name: v.string(),
    icon: v.nullable(v.string()),
    listed: v.boolean(),
    facts: CoinFactsSchema,
  }),
  /** One coin at the provider's buy price; null when the coin is not offered here. */
  price: v.nullable(Decimal),
  /** Percent over each range; null when there is no price or no history. */
  changes: v.object({ '1d': v.nullable(Decimal), '7d': v.nullable(Decimal), '30d': v.nullable(Decimal), '1y': v.nullable(Decimal) }),
  chart: v.nullable(ChartSchema),
  /** The coin's educational text in the page's language; `section: []` when none is written yet. */
  info: CoinInfoSchema,
});
export type CoinPageData = v.InferOutput<typeof CoinPageDataSchema>;

export const MarketsPageDataSchema = v.variant('page', [PricesPageDataSchema, CoinPageDataSchema, NotFoundPageDataSchema]);
export type MarketsPageData = v.InferOutput<typeof MarketsPageDataSchema>;
