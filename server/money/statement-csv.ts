// An account statement as CSV (profile#statements): one line per row the transactions screen
// shows (spec §4: hidden initial rows are left out, a conversion is a debit line and a credit
// line), with signed amounts so a spreadsheet's column sum is the net movement per currency.

import type { TransactionRecord } from '#core/contract/transactions.ts';
import { expandTransaction } from '#core/rules/transaction-display.ts';

const HEADER = ['date', 'transaction_id', 'type', 'operation', 'side', 'status', 'currency', 'amount', 'fee', 'fee_currency', 'reference'];

/** Money in (+) or out (-) of the member's wallets for a row. */
function sign(record: TransactionRecord, side: 'debit' | 'credit' | null): '' | '-' {
  if (side === 'debit') return '-';
  if (side === 'credit') return '';
  return record.type === 'withdrawal' || record.type === 'settlement' ? '-' : '';
}

/**
 * A cell as RFC 4180 wants it, and safe to open in a spreadsheet: a text starting with = + - @ or a
 * tab would run as a formula (CSV injection), so it gets a leading apostrophe. Signed amounts are
 * numbers and stay as they are.
 */
export function csvCell(value: string): string {
  const isNumber = /^-?\d+(\.\d+)?$/.test(value);
  const safe = !isNumber && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function statementCsv(records: readonly TransactionRecord[]): string {
  const lines = [HEADER.join(',')];
  for (const record of records) {
    for (const row of expandTransaction(record)) {
      const side = row.conversion_t;
      // The fee is charged once, on the side money left from.
      const fee = side === 'credit' ? '0' : record.fee;
      const cells = [
        record.created_at,
        record.id,
        record.type,
        record.operation ?? '',
        side ?? '',
        row.status,
        row.currency_iso,
        `${sign(record, side)}${row.amount}`,
        fee,
        record.fee_currency,
        record.reference ?? '',
      ];
      lines.push(cells.map(csvCell).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
