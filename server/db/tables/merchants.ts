// Kysely's view of migrations merchant_keys and api_key_lifecycle; server/db/schema.ts merges it into Database.

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
  /** Set when the key was rolled: it keeps working until then (api_key_lifecycle). */
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Written at most once a minute per key by the secret-key guard. */
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** SHA-256 hex of the request id of the create call that made the key; a retry finds it. */
  create_request: ColumnType<string | null, string | null | undefined, never>;
}

export interface MerchantKeysTables {
  merchant_api_keys: MerchantApiKeysTable;
}
