// The ledger side of a withdrawal, two-phase: the confirmation RESERVES (pending transfers) the
// principal wallet -> world and the fee wallet -> house fees, so the money is neither spendable nor
// gone; the payout POSTS both once sent, or VOIDS both when canceled or rejected. The ledger refuses
// a reservation beyond the wallet's available balance inside the same database transaction, which
// is what makes two concurrent confirmations that together exceed the balance end with one refused.

import type { Transaction } from 'kysely';
import type { Asset } from '#core/assets.ts';
import type { Database } from '../../db/schema.ts';
import { createTransfers, type LedgerItem, type LedgerResult } from '../../ledger/index.ts';
import type { MoneyTransactionRow } from '../../db/tables/money.ts';
import { houseAccount, walletAccount } from '../wallet-accounts.ts';

const legs = (row: MoneyTransactionRow) => (row.fee_minor > 0n ? (['principal', 'fee'] as const) : (['principal'] as const));

export async function reserveWithdrawalFunds(trx: Transaction<Database>, row: MoneyTransactionRow): Promise<LedgerResult> {
  if (row.user_id === null) throw new Error(`withdrawal ${row.public_id} has no member`);
  const asset = row.currency_iso as Asset;
  const wallet = await walletAccount(trx, { providerId: row.provider_id, userId: row.user_id, asset });
  const world = await houseAccount(trx, { providerId: row.provider_id, asset, kind: 'world' });
  const batch: LedgerItem[] = [
    { id: `${row.public_id}:principal`, debitAccountId: wallet.id, creditAccountId: world.id, amount: row.amount_minor, code: 'withdrawal', ref: row.public_id, pending: true },
  ];
  if (row.fee_minor > 0n) {
    const fees = await houseAccount(trx, { providerId: row.provider_id, asset, kind: 'fees' });
    batch.push({ id: `${row.public_id}:fee`, debitAccountId: wallet.id, creditAccountId: fees.id, amount: row.fee_minor, code: 'fee', ref: row.public_id, pending: true });
  }
  return createTransfers(trx, batch);
}

/** Post (sent) or void (canceled, rejected) what the confirmation reserved; both legs or neither. */
export async function resolveWithdrawalFunds(trx: Transaction<Database>, row: MoneyTransactionRow, action: 'post' | 'void'): Promise<void> {
  const batch: LedgerItem[] = legs(row).map((leg) => ({ id: `${row.public_id}:${leg}:${action}`, pendingId: `${row.public_id}:${leg}`, action }));
  const result = await createTransfers(trx, batch);
  // The row lock and its status make each reservation resolve once; a refusal here is a bug.
  if (!result.ok) throw new Error(`withdrawal ${row.public_id}: ${action} refused by the ledger: ${result.code} ${result.message}`);
}
