// An account statement as CSV (profile#statements): one line per row the transactions screen
// shows (spec §4: hidden initial rows are left out, a conversion is a debit line and a credit
// line). `amount` is what the row moved in the wallet, signed, as the ledger moved it (core's
// walletMovement: money out includes its fee, and a failed or canceled row moved nothing), so a
// spreadsheet's column sum per currency is the wallet's net movement. `fee` is the fee charged on the
// transaction, in `fee_currency`, once (on a conversion's debit line): money out already includes it,
// a deposit's was taken before the wallet (a card deposit credits the charge less its fee).

import type { TransactionRecord } from '#core/contract/transactions.ts';
import { formatMinor } from '#core/money.ts';
import { expandTransaction } from '#core/rules/transaction-display.ts';
import { walletMovement } from '#core/rules/wallet-movement.ts';

const HEADER = ['date', 'transaction_id', 'type', 'operation', 'side', 'status', 'currency', 'amount', 'fee', 'fee_currency', 'reference'];

/** The row's signed movement in the wallet and the fee it carries, as decimal strings. */
function moved(record: TransactionRecord, side: 'debit' | 'credit' | null): { amount: string; fee: string } {
  const movement = walletMovement(record, side);
  if (!movement) throw new Error(`statement: transaction ${record.id} has amounts that cannot be read`);
  // Nothing moved and nothing was charged: a declined card, a cancelled withdrawal.
  if (movement.state === 'none') return { amount: formatMinor(0n, movement.asset), fee: '0' };
  const amount = formatMinor(movement.minor, movement.asset);
  return { amount: movement.direction === 'out' ? `-${amount}` : amount, fee: side === 'credit' ? '0' : record.fee };
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
      const { amount, fee } = moved(record, side);
      const cells = [
        record.created_at,
        record.id,
        record.type,
        record.operation ?? '',
        side ?? '',
        row.status,
        row.currency_iso,
        amount,
        fee,
        record.fee_currency,
        record.reference ?? '',
      ];
      lines.push(cells.map(csvCell).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
