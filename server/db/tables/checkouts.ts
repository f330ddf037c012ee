// Kysely's view of migration guest_checkouts; server/db/schema.ts merges it into Database.

import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CryptoAsset, FiatAsset } from '#core/assets.ts';
import type { Billing } from '#core/contract/users.ts';
import type { CheckoutFlow, CheckoutPaymentMethod, CheckoutStatus, CheckoutStep } from '#core/rules/checkout-status.ts';

type CreatedAt = ColumnType<Date, never, never>;

/** A checkout's coins on their way to the guest (deliver-checkouts.ts). */
export type DeliveryStatus = 'queued' | 'sent' | 'rejected';

export interface GuestCheckoutsTable {
  id: Generated<bigint>;
  public_id: string;
  provider_id: bigint;
  /** merchants.id, when the checkout was started for a merchant. */
  merchant_id: bigint | null;
  flow: CheckoutFlow;
  fiat_currency: FiatAsset;
  /** What the recipient receives: a coin, or for a remittance to an IBAN (migration 0030) the fiat itself. */
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
  /**
   * Migration 0026: NULL until the delivery worker takes it; 'queued' (0034) once its chain payout is
   * accepted (delivery_txid from the broadcast on); 'sent' when mined; 'rejected' when refused or failed.
   */
  delivery_status: ColumnType<DeliveryStatus | null, DeliveryStatus | null | undefined, DeliveryStatus | null>;
  delivery_txid: ColumnType<string | null, string | null | undefined, string | null>;
  delivery_error: ColumnType<string | null, string | null | undefined, string | null>;
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 0027: what the guest is told when the checkout ended unpaid (declined, identity rejected, not cleared in time, canceled while held). */
  failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0029: the provider's invoice number, given in the transaction that made the checkout successful. */
  invoice_number: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  invoiced_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  receipt_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  language: ColumnType<'en' | 'es' | null, 'en' | 'es' | null | undefined, 'en' | 'es' | null>;
  /** The member the guest became (POST /users/checkout/register), or null. */
  user_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  coupon_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  coupon_code: ColumnType<string | null, string | null | undefined, string | null>;
}


/** A checkout as read: what every part of server/checkout/ passes around. */
export type CheckoutRow = Selectable<GuestCheckoutsTable>;
/** Migration 0027 added authorized (pending in the ledger until cleared) and voided (released, nothing charged); 0028 a wire's awaiting and expired. */
export type CheckoutPaymentStatus = 'three_d_secure' | 'authorized' | 'captured' | 'voided' | 'declined' | 'failed' | 'awaiting' | 'expired';
/** Migration 0028: how a payment is made (the card, a wire the operator matches, online banking). */
export type CheckoutPaymentMethodKind = 'card' | 'wire' | 'online_banking';

/** Migration 0026: one attempt to pay a checkout (checkout_payments). */
export interface CheckoutPaymentsTable {
  id: Generated<bigint>;
  public_id: string;
  checkout_id: bigint;
  provider_id: bigint;
  method: CheckoutPaymentMethodKind;
  status: CheckoutPaymentStatus;
  amount_minor: bigint;
  fee_minor: bigint;
  crypto_amount_minor: bigint;
  rate: string;
  /** The test acquirer's token and display fields while 3-D Secure waits; display fields only after. */
  card: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  declined: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** Migration 0028, a wire: the reference the buyer quotes (with its check character) and its window. */
  wire_reference: ColumnType<string | null, string | null | undefined, string | null>;
  window_ends_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the money arrived (the operator's match, or the bank's approval). */
  received_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 0028, online banking: the bank_payments row whose signed callback decides the payment. */
  bank_payment_id: ColumnType<string | null, string | null | undefined, string | null>;
  bank_approval_url: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface GuestCheckoutSessionsTable {
  id: Generated<bigint>;
  checkout_id: bigint;
  /** SHA-256 hex of the flow token; the token itself is never stored. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
}

export type GuestIdentityState = 'review' | 'approved' | 'rejected';
export type GuestDocumentType = 'passport' | 'id_card' | 'driving_licence';
export type SealedImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** Migration 0027: a guest checkout's identity check (guest_identity_checks), one per checkout. */
export interface GuestIdentityChecksTable {
  id: Generated<bigint>;
  checkout_id: bigint;
  provider_id: bigint;
  document_type: GuestDocumentType;
  document_number: string;
  issue_country: string;
  document_content_type: SealedImageType;
  document_sha256: string;
  document_sealed: Uint8Array;
  selfie_content_type: SealedImageType;
  selfie_sha256: string;
  selfie_sealed: Uint8Array;
  state: ColumnType<GuestIdentityState, GuestIdentityState | undefined, GuestIdentityState>;
  reason_code: string | null;
  provider_decision: string | null;
  submitted_at: CreatedAt;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Migration 0029: the last invoice number given per provider. */
export interface InvoiceSequencesTable {
  provider_id: bigint;
  last_number: bigint;
}

export interface CheckoutTables {
  guest_identity_checks: GuestIdentityChecksTable;
  guest_checkouts: GuestCheckoutsTable;
  guest_checkout_sessions: GuestCheckoutSessionsTable;
  checkout_payments: CheckoutPaymentsTable;
  invoice_sequences: InvoiceSequencesTable;
}
