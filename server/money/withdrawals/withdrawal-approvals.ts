// Maker-checker on a large withdrawal held as 'awaiting_approval' (confirm-withdrawal.ts): a first
// operator reviews and approves it (the maker), then a SECOND, different operator confirms it (the
// checker); only then does it become 'pending' and the payout worker sends it like any other. The
// same operator can never do both: refused here with approval_same_operator, and by a CHECK in the
// database as well. Any finance or admin operator may reject it while it waits: its reservation is
// voided (the money is back in the member's wallet), it fails with the reason, and the member is told.
//
// Each function runs inside the caller's database transaction, so the console records its audit row
// in the same transaction as the change (server/operators/audit.ts), and locks the transaction row
// first, then its approval, the order every writer of a held withdrawal follows (cancel-withdrawal.ts).

import type { Transaction } from 'kysely';
import type { Asset } from '#core/assets.ts';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { appError, type AppError } from '#core/errors.ts';
import { formatMinor } from '#core/money.ts';
import type { Database } from '../../db/schema.ts';
import { toJsonb } from '../../db/jsonb.ts';
import type { MoneyTransactionRow } from '../../db/tables/money.ts';
import type { ApprovalState, WithdrawalApprovalRow } from '../../db/tables/withdrawal-approvals.ts';
import { toTransactionRecord } from '../transaction-record.ts';
import { resolveWithdrawalFunds } from './withdrawal-funds.ts';

/** Who acts: an operator of one provider (request.operator in the console). */
export interface Approver {
  id: bigint;
  providerId: bigint;
}

/** What the audit log keeps of a held withdrawal before and after an operator acted. */
export interface ApprovalSnapshot {
  status: MoneyTransactionRow['status'];
  approval: ApprovalState;
}

export type ApprovalResult =
  | { ok: true; transaction: TransactionRecord; state: ApprovalState; before: ApprovalSnapshot; after: ApprovalSnapshot }
  | { ok: false; error: AppError };

export type RejectionResult =
  | (Extract<ApprovalResult, { ok: true }> & { member: { userId: bigint; providerId: bigint; amount: string } })
  | { ok: false; error: AppError };

const NOT_FOUND = 'No withdrawal with this id was found for your provider. Reload the list.';

type Held = { ok: true; row: MoneyTransactionRow; approval: WithdrawalApprovalRow } | { ok: false; error: AppError };

/** The provider's held withdrawal by public id, its row and then its approval locked. */
async function lockHeld(trx: Transaction<Database>, approver: Approver, transactionId: string): Promise<Held> {
  const row = await trx
    .selectFrom('money_transactions')
    .selectAll()
    .where('public_id', '=', transactionId)
    .where('provider_id', '=', approver.providerId)
    .where('type', '=', 'withdrawal')
    .forUpdate()
    .executeTakeFirst();
  if (!row) return { ok: false, error: appError('transaction_not_found', NOT_FOUND) };
  const approval = await trx.selectFrom('withdrawal_approvals').selectAll().where('transaction_id', '=', row.id).forUpdate().executeTakeFirst();
  if (row.status !== 'awaiting_approval' || !approval || (approval.state !== 'awaiting_first' && approval.state !== 'awaiting_second')) {
    return { ok: false, error: appError('withdrawal_not_awaiting_approval') };
  }
  return { ok: true, row, approval };
}

/** The first approval records the maker; the second, by another operator, releases the withdrawal to the payout worker. */
export async function approveWithdrawal(trx: Transaction<Database>, approver: Approver, transactionId: string): Promise<ApprovalResult> {
  const held = await lockHeld(trx, approver, transactionId);
  if (!held.ok) return held;
  const { row, approval } = held;
  const before: ApprovalSnapshot = { status: row.status, approval: approval.state };
  const now = new Date();
  if (approval.state === 'awaiting_first') {
    await trx.updateTable('withdrawal_approvals').set({ state: 'awaiting_second', first_operator_id: approver.id, first_approved_at: now }).where('id', '=', approval.id).execute();
    return { ok: true, transaction: toTransactionRecord(row), state: 'awaiting_second', before, after: { status: row.status, approval: 'awaiting_second' } };
  }
  if (approval.first_operator_id === approver.id) return { ok: false, error: appError('approval_same_operator') };
  await trx.updateTable('withdrawal_approvals').set({ state: 'approved', second_operator_id: approver.id, second_approved_at: now }).where('id', '=', approval.id).execute();
  // updated_at starts the settle time (WITHDRAWAL_SETTLE_MS) the payout worker waits, as a code confirmation does.
  const updated = await trx.updateTable('money_transactions').set({ status: 'pending', updated_at: now }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
  return { ok: true, transaction: toTransactionRecord(updated), state: 'approved', before, after: { status: 'pending', approval: 'approved' } };
}

/** Stops a held withdrawal: voids its reservation and fails it with `reason`, which the member is told. */
export async function rejectWithdrawal(trx: Transaction<Database>, approver: Approver, transactionId: string, reason: string): Promise<RejectionResult> {
  const held = await lockHeld(trx, approver, transactionId);
  if (!held.ok) return held;
  const { row, approval } = held;
  if (row.user_id === null) throw new Error(`withdrawal ${row.public_id} has no member`);
  const now = new Date();
  await resolveWithdrawalFunds(trx, row, 'void');
  await trx.updateTable('withdrawal_approvals').set({ state: 'rejected', rejected_by: approver.id, rejected_at: now, reason }).where('id', '=', approval.id).execute();
  const updated = await trx
    .updateTable('money_transactions')
    .set({ status: 'failed', updated_at: now, details: toJsonb({ ...row.details, rejected: reason }) })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const asset = row.currency_iso as Asset;
  return {
    ok: true,
    transaction: toTransactionRecord(updated),
    state: 'rejected',
    before: { status: row.status, approval: approval.state },
    after: { status: 'failed', approval: 'rejected' },
    member: { userId: row.user_id, providerId: row.provider_id, amount: `${formatMinor(row.amount_minor, asset)} ${asset}` },
  };
}
