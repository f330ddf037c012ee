// Kysely's view of migration 0011_merchant_keys; server/db/schema.ts merges it into Database.

import type { ColumnType, Generated } from 'kysely';

export interface MerchantApiKeysTable {
  id: Generated<bigint>;
  /** merchants.id (not the publishable merchant_id). */
  merchant_id: bigint;
  /** SHA-256 hex of the key; the key itself is shown once and never stored. */
  key_hash: string;
  label: string;
  /** For display only, like 'sk_test_abcd…'. */
  prefix: string;
  created_at: ColumnType<Date, never, never>;
  revoked_at: Date | null;
}

export interface MerchantKeysTables {
  merchant_api_keys: MerchantApiKeysTable;
}
