// Kysely's view of migration guest_checkouts; server/db/schema.ts merges it into Database.

import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CryptoAsset, FiatAsset } from '#core/assets.ts';
import type { Billing } from '#core/contract/users.ts';
import type { CheckoutFlow, CheckoutPaymentMethod, CheckoutStatus, CheckoutStep } from '#core/rules/checkout-status.ts';

type CreatedAt = ColumnType<Date, never, never>;

export interface GuestCheckoutsTable {
  id: Generated<bigint>;
  public_id: string;
  provider_id: bigint;
  /** merchants.id, when the checkout was started for a merchant. */
  merchant_id: bigint | null;
  flow: CheckoutFlow;
  fiat_currency: FiatAsset;
  /** What the recipient receives: a coin, or for a remittance to an IBAN (migration 0031) the fiat itself. */
  crypto_currency: CryptoAsset | FiatAsset;
  fiat_amount_minor: bigint;
  fee_minor: bigint;
  crypto_amount_minor: bigint;
  rate: string;
  minimum_minor: bigint;
  maximum_minor: bigint;
  crypto_address: string | null;
  payment_method: ColumnType<CheckoutPaymentMethod, CheckoutPaymentMethod | undefined, CheckoutPaymentMethod>;
  step: ColumnType<CheckoutStep, CheckoutStep | undefined, CheckoutStep>;
  status: ColumnType<CheckoutStatus, CheckoutStatus | undefined, CheckoutStatus>;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  mobile: string | null;
  /** 'YYYY-MM-DD', as users.date_of_birth. */
  date_of_birth: ColumnType<string | null, string | null | undefined, string | null>;
  billing: ColumnType<Billing, string | undefined, string>;
  email_verified: ColumnType<boolean, boolean | undefined, boolean>;
  mobile_verified: ColumnType<boolean, boolean | undefined, boolean>;
  verified_id: ColumnType<1 | 3, 1 | 3 | undefined, 1 | 3>;
  expires_at: Date;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** Migration 0026: NULL until the delivery worker sent the coins ('sent') or the network refused them. */
  delivery_status: ColumnType<'sent' | 'rejected' | null, 'sent' | 'rejected' | null | undefined, 'sent' | 'rejected' | null>;
  delivery_txid: ColumnType<string | null, string | null | undefined, string | null>;
  delivery_error: ColumnType<string | null, string | null | undefined, string | null>;
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}


/** A checkout as read: what every part of server/checkout/ passes around. */
export type CheckoutRow = Selectable<GuestCheckoutsTable>;
export type CheckoutPaymentStatus = 'three_d_secure' | 'captured' | 'declined' | 'failed';

/** Migration 0026: one attempt to pay a checkout (checkout_payments). */
export interface CheckoutPaymentsTable {
  id: Generated<bigint>;
  public_id: string;
  checkout_id: bigint;
  provider_id: bigint;
  method: 'card';
  status: CheckoutPaymentStatus;
  amount_minor: bigint;
  fee_minor: bigint;
  crypto_amount_minor: bigint;
  rate: string;
  /** The test acquirer's token and display fields while 3-D Secure waits; display fields only after. */
  card: ColumnType<Record<string, unknown>, string, string>;
  declined: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface GuestCheckoutSessionsTable {
  id: Generated<bigint>;
  checkout_id: bigint;
  /** SHA-256 hex of the flow token; the token itself is never stored. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
}

export interface CheckoutTables {
  guest_checkouts: GuestCheckoutsTable;
  guest_checkout_sessions: GuestCheckoutSessionsTable;
  checkout_payments: CheckoutPaymentsTable;
}
