// The member's transaction history (spec §7 /transactions/*): the list with filters and paging, one
// wallet's activity, one transaction's status and details, the favourite coins and the account
// statement as CSV. TransactionRecord is the one shape every money answer uses for a transaction
// (conversions, deposits and withdrawals answer it too), so it lives here with the history.
//
// A record satisfies core/rules/transaction-display.ts TransactionSchema, so the display rules of
// spec §4 apply to it unchanged: a conversion is ONE record (currency_iso -> currency_2_iso) that the
// lists show as a debit row and a credit row (transactions.test.ts checks the example against it).

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { AssetSchema, CryptoSchema, Decimal, IsoTime, isoDate, pageQuery, required } from './fields.ts';
import { OperationSchema } from './rates.ts';
import { CHAIN_DROP_REASONS } from '../chain/drop-reasons.ts';
import { object } from './schema-kit.ts';

export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'conversion', 'payment', 'settlement'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** awaiting_approval: a large withdrawal whose funds are reserved, held until two operators approve it (maker-checker). */
export const TRANSACTION_STATUSES = ['initial', 'pending', 'completed', 'canceled', 'failed', 'awaiting_approval'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/** Fiat and card payment states (spec §4 display: authorized shows as Pre-Authorized). */
export const PAYMENT_STATUSES = ['pending', 'authorized', 'successful', 'canceled', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHODS = ['crypto', 'card', 'wire', 'internal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const TransactionTypeSchema = v.picklist(TRANSACTION_TYPES, `Choose one of: ${TRANSACTION_TYPES.join(', ')}.`);
const TransactionStatusSchema = v.picklist(TRANSACTION_STATUSES, `Choose one of: ${TRANSACTION_STATUSES.join(', ')}.`);
const PaymentStatusSchema = v.picklist(PAYMENT_STATUSES);

/** One transaction as the API sends it. */
export const TransactionRecordSchema = v.object({
  id: v.string(),
  type: TransactionTypeSchema,
  /** For conversions: which screen made it. */
  operation: v.nullable(OperationSchema),
  status: TransactionStatusSchema,
  payment_status: v.nullable(PaymentStatusSchema),
  method: v.picklist(PAYMENT_METHODS),
  currency_iso: AssetSchema,
  /** What left (conversion, withdrawal) or arrived (deposit) in currency_iso, fee excluded. */
  amount: Decimal,
  currency_2_iso: v.nullable(AssetSchema),
  amount_2: v.nullable(Decimal),
  fee: Decimal,
  fee_currency: AssetSchema,
  /** Conversion price: how many currency_2 one currency_iso bought. */
  rate: v.nullable(Decimal),
  /** Crypto address paid to or from, the wire reference, or the masked card / IBAN. */
  counterparty: v.nullable(v.string()),
  /** Wire deposits: the reference the member must quote; withdrawals: the network transaction id once sent. */
  reference: v.nullable(v.string()),
  confirmations: v.nullable(v.number()),
  required_confirmations: v.nullable(v.number()),
  /**
   * Only on a crypto deposit that failed because its transaction left the network before it confirmed:
   * replaced (RBF or double spent), dropped (evicted from the mempool), or reorged_out (its block left
   * the chain and it did not come back). Nothing was credited.
   */
  dropped: v.optional(v.picklist(CHAIN_DROP_REASONS)),
  created_at: IsoTime,
  updated_at: IsoTime,
});
export type TransactionRecord = v.InferOutput<typeof TransactionRecordSchema>;

/** A request naming one of the member's transactions. */
export const TransactionIdSchema = object({ transaction_id: v.pipe(required(), v.maxLength(64, 'The transaction id is too long.')) });

/** { transaction }: the details, and the answer of every call that changes one transaction. */
export const TransactionDetailsAnswerSchema = v.object({ transaction: TransactionRecordSchema });
export type TransactionDetailsAnswer = v.InferOutput<typeof TransactionDetailsAnswerSchema>;

export const TransactionsQuerySchema = object({
  type: v.optional(TransactionTypeSchema),
  currency: v.optional(AssetSchema),
  status: v.optional(TransactionStatusSchema),
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  ...pageQuery,
});
export type TransactionsQuery = v.InferInput<typeof TransactionsQuerySchema>;

export const WalletActivityQuerySchema = object({ currency: AssetSchema, ...pageQuery });

/** Newest first. */
export const TransactionsPageSchema = v.object({
  transactions: v.array(TransactionRecordSchema),
  page: v.number(),
  per_page: v.number(),
  total: v.number(),
});
export type TransactionsPage = v.InferOutput<typeof TransactionsPageSchema>;

export const TransactionStatusAnswerSchema = v.object({
  transaction_id: v.string(),
  status: TransactionStatusSchema,
  payment_status: v.nullable(PaymentStatusSchema),
});
export type TransactionStatusAnswer = v.InferOutput<typeof TransactionStatusAnswerSchema>;

/** The coins the member uses most, most used first (at most 5). */
export const FavoritesAnswerSchema = v.object({ favorites: v.array(CryptoSchema) });
export type FavoritesAnswer = v.InferOutput<typeof FavoritesAnswerSchema>;

export const StatementQuerySchema = object({ from: isoDate, to: isoDate });

const MEMBER_ERRORS = ['unauthorized', 'invalid_session', 'double_auth_required'] as const;

export const EXAMPLE_TRANSACTION: TransactionRecord = {
  id: 'txn_01JDQ8Z6K4M2N7P9R3S5T8V0WX',
  type: 'conversion',
  operation: 'buy',
  status: 'completed',
  payment_status: null,
  method: 'internal',
  currency_iso: 'EUR',
  amount: '50.00',
  currency_2_iso: 'BTC',
  amount_2: '0.00056700',
  fee: '0.75',
  fee_currency: 'EUR',
  rate: '0.00001147',
  counterparty: null,
  reference: null,
  confirmations: null,
  required_confirmations: null,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
};

export const getTransactions = endpoint({
  id: 'transactions.getTransactions',
  method: 'GET',
  base: 'main',
  path: 'transactions/getTransactions',
  caller: 'member',
  query: TransactionsQuerySchema,
  answer: TransactionsPageSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The member\'s transactions, newest first, filtered by type, currency, status and dates, a page at a time.',
    description: 'A conversion is one record found by either of its currencies. `page` from 1, `per_page` 1 to 100 (default 20), both in digits.',
    errors: [...MEMBER_ERRORS],
    example: {
      query: { currency: 'BTC', page: '1', per_page: '20' },
      answer: { transactions: [EXAMPLE_TRANSACTION], page: 1, per_page: 20, total: 1 },
    },
  },
});

export const getWalletActivity = endpoint({
  id: 'transactions.getWalletActivity',
  method: 'GET',
  base: 'main',
  path: 'transactions/getWalletActivity',
  caller: 'member',
  query: WalletActivityQuerySchema,
  answer: TransactionsPageSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The transactions that moved one of the member\'s wallets, newest first, a page at a time.',
    errors: [...MEMBER_ERRORS],
    example: {
      query: { currency: 'EUR' },
      answer: { transactions: [EXAMPLE_TRANSACTION], page: 1, per_page: 20, total: 1 },
    },
  },
});

export const getTransactionStatus = endpoint({
  id: 'transactions.getTransactionStatus',
  method: 'POST',
  base: 'main',
  path: 'transactions/getTransactionStatus',
  caller: 'member',
  body: TransactionIdSchema,
  answer: TransactionStatusAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The status and payment status of one of the member\'s transactions.',
    errors: ['transaction_not_found', ...MEMBER_ERRORS],
    example: {
      body: { transaction_id: EXAMPLE_TRANSACTION.id },
      answer: { transaction_id: EXAMPLE_TRANSACTION.id, status: 'initial', payment_status: 'authorized' },
    },
  },
});

export const getTransacionaDetails = endpoint({
  id: 'transactions.getTransacionaDetails',
  method: 'POST',
  base: 'main',
  // The spelling is the spec's (§7); the path is kept exactly so.
  path: 'transactions/getTransacionaDetails',
  caller: 'member',
  body: TransactionIdSchema,
  answer: TransactionDetailsAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Everything about one of the member\'s transactions.',
    errors: ['transaction_not_found', ...MEMBER_ERRORS],
    example: { body: { transaction_id: EXAMPLE_TRANSACTION.id }, answer: { transaction: EXAMPLE_TRANSACTION } },
  },
});

export const getFavorites = endpoint({
  id: 'transactions.getFavorites',
  method: 'GET',
  base: 'main',
  path: 'transactions/getFavorites',
  caller: 'member',
  answer: FavoritesAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The coins the member moved most often in finished transactions, most used first (at most 5).',
    errors: [...MEMBER_ERRORS],
    example: { answer: { favorites: ['BTC', 'ETH'] } },
  },
});

export const statement = endpoint({
  id: 'transactions.statement',
  method: 'GET',
  base: 'main',
  path: 'transactions/statement',
  caller: 'member',
  query: StatementQuerySchema,
  answer: v.string(),
  format: 'csv',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The member\'s account statement for a date range (at most a year), as a CSV download.',
    description: 'Only where the provider enables statements (permission flag `enable_statements`). A conversion is two signed lines, a debit and a credit.',
    errors: ['operation_disabled', 'provider_not_found', 'provider_not_configured', ...MEMBER_ERRORS],
    example: {
      query: { from: '2026-11-01', to: '2026-11-30' },
      answer: 'date,transaction_id,type,operation,side,status,currency,amount,fee,fee_currency,reference\r\n',
    },
  },
});

export const TRANSACTIONS_ENDPOINTS = [getTransactions, getWalletActivity, getTransactionStatus, getTransacionaDetails, getFavorites, statement];
