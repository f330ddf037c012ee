// Kysely's view of migration 0036_price_bars; server/db/schema.ts merges it into Database.
// Prices are numeric columns, read and written as decimal strings (core/rate-math.ts parses them).

export type BarResolution = 'm' | 'h' | 'd';

export interface PriceBarsTable {
  /** An asset of core/assets.ts other than USD, whose price is always 1. */
  asset: string;
  resolution: BarResolution;
  /** Start of the bar (UTC minute, hour or day). */
  bucket: Date;
  /** USD per unit of the asset. */
  open: string;
  high: string;
  low: string;
  close: string;
}

export interface PriceBarsTables {
  price_bars: PriceBarsTable;
}
