// Kysely's view of migration merchant_logos; server/db/schema.ts merges it into Database.

import type { ColumnType } from 'kysely';
import type { LogoType } from '#core/payments/logo-file.ts';

export interface MerchantLogosTable {
  /** merchants.id */
  merchant_id: bigint;
  content_type: LogoType;
  bytes: Uint8Array;
  sha256: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface MerchantLogosTables {
  merchant_logos: MerchantLogosTable;
}
