// Kysely's view of migrations 0019_provider_levels (limit_usage) and 0042_limit_usage_daily; server/db/schema.ts merges it into
// Database. providers.levels is declared with the providers table in schema.ts.

import type { ColumnType } from 'kysely';
import type { FiatAsset } from '#core/assets.ts';
import type { Operation } from '#core/compliance/levels-config.ts';

export interface LimitUsageTable {
  /** The money_transactions row this use belongs to; its status says whether it still counts. */
  transaction_id: bigint;
  provider_id: bigint;
  user_id: bigint;
  operation: Operation;
  /** The provider's fiat when the operation happened. */
  currency: FiatAsset;
  /** What the operation was worth in `currency`, minor units, at the rate it used. */
  value_minor: bigint;
  created_at: ColumnType<Date, Date, never>;
}

/** limit_usage summed per member, fiat, UTC day and operation, over the uses whose transaction counts; kept by triggers. */
export interface LimitUsageDailyTable {
  user_id: bigint;
  currency: FiatAsset;
  /** The UTC day (a SQL date): compared in SQL only, never read, so no driver's date parsing shifts it. */
  day: ColumnType<unknown, never, never>;
  operation: Operation;
  value_minor: ColumnType<bigint, never, never>;
}

export interface LimitsTables {
  limit_usage: LimitUsageTable;
  limit_usage_daily: LimitUsageDailyTable;
}
