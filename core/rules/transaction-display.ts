// Spec §4 transaction display: which status label a transaction shows, which transactions are
// hidden, and how one conversion becomes two rows (a debit in the source currency's list and a
// credit in the target currency's list), so every list shows money leaving and arriving.

import * as v from 'valibot';
import { isFiat } from '../assets.ts';

/** A plain non-negative decimal string; its decimals are checked against the asset by money.ts where it is used. */
const decimalString = v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, 'must be a decimal string like "12.50"'));

/**
 * Spec §3 Transaction. `amount` is in currency_iso; `amount_2` in currency_2_iso (a conversion's target).
 * The server sends ONE record per conversion without conversion_t; the display adds conversion_t per row.
 * A record that already carries conversion_t is one side of a conversion and is shown as that side only.
 */
export const TransactionSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  /** Includes 'conversion' and 'withdrawal' (spec §3); also 'deposit', 'buy', 'sell' and others. */
  type: v.string(),
  /** 'initial' until processed, then e.g. 'completed'. */
  status: v.string(),
  payment_status: v.optional(v.nullable(v.string())),
  currency_iso: v.string(),
  currency_2_iso: v.optional(v.nullable(v.string())),
  conversion_t: v.optional(v.nullable(v.picklist(['debit', 'credit']))),
  amount: decimalString,
  amount_2: v.optional(v.nullable(decimalString)),
});
export type Transaction = v.InferOutput<typeof TransactionSchema>;

/** The labels of spec §4; any other status is shown as the server wrote it. */
export const STATUS_LABELS = {
  approved: 'approved',
  twoFaPending: '2-FA Pending',
  preAuthorized: 'Pre-Authorized',
  pending: 'pending',
  canceled: 'canceled',
  failed: 'failed',
  /** A large withdrawal, reserved, waiting for the provider's two operators (maker-checker). */
  pendingApproval: 'pending approval',
} as const;
export type KnownStatusLabel = (typeof STATUS_LABELS)[keyof typeof STATUS_LABELS];
export type StatusLabel = KnownStatusLabel | (string & {});

const PAYMENT_STATUS_LABELS: Readonly<Record<string, KnownStatusLabel>> = {
  authorized: STATUS_LABELS.preAuthorized,
  pending: STATUS_LABELS.pending,
  canceled: STATUS_LABELS.canceled,
  failed: STATUS_LABELS.failed,
};

/**
 * The status label a transaction shows, or null when it is hidden. Checked in this order:
 * completed -> approved; awaiting_approval -> pending approval; an initial withdrawal -> 2-FA Pending (it waits for the user's code, not a
 * payment); an initial transaction without payment_status -> hidden (nothing has happened yet);
 * an initial fiat transaction -> its payment_status label; anything else -> the raw status.
 */
export function transactionStatusLabel(tx: Transaction): StatusLabel | null {
  if (tx.status === 'completed') return STATUS_LABELS.approved;
  if (tx.status === 'awaiting_approval') return STATUS_LABELS.pendingApproval;
  if (tx.status !== 'initial') return tx.status;
  if (tx.type === 'withdrawal') return STATUS_LABELS.twoFaPending;
  if (!tx.payment_status) return null;
  if (isFiat(tx.currency_iso)) return PAYMENT_STATUS_LABELS[tx.payment_status] ?? tx.status;
  return tx.status;
}

export interface TransactionRow {
  /** Unique per row: the id, plus ":debit" or ":credit" for the two rows of one conversion. */
  key: string;
  transaction: Transaction;
  currency_iso: string;
  amount: string;
  conversion_t: 'debit' | 'credit' | null;
  status: StatusLabel;
}

/** The rows one transaction shows as: none when hidden, two for a conversion, otherwise one. */
export function expandTransaction(tx: Transaction): TransactionRow[] {
  const status = transactionStatusLabel(tx);
  if (status === null) return [];
  const row = (currency_iso: string, amount: string, conversion_t: TransactionRow['conversion_t']): TransactionRow => ({
    key: conversion_t ? `${tx.id}:${conversion_t}` : tx.id,
    transaction: tx,
    currency_iso,
    amount,
    conversion_t,
    status,
  });
  if (tx.type !== 'conversion') return [row(tx.currency_iso, tx.amount, null)];
  if (tx.conversion_t) return [row(tx.currency_iso, tx.amount, tx.conversion_t)];
  const debit = row(tx.currency_iso, tx.amount, 'debit');
  // Without a target the credit side cannot be shown; the debit still tells the user where the money went.
  if (!tx.currency_2_iso || !tx.amount_2) return [debit];
  return [debit, row(tx.currency_2_iso, tx.amount_2, 'credit')];
}

/**
 * The rows of a list: the fiat list passes a predicate (isFiat), a wallet list its currency ('BTC').
 * Order follows the input; a conversion's debit row comes before its credit row.
 */
export function displayRows(transactions: readonly Transaction[], currency?: string | ((currency: string) => boolean)): TransactionRow[] {
  const keep = currency === undefined ? () => true : typeof currency === 'string' ? (c: string) => c === currency : currency;
  return transactions.flatMap(expandTransaction).filter((row) => keep(row.currency_iso));
}
