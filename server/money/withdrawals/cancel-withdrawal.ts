// A member changes their mind. 2-FA Pending: nothing was reserved, so it is simply canceled.
// Pending and not yet sent: both reservations are voided and the funds are available again. A
// withdrawal the payout worker already sent (or is sending: it holds the row lock) cannot be canceled.
// A large one still awaiting the operators' approval is the member's to call off too: voided the same
// way, and its approval closed as canceled so it leaves the operators' queue.

import type { Kysely } from 'kysely';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { appError, type AppError } from '#core/errors.ts';
import type { Database } from '../../db/schema.ts';
import { lockOwnTransaction, type Owner } from '../deposits/own-transaction.ts';
import { toTransactionRecord } from '../transaction-record.ts';
import { resolveWithdrawalFunds } from './withdrawal-funds.ts';

export type CancelResult = { ok: true; transaction: TransactionRecord } | { ok: false; error: AppError };

export async function cancelWithdrawal(db: Kysely<Database>, owner: Owner, transactionId: string): Promise<CancelResult> {
  return db.transaction().execute(async (trx): Promise<CancelResult> => {
    const row = await lockOwnTransaction(trx, owner, transactionId);
    if (!row || row.type !== 'withdrawal') return { ok: false, error: appError('transaction_not_found') };
    if (row.status !== 'initial' && row.status !== 'pending' && row.status !== 'awaiting_approval') return { ok: false, error: appError('transaction_not_pending') };
    // Handed to the chain payouts: the coins may already be on their way; only the payout's outcome resolves it.
    if (row.details.payout === 'queued') return { ok: false, error: appError('transaction_not_pending') };
    if (row.status !== 'initial') await resolveWithdrawalFunds(trx, row, 'void');
    if (row.status === 'awaiting_approval') await trx.updateTable('withdrawal_approvals').set({ state: 'canceled' }).where('transaction_id', '=', row.id).execute();
    const updated = await trx
      .updateTable('money_transactions')
      .set({ status: 'canceled', updated_at: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, transaction: toTransactionRecord(updated) };
  });
}
