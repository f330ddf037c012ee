// Kysely's view of migration 0019_provider_levels (limit_usage); server/db/schema.ts merges it into
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

export interface LimitsTables {
  limit_usage: LimitUsageTable;
}
