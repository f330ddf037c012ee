// Kysely's view of the refunds migration (payment_refunds); server/db/schema.ts merges it into Database.

import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CryptoAsset } from '#core/assets.ts';
import type { RefundStatus } from '#core/contract/refunds.ts';

type CreatedAt = ColumnType<Date, never, never>;

export interface PaymentRefundsTable {
  id: Generated<bigint>;
  public_id: string;
  payment_id: bigint;
  merchant_id: bigint;
  provider_id: bigint;
  coin: CryptoAsset;
  /** What leaves the books; the buyer receives it less network_fee_minor. */
  amount_minor: bigint;
  network_fee_minor: bigint;
  /** The part received but never credited to the merchant (passes through its balance). */
  uncredited_minor: bigint;
  status: RefundStatus;
  /** SHA-256 (hex) of the claim token: how the buyer's link finds the refund. */
  claim_token_hash: string;
  /** The claim token sealed under APP_SECRET, so its merchant can be shown the link again. */
  claim_token_sealed: string;
  claim_expires_at: Date;
  buyer_email: string | null;
  address: string | null;
  txid: string | null;
  /** The merchant's Idempotency-Key: unique per payment. */
  request_key: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface RefundsTables {
  payment_refunds: PaymentRefundsTable;
}

export type RefundRow = Selectable<PaymentRefundsTable>;
