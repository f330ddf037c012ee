// Kysely's view of the tables created by ./migrations. One interface per table, column names as in SQL.
// BIGINT columns are `bigint` on both drivers (see database.ts); jsonb columns arrive parsed.
// Written by hand next to the SQL: a migration that changes a table changes its interface here too.

import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ChainTables } from './tables/chain.ts';
import type { ChainPaymentInputsTables } from './tables/chain-payment-inputs.ts';
import type { ChainPayoutsTables } from './tables/chain-payouts.ts';
import type { LedgerTables } from './tables/ledger.ts';
import type { MerchantKeysTables } from './tables/merchants.ts';
import type { MerchantLogosTables } from './tables/merchant-settings.ts';
import type { PaymentLinksTables } from './tables/payment-links.ts';
import type { DevelopersTables } from './tables/developers.ts';
import type { MoneyTables } from './tables/money.ts';
import type { PaymentsTables } from './tables/payments.ts';
import type { RatesTables } from './tables/rates.ts';
import type { RefundsTables } from './tables/refunds.ts';
import type { ComplianceTables } from './tables/compliance.ts';
import type { SettlementsTables } from './tables/settlements.ts';
import type { WebhooksTables } from './tables/webhooks.ts';
import type { LimitsTables } from './tables/limits.ts';
import type { OperatorsTables } from './tables/operators.ts';
import type { WithdrawalApprovalTables } from './tables/withdrawal-approvals.ts';
import type { CheckoutTables } from './tables/checkouts.ts';
import type { OnlineBankingTables } from './tables/online-banking.ts';
import type { CheckoutRecipientTables } from './tables/checkout-recipients.ts';
import type { PriceBarsTables } from './tables/price-bars.ts';

/** Set by the database on insert, never updated by the application. */
type CreatedAt = ColumnType<Date, never, never>;
/** A jsonb column: read as the parsed value, written as JSON text (see jsonb.ts). */
type Json<T> = ColumnType<T, string, string>;

export interface ProvidersTable {
  id: Generated<bigint>;
  wl_id: string;
  name: string;
  /** NULL = not configured; otherwise checked against ProviderSettingsSchema before use. */
  settings: ColumnType<unknown | null, string | null | undefined, string | null>;
  /** NULL: passwords never expire for this provider. */
  password_max_age_days: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  /** 0019: NULL = the default levels; otherwise checked against LevelsConfigSchema before use (server/limits/). */
  levels: ColumnType<unknown | null, string | null | undefined, string | null>;
  /** Migration fees: the fee on merchant payments in basis points, unless the merchant has its own. */
  merchant_fee_bps: ColumnType<number, number | undefined, number>;
}

export interface ProviderHostsTable {
  host: string;
  provider_id: bigint;
}

export type UserRole = 'member' | 'merchant';

/** Spec §3 server user_info permissions; a missing flag means "not granted" except `send` (spec §6). */
export interface UserPermissions {
  fiat_withdrawals?: 0 | 1;
  send?: 0 | 1;
  withdrawal?: 0 | 1;
  widget?: 0 | 1;
}

export interface UsersTable {
  id: Generated<bigint>;
  provider_id: bigint;
  client_id: Generated<bigint>;
  email: string;
  password_hash: string;
  role: UserRole;
  first_name: Generated<string>;
  last_name: Generated<string>;
  mobile: string | null;
  permissions: ColumnType<UserPermissions, string | undefined, string>;
  created_at: CreatedAt;
  // Identity (0002_identity): S1.
  /** Public opaque id 'usr_' + 22 base64url chars; the database generates it. */
  user_token: Generated<string>;
  /** YYYY-MM-DD or '' (spec §3: the string "null" is stored as ''). */
  date_of_birth: Generated<string>;
  billing: ColumnType<UserBilling, string | undefined, string>;
  /** Two-letter country, '' when unknown (answered as GB). */
  ip_country: Generated<string>;
  language: ColumnType<'en' | 'es' | null, 'en' | 'es' | null | undefined, 'en' | 'es' | null>;
  currency: Generated<string>;
  email_verified: Generated<boolean>;
  mobile_verified: Generated<boolean>;
  compliance_status: Generated<ComplianceStatus>;
  otp_login: Generated<number>;
  otp_login_state: ColumnType<'sent' | 'verified' | null, 'sent' | 'verified' | null | undefined, 'sent' | 'verified' | null>;
  password_changed_at: ColumnType<Date, Date | undefined, Date>;
  failed_login_count: Generated<number>;
  failed_login_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  first_login_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_login_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  previous_login_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Since 0021_operators: set while an operator has the member blocked (sign-in refused, sessions ended). */
  blocked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 0029: the member was made from a guest checkout (spec §4 registration attempt marker: first login lands on /buy). */
  registered_from_checkout_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type ComplianceStatus = 'pending' | 'review' | 'successful' | 'failed' | 'unknown';

/** Spec §3 billing, as stored (every field optional). */
export interface UserBilling {
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  country?: string;
  zipCode?: string;
  issueCountry?: string;
}

export type SessionEndReason = 'replaced' | 'logout' | 'expired' | 'password_changed' | 'password_reset' | 'blocked' | 'operator';

/** One sign-in. The session key is stored only as SHA-256 hex; at most one row per user has ended_at NULL. */
export interface SessionsTable {
  id: Generated<bigint>;
  user_id: bigint;
  provider_id: bigint;
  key_hash: string;
  created_at: CreatedAt;
  last_seen_at: Date;
  expires_at: Date;
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  end_reason: ColumnType<SessionEndReason | null, SessionEndReason | null | undefined, SessionEndReason | null>;
}

/** Spec §5 registration attempt: the reg_token (stored as SHA-256 hex) that lets codes be sent before the account exists. */
export interface RegistrationAttemptsTable {
  id: Generated<bigint>;
  provider_id: bigint;
  token_hash: string;
  email: string;
  mobile: string;
  email_verified: Generated<boolean>;
  mobile_verified: Generated<boolean>;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

// Verification (0003_verification): S2.
export type OtpPurposeColumn = 'verify_email' | 'verify_mobile' | 'login' | 'otp_settings' | 'withdrawal';
export type OtpChannelColumn = 'email' | 'sms';

/** One-time code; code_hash is HMAC-SHA256 (APP_SECRET) hex. Exactly one of user_id and registration_attempt_id is set. */
export interface OneTimeCodesTable {
  id: Generated<bigint>;
  provider_id: bigint;
  user_id: bigint | null;
  registration_attempt_id: bigint | null;
  /** Migration 0027: a guest checkout's email and mobile codes (exactly one of the three owners is set). */
  checkout_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  purpose: OtpPurposeColumn;
  channel: OtpChannelColumn;
  code_hash: string;
  /** SHA-256 hex of the normalised destination (address or number). */
  destination_hash: string;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: Date;
  consumed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  consumed_reason: ColumnType<'verified' | 'superseded' | 'attempts' | null, 'verified' | 'superseded' | 'attempts' | null | undefined, 'verified' | 'superseded' | 'attempts' | null>;
}

/** A mailed link's token (password reset, or since 0004 a sign-in link), stored as SHA-256 hex; single use. */
export interface PasswordResetTokensTable {
  id: Generated<bigint>;
  user_id: bigint;
  token_hash: string;
  /** Which link this is (migration 0004): a password reset or a sign-in link. Never changes. */
  purpose: ColumnType<LinkTokenPurpose, LinkTokenPurpose | undefined, never>;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type LinkTokenPurpose = 'password_reset' | 'login_link';

/** An identity document submitted for review (setVerificationData). */
export interface IdentityDocumentsTable {
  id: Generated<bigint>;
  user_id: bigint;
  document_type: 'passport' | 'id_card' | 'driving_licence' | 'residence_permit';
  document_number: string;
  issue_country: string;
  submitted_at: CreatedAt;
}

/** The test-mode mailbox: the one table where a code or link appears in plaintext, by design. */
export interface DevOutboxTable {
  id: Generated<bigint>;
  provider_id: bigint | null;
  channel: OtpChannelColumn;
  recipient: string;
  subject: Generated<string>;
  text: string;
  html: Generated<string>;
  created_at: CreatedAt;
}

/** Spec §3 widget theme and merchant details, as the merchant configures them. */
export interface WidgetSettings {
  widget_product_name?: string;
  widget_merchant_name?: string;
  widget_return_url?: string;
  widget_theme_logo_url?: string;
  widget_theme_primary_color?: string;
  widget_theme_secondary_color?: string;
  widget_logo_size?: 'Large' | 'Medium' | 'Small';
}

export interface MerchantsTable {
  id: Generated<bigint>;
  user_id: bigint;
  merchant_id: string;
  /** Secret API keys live in merchant_api_keys (tables/merchants.ts). */
  name: string;
  widget_settings: ColumnType<WidgetSettings, string | undefined, string>;
  created_at: CreatedAt;
  /** Migration fees: this merchant's own fee in basis points; NULL: the provider's merchant_fee_bps. */
  fee_bps: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 0038: the merchant API's requests a second per secret key; NULL: the platform default. */
  api_rate_limit_per_second: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: CreatedAt;
}

/** Later issues' tables are declared in tables/, one file per domain, and merged here. */
export interface Database
  extends LedgerTables,
    RatesTables,
    ChainTables,
    ChainPaymentInputsTables,
    ChainPayoutsTables,
    MoneyTables,
    PaymentsTables,
    WebhooksTables,
    MerchantKeysTables,
    RefundsTables,
    PaymentLinksTables,
    MerchantLogosTables,
    DevelopersTables,
    SettlementsTables,
    ComplianceTables,
    LimitsTables,
    OperatorsTables,
    WithdrawalApprovalTables,
    CheckoutTables,
    OnlineBankingTables,
    CheckoutRecipientTables,
    PriceBarsTables {
  providers: ProvidersTable;
  provider_hosts: ProviderHostsTable;
  users: UsersTable;
  merchants: MerchantsTable;
  sessions: SessionsTable;
  registration_attempts: RegistrationAttemptsTable;
  one_time_codes: OneTimeCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  identity_documents: IdentityDocumentsTable;
  dev_outbox: DevOutboxTable;
  schema_migrations: SchemaMigrationsTable;
}

export type Provider = Selectable<ProvidersTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Merchant = Selectable<MerchantsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type RegistrationAttempt = Selectable<RegistrationAttemptsTable>;
