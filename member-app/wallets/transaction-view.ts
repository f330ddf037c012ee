// The transaction lists (/transactions and a wallet's activity) row by row. Which rows exist and
// which status each shows is spec §4, decided once in core/rules/transaction-display.ts
// (expandTransaction / displayRows); this file only adds what a screen needs around that: the
// direction and sign of the amount, the words for the kind of entry, the tone of the status, and
// whether the transaction is still open (its status can still change).
import { isAsset, type Asset } from '#core/assets.ts';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import type { Locale } from '#core/language.ts';
import { formatDisplay } from '#core/money-display.ts';
import { parseAmount } from '#core/money.ts';
import { displayRows, STATUS_LABELS, type StatusLabel, type TransactionRow } from '#core/rules/transaction-display.ts';
import { UNREADABLE } from './wallet-view.ts';

export type Direction = 'in' | 'out';
export type StatusTone = 'success' | 'pending' | 'danger' | 'neutral';

/** Catalogue keys for what kind of entry a row is (wallets-en.ts 'kind.*'). */
export type KindKey =
  | 'kind.deposit'
  | 'kind.withdrawal'
  | 'kind.payment'
  | 'kind.settlement'
  | 'kind.buy'
  | 'kind.sell'
  | 'kind.trade'
  | 'kind.exchange'
  | 'kind.conversion'
  | 'kind.other';

/** Catalogue keys for the spec §4 labels (wallets-en.ts 'status.*'); an unknown status shows as sent. */
export const STATUS_KEYS: Readonly<Record<string, `status.${string}`>> = {
  [STATUS_LABELS.approved]: 'status.approved',
  [STATUS_LABELS.twoFaPending]: 'status.twoFaPending',
  [STATUS_LABELS.preAuthorized]: 'status.preAuthorized',
  [STATUS_LABELS.pending]: 'status.pending',
  [STATUS_LABELS.canceled]: 'status.canceled',
  [STATUS_LABELS.failed]: 'status.failed',
};

export interface TransactionRowView {
  key: string;
  record: TransactionRecord;
  currency: string;
  direction: Direction;
  /** Signed, formatted: "+0.00100000 BTC", "-€12.50". */
  amount: string;
  kind: KindKey;
  /** 'debit' or 'credit' for the two rows of a conversion. */
  side: 'debit' | 'credit' | null;
  status: StatusLabel;
  tone: StatusTone;
  open: boolean;
}

export function direction(record: Pick<TransactionRecord, 'type'>, side: 'debit' | 'credit' | null): Direction {
  if (side) return side === 'debit' ? 'out' : 'in';
  // For a member, a payment is money a customer paid in (merchants); a settlement leaves to the bank.
  return record.type === 'deposit' || record.type === 'payment' ? 'in' : 'out';
}

export function kindKey(record: Pick<TransactionRecord, 'type' | 'operation'>): KindKey {
  if (record.type === 'conversion') return record.operation ? `kind.${record.operation}` : 'kind.conversion';
  if (record.type === 'deposit' || record.type === 'withdrawal' || record.type === 'payment' || record.type === 'settlement') return `kind.${record.type}`;
  return 'kind.other';
}

export function statusTone(status: StatusLabel): StatusTone {
  if (status === STATUS_LABELS.approved) return 'success';
  if (status === STATUS_LABELS.canceled || status === STATUS_LABELS.failed) return 'danger';
  if (status === STATUS_LABELS.twoFaPending || status === STATUS_LABELS.preAuthorized || status === STATUS_LABELS.pending) return 'pending';
  return 'neutral';
}

/** Still moving: a status refresh may change it (initial = waiting for a code or a payment, pending = on its way). */
export function isOpen(record: Pick<TransactionRecord, 'status'>): boolean {
  return record.status === 'initial' || record.status === 'pending';
}

export function signedAmount(amount: string, currency: string, dir: Direction, locale: Locale): string {
  if (!isAsset(currency)) return `${dir === 'out' ? '-' : '+'}${amount} ${currency}`;
  const parsed = parseAmount(amount, currency as Asset);
  if (!parsed.ok) return UNREADABLE;
  const text = formatDisplay(parsed.minor, currency as Asset, locale);
  return `${dir === 'out' ? '-' : '+'}${text}`;
}

function rowView(row: TransactionRow, record: TransactionRecord, locale: Locale): TransactionRowView {
  const dir = direction(record, row.conversion_t);
  return {
    key: row.key,
    record,
    currency: row.currency_iso,
    direction: dir,
    amount: signedAmount(row.amount, row.currency_iso, dir, locale),
    kind: kindKey(record),
    side: row.conversion_t,
    status: row.status,
    tone: statusTone(row.status),
    open: isOpen(record),
  };
}

/**
 * The rows of a list, newest first as the server sent them. `currency` keeps only one wallet's
 * rows (a conversion then shows only the side that touched that wallet).
 */
export function transactionRows(records: readonly TransactionRecord[], locale: Locale, currency?: string): TransactionRowView[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  return displayRows(records, currency).flatMap((row) => {
    const record = byId.get(row.transaction.id);
    return record ? [rowView(row, record, locale)] : [];
  });
}

export function dateTimeText(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
