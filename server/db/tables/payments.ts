// Kysely's view of migration 0009_payments; server/db/schema.ts merges it into Database, and the guard
// that tells a payment with its coin chosen from one still waiting for the buyer's choice.

import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CryptoAsset, FiatAsset } from '#core/assets.ts';
import type { PaymentEventType, PaymentException, PaymentStatus } from '#core/payments/payment-rules.ts';

type CreatedAt = ColumnType<Date, never, never>;
type Json<T> = ColumnType<T, string, string>;

export interface PaymentsTable {
  id: Generated<bigint>;
  public_id: string;
  provider_id: bigint;
  merchant_id: bigint;
  /** Null until the buyer chooses the coin; with it, amount_due_minor, address_id, address and required_confirmations (a CHECK). */
  coin: CryptoAsset | null;
  fiat_currency: FiatAsset;
  fiat_amount_minor: bigint;
  amount_due_minor: bigint | null;
  rate: string | null;
  address_id: bigint | null;
  address: string | null;
  product: string;
  c1: string | null;
  c2: string | null;
  c3: string | null;
  c4: string | null;
  /** The payment's own return URL; null: the merchant's widget_return_url. */
  return_url: string | null;
  status: Generated<PaymentStatus>;
  exception: PaymentException | null;
  paid_minor: Generated<bigint>;
  confirmed_minor: Generated<bigint>;
  confirmations: Generated<number>;
  required_confirmations: number | null;
  fee_minor: bigint | null;
  /** Migration fees: the merchant fee in basis points that applied when the payment was created; settlement charges this. */
  fee_bps: number;
  credited_minor: bigint | null;
  expires_at: Date;
  monitoring_until: Date;
  settled_at: Date | null;
  /** When the merchant accepted this (invalid) payment as settled (server/refunds/); null otherwise. */
  accepted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface PaymentEventsTable {
  id: Generated<bigint>;
  payment_id: bigint;
  type: PaymentEventType;
  data: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface PaymentsTables {
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
}

export type PaymentRow = Selectable<PaymentsTable>;

/** A payment whose coin is chosen: priced, with its own address. Every payment the chain reports on is one. */
export type PricedPayment = PaymentRow & {
  coin: CryptoAsset;
  amount_due_minor: bigint;
  address_id: bigint;
  address: string;
  required_confirmations: number;
};

/** The migration's CHECK keeps these all-null or all-set; the guard narrows the row for TypeScript. */
export function isPriced(row: PaymentRow): row is PricedPayment {
  return row.coin !== null && row.amount_due_minor !== null && row.address_id !== null && row.address !== null && row.required_confirmations !== null;
}
