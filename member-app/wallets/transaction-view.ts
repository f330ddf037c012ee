// The transaction lists (/transactions and a wallet's activity) row by row. Which rows exist and
// which status each shows is spec §4, decided once in core/rules/transaction-display.ts
// (expandTransaction / displayRows); what each row moved in the wallet is
// core/rules/wallet-movement.ts (a debit includes the fee, as the ledger took it). This file only
// adds what a screen needs around that: how the amount reads (sign, tone, "not credited"), the
// words for the kind of entry, the tone of the status, and whether the transaction is still open.
import type { TransactionRecord } from '#core/contract/transactions.ts';
import type { Locale } from '#core/language.ts';
import { formatDisplay } from '#core/money-display.ts';
import { displayRows, STATUS_LABELS, type StatusLabel, type TransactionRow } from '#core/rules/transaction-display.ts';
import { movementDirection, requestedMinor, walletMovement, type WalletMovement } from '#core/rules/wallet-movement.ts';
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
  [STATUS_LABELS.pendingApproval]: 'status.pendingApproval',
};

/**
 * How an amount reads. Money that moved or is on its way carries its sign ('in' in the success
 * colour only once it arrived); money that never moved (failed, canceled) carries no sign and no
 * success colour, and says it was not credited or not debited.
 */
export type AmountTone = 'in' | 'out' | 'pending-in' | 'pending-out' | 'void';
export type AmountNote = 'amount.notCredited' | 'amount.notDebited' | null;

export interface AmountView {
  /** "+0.00100000 BTC", "-€200.00", or "€487.50" for money that never moved. */
  text: string;
  tone: AmountTone;
  note: AmountNote;
  /** The fee inside a debit ("€3.00" of "-€200.00"); null when the fee did not come out of this wallet. */
  feeIncluded: string | null;
}

/** `requested`: what the member asked to move (core's requestedMinor), shown instead when nothing moved. */
export function amountView(movement: WalletMovement | null, locale: Locale, requested: bigint | null = null): AmountView {
  if (!movement) return { text: UNREADABLE, tone: 'void', note: null, feeIncluded: null };
  const figure = formatDisplay(movement.state === 'none' && requested !== null ? requested : movement.minor, movement.asset, locale);
  const fee = movement.feeMinor > 0n ? formatDisplay(movement.feeMinor, movement.asset, locale) : null;
  const out = movement.direction === 'out';
  if (movement.state === 'none') return { text: figure, tone: 'void', note: out ? 'amount.notDebited' : 'amount.notCredited', feeIncluded: null };
  const tone: AmountTone = movement.state === 'done' ? movement.direction : out ? 'pending-out' : 'pending-in';
  return { text: `${out ? '-' : '+'}${figure}`, tone, note: null, feeIncluded: fee };
}

export interface TransactionRowView {
  key: string;
  record: TransactionRecord;
  currency: string;
  direction: Direction;
  /** What the row moved in the wallet, as it reads. */
  amount: AmountView;
  kind: KindKey;
  /** 'debit' or 'credit' for the two rows of a conversion. */
  side: 'debit' | 'credit' | null;
  status: StatusLabel;
  tone: StatusTone;
  open: boolean;
}

export function kindKey(record: Pick<TransactionRecord, 'type' | 'operation'>): KindKey {
  if (record.type === 'conversion') return record.operation ? `kind.${record.operation}` : 'kind.conversion';
  if (record.type === 'deposit' || record.type === 'withdrawal' || record.type === 'payment' || record.type === 'settlement') return `kind.${record.type}`;
  return 'kind.other';
}

export function statusTone(status: StatusLabel): StatusTone {
  if (status === STATUS_LABELS.approved) return 'success';
  if (status === STATUS_LABELS.canceled || status === STATUS_LABELS.failed) return 'danger';
  if (status === STATUS_LABELS.twoFaPending || status === STATUS_LABELS.preAuthorized || status === STATUS_LABELS.pending || status === STATUS_LABELS.pendingApproval) return 'pending';
  return 'neutral';
}

/** Still moving: a status refresh may change it (initial = waiting for a code or a payment, pending = on its way). */
export function isOpen(record: Pick<TransactionRecord, 'status'>): boolean {
  return record.status === 'initial' || record.status === 'pending' || record.status === 'awaiting_approval';
}

function rowView(row: TransactionRow, record: TransactionRecord, locale: Locale): TransactionRowView {
  return {
    key: row.key,
    record,
    currency: row.currency_iso,
    direction: movementDirection(record, row.conversion_t),
    amount: amountView(walletMovement(record, row.conversion_t), locale, requestedMinor(record, row.conversion_t)),
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

export interface TransactionGroup {
  id: string;
  rows: TransactionRowView[];
}

/**
 * The rows grouped by transaction, in order: one group per transaction the server counted, so a
 * list says "6 transactions" over six groups even when a conversion shows two lines in its group.
 */
export function transactionGroups(rows: readonly TransactionRowView[]): TransactionGroup[] {
  const groups: TransactionGroup[] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last.id === row.record.id) last.rows.push(row);
    else groups.push({ id: row.record.id, rows: [row] });
  }
  return groups;
}
