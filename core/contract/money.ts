// The wire contract of the money endpoints (issue 4; spec §7 /users/getUserBalances, /users/createWallet,
// /transactions/*, /checkout/getRates, /checkout/getChartRates, /coupons/validate), plus the quote,
// conversion, deposit and withdrawal calls the spec leaves to us. The server parses every body and
// query with these schemas; the member app's forms validate with the same ones.
//
// Amounts are decimal strings in the asset's decimals ("0.00120000", "12.50"), never numbers.
// Main API answers use the request_status envelope; /checkout/* answers use { success, data }.
//
// Failures (error_message.code, see core/errors.ts), besides 400 validation_failed with fields:
//   every call          401 unauthorized / invalid_session (session), 403 double_auth_required
//   getRates            503 rates_unavailable, 404 coupon_invalid (with coupon_code)
//   quote               400 pair_not_supported / currency_not_supported / amount_below_minimum /
//                       amount_above_maximum, 403 operation_disabled (trade/exchange off), 409 insufficient_funds
//   convert             404 quote_not_found, 409 quote_expired / insufficient_funds / liquidity_unavailable
//   deposit             402 card_declined, 400 card_invalid, 400 amount_below_minimum / amount_above_maximum
//   withdrawal          409 insufficient_funds, 400 address_invalid, 404 beneficiary_not_found,
//                       403 operation_disabled (Withdraw Fiat gate, spec §6)
//   withdrawal/confirm  400 invalid_code / code_expired, 429 code_attempts_exceeded, 409 transaction_not_pending
//   getTransaction*     404 transaction_not_found

import * as v from 'valibot';
import { ACCOUNT_FIAT, ASSETS, CRYPTO, FIAT, type AccountFiat, type Asset, type CryptoAsset } from '../assets.ts';
import { CHART_RANGES, OPERATIONS, type AmountLimits, type ChartRange, type Operation } from './rates.ts';
import { REQUIRED_FIELD } from './fields.ts';

const required = (message = REQUIRED_FIELD) => v.pipe(v.string(REQUIRED_FIELD), v.trim(), v.nonEmpty(message));

/** A decimal string; its decimals and range are checked by core/money.ts parseAmount for the asset in question. */
export const AmountInputSchema = v.pipe(
  v.string('Send the amount as a decimal string such as "12.50", not as a number.'),
  v.trim(),
  v.nonEmpty('Enter an amount.'),
  v.maxLength(40, 'The amount is too long.'),
);

export const AssetSchema = v.picklist(ASSETS, `Choose one of: ${ASSETS.join(', ')}.`);
export const CryptoSchema = v.picklist(CRYPTO, `Choose one of: ${CRYPTO.join(', ')}.`);
export const FiatSchema = v.picklist(FIAT, `Choose one of: ${FIAT.join(', ')}.`);
export const AccountFiatSchema = v.picklist(ACCOUNT_FIAT, `Choose one of: ${ACCOUNT_FIAT.join(', ')}.`);

/** Paging: page from 1, per_page 1..100 (default 20). Query strings arrive as text, so digits are accepted as strings. */
const pageNumber = (fallback: number, max: number) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((raw) => Number(raw)),
      v.integer('Use a whole number.'),
      v.minValue(1, 'Use 1 or more.'),
      v.maxValue(max, `Use at most ${max}.`),
    ),
    fallback,
  );

const isoDate = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-22.'));

// ---------------------------------------------------------------------------------------------
// Wallets

export interface WalletBalance {
  currency: Asset;
  kind: 'crypto' | 'fiat';
  /** "Bitcoin", "Euro". */
  name: string;
  /** Posted balance: what the member owns. */
  balance: string;
  /** Balance minus reserved (pending withdrawals): what can be spent now. */
  available: string;
  /** Incoming, not yet final (unconfirmed deposits, authorised card payments). */
  pending_in: string;
  /** Crypto wallets: the member's deposit address (test network addresses in test mode); fiat: null. */
  address: string | null;
  /** Destination tag for coins that need one; none of ours do, so null. */
  tag: string | null;
  /** balance in the member's fiat currency at the current mid price; null while no price is available. */
  value: string | null;
}

/** GET /users/getUserBalances: request_details. The member's fiat wallet always exists. */
export interface BalancesAnswer {
  currency: AccountFiat;
  wallets: WalletBalance[];
  /** Total value of all wallets per account fiat and in BTC (spec §3 account_values); null while a price is missing. */
  account_values: Record<AccountFiat | 'BTC', string | null>;
}

/** POST /users/createWallet: one coin, or every supported coin at once (multichain). Idempotent. */
export const CreateWalletSchema = v.union(
  [v.object({ symbol: AssetSchema }), v.object({ multichain: v.literal(true) })],
  'Send { "symbol": "BTC" } or { "multichain": true }.',
);

export interface CreateWalletAnswer {
  wallets: WalletBalance[];
}

export const WalletActivityQuerySchema = v.object({
  currency: AssetSchema,
  page: pageNumber(1, 100_000),
  per_page: pageNumber(20, 100),
});

export const WalletBalanceActivityQuerySchema = v.object({
  currency: AssetSchema,
  range: v.optional(v.picklist(CHART_RANGES), '30d'),
});

/** GET /transactions/getWalletBalanceActivity: the balance after each change in the range, oldest first. */
export interface BalanceActivityAnswer {
  currency: Asset;
  range: ChartRange;
  points: { t: string; balance: string }[];
}

/** GET /transactions/getFavorites: the coins the member uses most, most used first (at most 5). */
export interface FavoritesAnswer {
  favorites: CryptoAsset[];
}

// ---------------------------------------------------------------------------------------------
// Transactions

export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'conversion', 'payment', 'settlement'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_STATUSES = ['initial', 'pending', 'completed', 'canceled', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/** Fiat and card payment states (spec §4 display: authorized shows as Pre-Authorized). */
export const PAYMENT_STATUSES = ['pending', 'authorized', 'successful', 'canceled', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHODS = ['crypto', 'card', 'wire', 'internal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * One transaction as the API sends it. It satisfies core/rules/transaction-display.ts
 * TransactionSchema, so the display rules of spec §4 apply to it unchanged: a conversion is ONE
 * record (currency_iso -> currency_2_iso) that the list shows as a debit row and a credit row.
 */
export interface TransactionRecord {
  id: string;
  type: TransactionType;
  /** For conversions: which screen made it. */
  operation: Operation | null;
  status: TransactionStatus;
  payment_status: PaymentStatus | null;
  method: PaymentMethod;
  currency_iso: Asset;
  /** What left (conversion, withdrawal) or arrived (deposit) in currency_iso, fee excluded. */
  amount: string;
  currency_2_iso: Asset | null;
  amount_2: string | null;
  fee: string;
  fee_currency: Asset;
  /** Conversion price: how many currency_2 one currency_iso bought. */
  rate: string | null;
  /** Crypto address paid to or from, the wire reference, or the masked card / IBAN. */
  counterparty: string | null;
  /** Wire deposits: the reference the member must quote; withdrawals: the network transaction id once sent. */
  reference: string | null;
  confirmations: number | null;
  required_confirmations: number | null;
  created_at: string;
  updated_at: string;
}

export const TransactionsQuerySchema = v.object({
  type: v.optional(v.picklist(TRANSACTION_TYPES)),
  currency: v.optional(AssetSchema),
  status: v.optional(v.picklist(TRANSACTION_STATUSES)),
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  page: pageNumber(1, 100_000),
  per_page: pageNumber(20, 100),
});

/** GET /transactions/getTransactions and getWalletActivity: newest first. */
export interface TransactionsPage {
  transactions: TransactionRecord[];
  page: number;
  per_page: number;
  total: number;
}

export const TransactionIdSchema = v.object({ transaction_id: v.pipe(required(), v.maxLength(64, 'The transaction id is too long.')) });

/** POST /transactions/getTransactionStatus: request_details. */
export interface TransactionStatusAnswer {
  transaction_id: string;
  status: TransactionStatus;
  payment_status: PaymentStatus | null;
}

/** POST /transactions/getTransacionaDetails (sic, spec §7): request_details. */
export interface TransactionDetailsAnswer {
  transaction: TransactionRecord;
}

/** GET /transactions/statement?from&to: text/csv download (provider flag enable_statements). */
export const StatementQuerySchema = v.object({ from: isoDate, to: isoDate });

// ---------------------------------------------------------------------------------------------
// Quotes and conversions

export const QuoteSchema = v.object({
  operation: v.picklist(OPERATIONS, `Choose one of: ${OPERATIONS.join(', ')}.`),
  from_currency: AssetSchema,
  to_currency: AssetSchema,
  /** What the member spends, in from_currency, fee included. */
  amount: AmountInputSchema,
  coupon_code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
});

/** POST /transactions/quote: request_details. The price holds until expires_at. */
export interface QuoteAnswer {
  quote_id: string;
  operation: Operation;
  from_currency: Asset;
  /** Spent in total, fee included. */
  from_amount: string;
  fee: string;
  fee_currency: Asset;
  to_currency: Asset;
  /** Received, rounded down. */
  to_amount: string;
  rate: string;
  expires_at: string;
  expires_in_s: number;
}

/** POST /transactions/convert (Idempotency-Key header recommended): request_details { transaction }. */
export const ConvertSchema = v.object({ quote_id: v.pipe(required(), v.maxLength(64)) });

// ---------------------------------------------------------------------------------------------
// Deposits

/** Test-acquirer card input. In live mode cards go to the acquirer's hosted fields, never to us. */
export const CardInputSchema = v.object({
  number: v.pipe(v.string(REQUIRED_FIELD), v.transform((raw) => raw.replace(/[\s-]/g, '')), v.regex(/^\d{12,19}$/, 'Enter the card number: 12 to 19 digits.')),
  exp_month: v.pipe(v.string(REQUIRED_FIELD), v.regex(/^(0?[1-9]|1[0-2])$/, 'Enter the expiry month, 01 to 12.')),
  exp_year: v.pipe(v.string(REQUIRED_FIELD), v.regex(/^(\d{2}|\d{4})$/, 'Enter the expiry year, like 28 or 2028.')),
  cvc: v.pipe(v.string(REQUIRED_FIELD), v.regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code.')),
  holder: v.pipe(required(), v.maxLength(100, 'Use at most 100 characters.')),
});

export const DepositSchema = v.variant(
  'method',
  [
    v.object({ method: v.literal('card'), currency: AccountFiatSchema, amount: AmountInputSchema, card: CardInputSchema }),
    /** A saved card (GET /users/getUserCards). */
    v.object({ method: v.literal('saved_card'), currency: AccountFiatSchema, amount: AmountInputSchema, card_id: v.pipe(required(), v.maxLength(64)) }),
    v.object({ method: v.literal('wire'), currency: AccountFiatSchema, amount: AmountInputSchema }),
  ],
  'Choose a deposit method: card, saved_card or wire.',
);

/** POST /transactions/deposit: request_details. */
export interface DepositAnswer {
  transaction: TransactionRecord;
  /** A card that needs 3-D Secure: finish with POST /transactions/deposit/3ds. */
  next_action: { type: 'three_d_secure'; transaction_id: string } | null;
  /** Wire deposits: where to send the money and the reference to quote. */
  wire_instructions: WireInstructions | null;
}

export interface WireInstructions {
  reference: string;
  amount: string;
  currency: Asset;
  bank_name: string;
  account_holder: string;
  iban: string;
  swift: string;
}

/** The test acquirer's 3-D Secure challenge, answered by the member. */
export const ThreeDSecureSchema = v.object({
  transaction_id: v.pipe(required(), v.maxLength(64)),
  outcome: v.picklist(['approve', 'fail'], 'Choose approve or fail.'),
});

/** GET /users/getUserCards: request_details. Cards are kept as acquirer tokens; we hold no card number. */
export interface CardsAnswer {
  cards: { id: string; brand: string; last4: string; exp_month: string; exp_year: string; holder: string }[];
}

// ---------------------------------------------------------------------------------------------
// Withdrawals and beneficiaries

export const AddBeneficiarySchema = v.object({
  name: v.pipe(required(), v.maxLength(100, 'Use at most 100 characters.')),
  bank_name: v.pipe(required(), v.maxLength(100, 'Use at most 100 characters.')),
  iban: v.pipe(v.string(REQUIRED_FIELD), v.transform((raw) => raw.replace(/\s/g, '').toUpperCase()), v.regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, 'Enter the IBAN, starting with the country code, like DE89 3704 0044 0532 0130 00.')),
  swift: v.pipe(v.string(REQUIRED_FIELD), v.transform((raw) => raw.replace(/\s/g, '').toUpperCase()), v.regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'Enter the 8 or 11 character SWIFT/BIC code.')),
  currency: AccountFiatSchema,
});

export interface Beneficiary {
  id: string;
  name: string;
  bank_name: string;
  /** Masked: country, check digits and the last 4 characters. */
  iban: string;
  swift: string;
  currency: AccountFiat;
}

/** GET /users/getUserBeneficiaries; POST /users/addBeneficiary answers { beneficiary }. */
export interface BeneficiariesAnswer {
  beneficiaries: Beneficiary[];
}

export const WithdrawalSchema = v.variant(
  'method',
  [
    v.object({ method: v.literal('crypto'), currency: CryptoSchema, amount: AmountInputSchema, address: v.pipe(required(), v.maxLength(128)) }),
    v.object({ method: v.literal('wire'), currency: AccountFiatSchema, amount: AmountInputSchema, beneficiary_id: v.pipe(required(), v.maxLength(64)) }),
  ],
  'Choose a withdrawal method: crypto or wire.',
);

/** POST /transactions/withdrawal: the withdrawal starts 2-FA Pending and a code goes to the member. */
export interface WithdrawalAnswer {
  transaction: TransactionRecord;
  /** Masked e-mail address the code went to. */
  code_sent_to: string;
}

export const ConfirmWithdrawalSchema = v.object({
  transaction_id: v.pipe(required(), v.maxLength(64)),
  code: v.pipe(v.string(REQUIRED_FIELD), v.trim(), v.regex(/^\d{6}$/, 'Enter the 6-digit code.')),
});
