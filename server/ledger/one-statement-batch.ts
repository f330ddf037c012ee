// createTransfers' fast path: a batch that is sure to pass is written in ONE round trip however many
// transfers it holds (TigerBeetle's batching, on PostgreSQL): one call of the database function
// ledger_write_batch (migration 0039), which locks every account the batch touches in id order (as the
// careful path does, so the two never deadlock), checks on the locked rows that no item can be refused,
// and only then inserts the transfers and adds each account's change once. A lone item (most calls) goes
// to ledger_write_one or ledger_resolve_one (0040; ledger_write_one's accounts each changed by one UPDATE that
// is its lock and its check since 0044) instead: the same locks, checks and writes on scalars.
// Anything it cannot promise (a short balance, an unknown account, a known id, a resolved reservation...)
// writes nothing and answers false: the careful path (create-transfers.ts) then finds the exact item and
// code, or the replay.
//
// A function rather than one statement of CTEs: its statements are planned once per connection, by index
// (migration 0040; the big statement spent more time being planned than run, three times more on PGlite), and each runs
// with its own snapshot after the locks are taken (in one statement, PostgreSQL 15 computed the UPDATE
// from the snapshot's row version, older than a concurrent writer's commit it had waited for).
//
// The checks are conservative: an account's debits are compared with the credits it held BEFORE the
// batch, so a batch accepted here is one the item-by-item simulation accepts too (money credited
// earlier in the same batch and spent later goes the careful way). No expression in it can overflow
// or violate a constraint when the checks fail, so a decline never aborts the caller's transaction.

import { CompiledQuery, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isResolve, type LedgerItem, type TransferCode } from './types.ts';

const MAX_INT64 = 2n ** 63n - 1n;
const KNOWN_CODES: Record<TransferCode, true> = { deposit: true, withdrawal: true, conversion: true, fee: true, payment: true, settlement: true, correction: true, capital: true };

/**
 * Above this many items the careful path's six statements are cheaper: the function works out the legs
 * again in each of its statements (measured on PGlite, 1 writer: batches of 1000 took a p50 of 200 ms
 * through the function against 90 ms the careful way; batches of 100, 27 ms against 35 ms).
 */
const MAX_ONE_CALL_ITEMS = 128;

/** The statement's item kinds, one per flag of ledger_transfers. */
const KIND = { posted: 0, reserve: 1, post: 2, void: 3 } as const;

const STATEMENT = 'SELECT ledger_write_batch($1::text[], $2::int[], $3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::text[], $8::text[]) AS written';
/** A lone item, the commonest call: scalar functions (migration 0040) with none of the batch's set work. */
const ONE_TRANSFER = 'SELECT ledger_write_one($1::text, $2::boolean, $3::bigint, $4::bigint, $5::bigint, $6::text, $7::text) AS written';
const ONE_RESOLVE = 'SELECT ledger_resolve_one($1::text, $2::text, $3::boolean, $4::bigint, $5::text, $6::text) AS written';

/**
 * Whether the function can judge this batch at all. Not: more than MAX_ONE_CALL_ITEMS, a resolve of a reservation made in the same
 * batch, or two resolves of one reservation (the order of items decides those), and values the
 * statement's typed parameters could not even carry (they would fail as an error, not as a decline).
 */
export function fitsOneStatement(batch: readonly LedgerItem[]): boolean {
  if (batch.length > MAX_ONE_CALL_ITEMS) return false;
  const ids = new Set<string>();
  for (const item of batch) ids.add(item.id);
  const pendingIds = new Set<string>();
  for (const item of batch) {
    if (item.code !== undefined && KNOWN_CODES[item.code] !== true) return false;
    if (isResolve(item)) {
      if (ids.has(item.pendingId) || pendingIds.has(item.pendingId)) return false;
      pendingIds.add(item.pendingId);
      if (item.amount !== undefined && item.amount > MAX_INT64) return false;
    } else if (item.amount > MAX_INT64 || !inInt64(item.debitAccountId) || !inInt64(item.creditAccountId)) {
      return false;
    }
  }
  return true;
}

function inInt64(n: bigint): boolean {
  return n >= -MAX_INT64 - 1n && n <= MAX_INT64;
}

/** Runs ledger_write_batch (a lone item: ledger_write_one or ledger_resolve_one): true when the whole batch was written, false when nothing was. */
export async function writeInOneStatement(trx: Transaction<Database>, batch: readonly LedgerItem[]): Promise<boolean> {
  const only = batch.length === 1 ? batch[0] : undefined;
  if (only) {
    const query = isResolve(only)
      ? CompiledQuery.raw(ONE_RESOLVE, [only.id, only.pendingId, only.action === 'post', only.amount ?? null, only.code ?? null, only.ref ?? null])
      : CompiledQuery.raw(ONE_TRANSFER, [only.id, only.pending === true, only.debitAccountId, only.creditAccountId, only.amount, only.code, only.ref ?? null]);
    const result = await trx.executeQuery<{ written: boolean }>(query);
    return result.rows[0]?.written === true;
  }
  const ids: string[] = [];
  const kinds: number[] = [];
  const debits: (bigint | null)[] = [];
  const credits: (bigint | null)[] = [];
  const amounts: (bigint | null)[] = [];
  const codes: (string | null)[] = [];
  const refs: (string | null)[] = [];
  const pendingIds: (string | null)[] = [];
  for (const item of batch) {
    ids.push(item.id);
    codes.push(item.code ?? null);
    refs.push(item.ref ?? null);
    if (isResolve(item)) {
      kinds.push(item.action === 'post' ? KIND.post : KIND.void);
      debits.push(null);
      credits.push(null);
      amounts.push(item.amount ?? null);
      pendingIds.push(item.pendingId);
    } else {
      kinds.push(item.pending === true ? KIND.reserve : KIND.posted);
      debits.push(item.debitAccountId);
      credits.push(item.creditAccountId);
      amounts.push(item.amount);
      pendingIds.push(null);
    }
  }
  const result = await trx.executeQuery<{ written: boolean }>(CompiledQuery.raw(STATEMENT, [ids, kinds, debits, credits, amounts, codes, refs, pendingIds]));
  return result.rows[0]?.written === true;
}
