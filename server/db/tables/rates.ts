// Kysely's view of the tables of migration 0007_rates; server/db/schema.ts merges it into Database.
// Percentages are decimal strings (core/fees.ts reads them); amounts are BIGINT minor units.

import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Operation } from '#core/contract/rates.ts';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface ProviderPricingTable {
  provider_id: bigint;
  spread_bps: number;
  fee_buy_percent: string;
  fee_sell_percent: string;
  fee_trade_percent: string;
  fee_exchange_percent: string;
  card_deposit_percent: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ProviderAssetPricingTable {
  provider_id: bigint;
  asset: string;
  withdrawal_fee_minor: bigint;
  conversion_min_minor: bigint;
  conversion_max_minor: bigint;
  deposit_min_minor: bigint;
  deposit_max_minor: bigint;
  withdrawal_min_minor: bigint;
  withdrawal_max_minor: bigint;
}

export interface CouponsTable {
  id: Generated<bigint>;
  provider_id: bigint;
  code: string;
  fee_discount_percent: string;
  expires_at: Date | null;
  max_uses: number | null;
  uses: Generated<number>;
  created_at: CreatedAt;
  /** Migration 0029: not valid before this time; NULL: valid from creation. */
  valid_from: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface QuotesTable {
  id: Generated<bigint>;
  public_id: Generated<string>;
  provider_id: bigint;
  /** The member's quote; null for a guest checkout's (checkout_id), since migration guest_checkouts. */
  user_id: bigint | null;
  checkout_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  operation: Operation;
  from_asset: string;
  to_asset: string;
  from_amount_minor: bigint;
  fee_minor: bigint;
  to_amount_minor: bigint;
  rate: string;
  source: 'test' | 'live';
  coupon_id: bigint | null;
  coupon_code: string | null;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface RatesTables {
  provider_pricing: ProviderPricingTable;
  provider_asset_pricing: ProviderAssetPricingTable;
  coupons: CouponsTable;
  quotes: QuotesTable;
}

export type CouponRow = Selectable<CouponsTable>;
export type QuoteRow = Selectable<QuotesTable>;
