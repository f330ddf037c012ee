// Kysely's view of migration payment_links; server/db/schema.ts merges it into Database.

import type { ColumnType, Generated } from 'kysely';
import type { CryptoAsset, FiatAsset } from '#core/assets.ts';

type CreatedAt = ColumnType<Date, never, never>;

export interface PaymentLinksTable {
  id: Generated<bigint>;
  /** merchants.id */
  merchant_id: bigint;
  /** 'pl_' + 32 base64url characters: the hosted page's only credential. */
  token: string;
  fiat_currency: FiatAsset;
  fiat_amount_minor: bigint;
  product: string;
  order_id: string | null;
  coin: CryptoAsset | null;
  expires_at: Date | null;
  /** payments.id of the payment the link shows now; null before the first buyer opens it. */
  current_payment_id: bigint | null;
  created_at: CreatedAt;
}

export interface PaymentLinkPaymentsTable {
  payment_id: bigint;
  link_id: bigint;
  created_at: CreatedAt;
}

export interface PaymentLinksTables {
  payment_links: PaymentLinksTable;
  payment_link_payments: PaymentLinkPaymentsTable;
}
