// The Withdrawals tab's queue: the provider's withdrawals held for approval, oldest first, each with
// its member, its EUR value against the threshold, and the maker once someone approved it first
// (`by_you` tells the console to offer that operator no second approval).

import type { HeldWithdrawal, HeldWithdrawals } from '#core/contract/admin-money.ts';
import { formatMinor } from '#core/money.ts';
import { APPROVAL_CURRENCY } from '#core/withdrawal-approval.ts';
import type { Db } from '../db/db.ts';
import { readApprovalThreshold } from '../money/withdrawals/approval-threshold.ts';
import { toTransactionRecord } from '../money/transaction-record.ts';
import { memberName } from './member-label.ts';
import { operatorLabels } from './operator-labels.ts';

const eur = (minor: bigint) => formatMinor(minor, APPROVAL_CURRENCY);

export async function listHeldWithdrawals(db: Db, viewer: { id: bigint; providerId: bigint }, page: number, perPage: number): Promise<HeldWithdrawals> {
  const base = db
    .selectFrom('withdrawal_approvals as a')
    .innerJoin('money_transactions as m', 'm.id', 'a.transaction_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('a.provider_id', '=', viewer.providerId)
    .where('m.status', '=', 'awaiting_approval')
    .where('a.state', 'in', ['awaiting_first', 'awaiting_second']);
  const [rows, total, threshold] = await Promise.all([
    base
      .selectAll('m')
      .select(['a.state', 'a.value_minor', 'a.threshold_minor', 'a.first_operator_id', 'a.first_approved_at', 'a.created_at as held_at', 'u.id as member_user_id', 'u.email', 'u.first_name', 'u.last_name'])
      .orderBy('a.created_at')
      .orderBy('a.id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    readApprovalThreshold(db, viewer.providerId),
  ]);
  const makers = await operatorLabels(db, viewer.providerId, rows.flatMap((row) => (row.first_operator_id === null ? [] : [row.first_operator_id])));
  const withdrawals = rows.map(
    (row): HeldWithdrawal => ({
      transaction: toTransactionRecord(row),
      member: { member_id: row.member_user_id.toString(), email: row.email, name: memberName(row) },
      value_eur: row.value_minor === null ? null : eur(row.value_minor),
      threshold_eur: eur(row.threshold_minor),
      step: row.state === 'awaiting_second' ? 'awaiting_second' : 'awaiting_first',
      first_approval:
        row.first_operator_id === null || row.first_approved_at === null
          ? null
          : { operator: makers.get(row.first_operator_id) ?? `operator ${row.first_operator_id}`, at: row.first_approved_at.toISOString(), by_you: row.first_operator_id === viewer.id },
      held_at: row.held_at.toISOString(),
    }),
  );
  return { withdrawals, threshold_eur: eur(threshold.thresholdMinor), page, per_page: perPage, total: Number(total.count) };
}
