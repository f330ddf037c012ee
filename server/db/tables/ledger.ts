// Kysely's view of the tables of migration 0005_ledger; server/db/schema.ts merges it into Database.
// Amounts and the four cached sums are BIGINT minor units of the account's asset.

import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, never, never>;
/** Written once on insert, never changed by the application. */
type Fixed<T> = ColumnType<T, T, never>;

export type LedgerAccountKind = 'wallet' | 'merchant_balance' | 'liquidity' | 'fees' | 'world';
export type LedgerOwnerType = 'user' | 'merchant' | 'house';
export type TransferCode = 'deposit' | 'withdrawal' | 'conversion' | 'fee' | 'payment' | 'settlement' | 'correction' | 'capital';

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  provider_id: Fixed<bigint>;
  owner_type: Fixed<LedgerOwnerType>;
  owner_id: Fixed<bigint | null>;
  asset: Fixed<string>;
  kind: Fixed<LedgerAccountKind>;
  debits_must_not_exceed_credits: Fixed<boolean>;
  /** Changed only by server/ledger/create-transfers.ts, in the same transaction as the transfers that explain them. */
  debits_pending: Generated<bigint>;
  debits_posted: Generated<bigint>;
  credits_pending: Generated<bigint>;
  credits_posted: Generated<bigint>;
  created_at: CreatedAt;
}

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface LedgerTransfersTable {
  seq: ColumnType<bigint, never, never>;
  id: Fixed<string>;
  debit_account_id: Fixed<bigint>;
  credit_account_id: Fixed<bigint>;
  amount: Fixed<bigint>;
  asset: Fixed<string>;
  code: Fixed<TransferCode>;
  ref: Fixed<string | null>;
  pending: ColumnType<boolean, boolean | undefined, never>;
  post_pending: ColumnType<boolean, boolean | undefined, never>;
  void_pending: ColumnType<boolean, boolean | undefined, never>;
  pending_id: ColumnType<string | null, string | null | undefined, never>;
  created_at: CreatedAt;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
}
