// Kysely's view of migration 0022_withdrawal_approvals (maker-checker for large withdrawals);
// server/db/schema.ts merges it into Database. Amounts are EUR minor units.

import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, never, never>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface WithdrawalApprovalSettingsTable {
  provider_id: bigint;
  threshold_minor: bigint;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** awaiting_first -> awaiting_second -> approved; rejected from either waiting state; canceled when the member calls it off. */
export type ApprovalState = 'awaiting_first' | 'awaiting_second' | 'approved' | 'rejected' | 'canceled';

export interface WithdrawalApprovalsTable {
  id: Generated<bigint>;
  transaction_id: bigint;
  provider_id: bigint;
  value_minor: bigint | null;
  threshold_minor: bigint;
  state: ColumnType<ApprovalState, ApprovalState | undefined, ApprovalState>;
  first_operator_id: Nullable<bigint>;
  first_approved_at: Nullable<Date>;
  second_operator_id: Nullable<bigint>;
  second_approved_at: Nullable<Date>;
  rejected_by: Nullable<bigint>;
  rejected_at: Nullable<Date>;
  reason: Nullable<string>;
  created_at: CreatedAt;
}
export type WithdrawalApprovalRow = Selectable<WithdrawalApprovalsTable>;

export interface WithdrawalApprovalTables {
  withdrawal_approval_settings: WithdrawalApprovalSettingsTable;
  withdrawal_approvals: WithdrawalApprovalsTable;
}
