// The reads createTransfers needs, each one round trip.

import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toAccount } from './accounts.ts';
import type { TransferCode } from '../db/tables/ledger.ts';
import type { LedgerAccount } from './types.ts';

/** A stored transfer, as far as idempotency and two-phase rules look at it. */
export interface TransferRow {
  id: string;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount: bigint;
  asset: string;
  code: TransferCode;
  ref: string | null;
  pending: boolean;
  post_pending: boolean;
  void_pending: boolean;
  pending_id: string | null;
}

export async function transfersByIds(trx: Transaction<Database>, ids: readonly string[]): Promise<Map<string, TransferRow>> {
  const unique = [...new Set(ids)];
  const rows = await trx
    .selectFrom('ledger_transfers')
    .select(['id', 'debit_account_id', 'credit_account_id', 'amount', 'asset', 'code', 'ref', 'pending', 'post_pending', 'void_pending', 'pending_id'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Locks the accounts FOR UPDATE in ascending id order: two batches touching the same accounts take
 * the locks in the same order, so they queue instead of deadlocking. Missing ids are simply absent.
 */
export async function accountsLocked(trx: Transaction<Database>, ids: readonly bigint[]): Promise<LedgerAccount[]> {
  if (ids.length === 0) return [];
  const rows = await trx.selectFrom('ledger_accounts').selectAll().where('id', 'in', [...ids]).orderBy('id').forUpdate().execute();
  return rows.map(toAccount);
}

/** Which of these pending transfers already have their post or void. */
export async function resolvedPendingIds(trx: Transaction<Database>, pendingIds: readonly string[]): Promise<Set<string>> {
  if (pendingIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('ledger_transfers')
    .select('pending_id')
    .where('pending_id', 'in', [...new Set(pendingIds)])
    .execute();
  return new Set(rows.map((row) => row.pending_id).filter((id): id is string => id !== null));
}

