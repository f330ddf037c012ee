// The one way a money_transactions row is written: what a member (or merchant) sees in Transactions,
// recorded in the same database transaction as the ledger transfers that move its money. Every
// feature (conversions, deposits, withdrawals, crypto deposits, merchant payments) names only what
// it knows; the defaults (no second currency, no rate, no confirmations) are decided here once.

import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { toJsonb } from '../db/jsonb.ts';
import type { MoneyTransactionRow, MoneyTransactionsTable } from '../db/tables/money.ts';

export interface NewTransaction {
  /** Made by the caller (newPublicId) when it must name the row before writing it; the database makes one otherwise. */
  publicId?: string;
  providerId: bigint;
  /** The member or merchant user it belongs to. */
  userId: bigint | null;
  type: MoneyTransactionsTable['type'];
  method: MoneyTransactionsTable['method'];
  status: MoneyTransactionsTable['status'];
  paymentStatus?: MoneyTransactionsTable['payment_status'];
  /** Conversions: which screen made it. */
  operation?: MoneyTransactionsTable['operation'];
  currency: string;
  /** What left or arrived in `currency`, fee excluded. */
  amountMinor: bigint;
  currency2?: string | null;
  amount2Minor?: bigint | null;
  feeMinor?: bigint;
  /** Default: `currency`. */
  feeCurrency?: string;
  rate?: string | null;
  counterparty?: string | null;
  reference?: string | null;
  confirmations?: number | null;
  requiredConfirmations?: number | null;
  details: Record<string, unknown>;
}

/** A public id of the database default's shape: 'txn_' and 22 base64url characters of 16 random bytes. */
export function newPublicId(): string {
  return `txn_${randomBytes(16).toString('base64url')}`;
}

function columns(row: NewTransaction) {
  return {
    ...(row.publicId === undefined ? {} : { public_id: row.publicId }),
    provider_id: row.providerId,
    user_id: row.userId,
    type: row.type,
    method: row.method,
    status: row.status,
    payment_status: row.paymentStatus ?? null,
    operation: row.operation ?? null,
    currency_iso: row.currency,
    amount_minor: row.amountMinor,
    currency_2_iso: row.currency2 ?? null,
    amount_2_minor: row.amount2Minor ?? null,
    fee_minor: row.feeMinor ?? 0n,
    fee_currency: row.feeCurrency ?? row.currency,
    rate: row.rate ?? null,
    counterparty: row.counterparty ?? null,
    reference: row.reference ?? null,
    confirmations: row.confirmations ?? null,
    required_confirmations: row.requiredConfirmations ?? null,
    details: toJsonb(row.details),
  };
}

/** Writes the row and answers it as stored (its public_id, times and defaults included). */
export function recordTransaction(db: Db, row: NewTransaction): Promise<MoneyTransactionRow> {
  return db.insertInto('money_transactions').values(columns(row)).returningAll().executeTakeFirstOrThrow();
}

/** Writes the row unless one with the same unique reference exists; undefined then (a retried wire reference). */
export function recordTransactionOnce(db: Db, row: NewTransaction): Promise<MoneyTransactionRow | undefined> {
  return db.insertInto('money_transactions').values(columns(row)).onConflict((conflict) => conflict.doNothing()).returningAll().executeTakeFirst();
}

/** Many rows in one statement; answered as stored, in no promised order (match them on what identifies them). */
export function recordTransactions(db: Db, rows: readonly NewTransaction[]): Promise<MoneyTransactionRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insertInto('money_transactions').values(rows.map(columns)).returningAll().execute();
}
