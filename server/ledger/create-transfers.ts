// createTransfers: a linked batch of transfers, applied all or nothing inside the caller's
// transaction. First the one-round-trip path (one-statement-batch.ts): a batch sure to pass is written
// by one call of a database function. Anything else takes the careful path: the batch runs in a SAVEPOINT, so a refused
// batch leaves nothing behind while the caller's other writes stay usable; the accounts it touches are
// locked in id order (no deadlocks between batches), the batch is simulated item by item against the
// locked rows to find the first failing item, and the database's CHECK constraint is the last word on
// overdrafts.

import { sql, type Insertable, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { accountsLocked, transfersByIds, resolvedPendingIds, type TransferRow } from './transfer-rows.ts';
import { checkShape, fail, sameFields } from './batch-rules.ts';
import { fitsOneStatement, writeInOneStatement } from './one-statement-batch.ts';
import type { LedgerTransfersTable } from '../db/tables/ledger.ts';
import { isResolve, type LedgerAccount, type LedgerItem, type LedgerResult } from './types.ts';

const MAX_INT64 = 2n ** 63n - 1n;
// A concurrent writer of the same id (or resolver of the same pending transfer) makes our insert hit
// a unique index; after rolling back to the savepoint the retry sees its committed row and answers
// replayed / exists_with_different_fields / pending_already_resolved instead.
const MAX_ATTEMPTS = 3;

export async function createTransfers(trx: Transaction<Database>, batch: readonly LedgerItem[]): Promise<LedgerResult> {
  const shape = checkShape(batch);
  if (shape) return shape;
  if (fitsOneStatement(batch) && (await writeInOneStatement(trx, batch))) return { ok: true, replayed: false };
  for (let attempt = 1; ; attempt++) {
    await sql`SAVEPOINT ledger_batch`.execute(trx);
    try {
      const result = await applyBatch(trx, batch);
      if (!result.ok) await sql`ROLLBACK TO SAVEPOINT ledger_batch`.execute(trx);
      await sql`RELEASE SAVEPOINT ledger_batch`.execute(trx);
      return result;
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT ledger_batch`.execute(trx);
      await sql`RELEASE SAVEPOINT ledger_batch`.execute(trx);
      const state = sqlState(error);
      if (state === '23505' && attempt < MAX_ATTEMPTS) continue;
      // The simulation below predicts these; reaching them means a writer outside this module.
      if (state === '23514') return fail('exceeds_credits', 0, `the batch would take an account below zero (${errorText(error)})`);
      if (state === '22003') return fail('overflow', 0, `an account sum would exceed the 64-bit range (${errorText(error)})`);
      throw error;
    }
  }
}

/** Account sums as they would be after the items simulated so far. */
interface Sums {
  account: LedgerAccount;
  debitsPending: bigint;
  debitsPosted: bigint;
  creditsPending: bigint;
  creditsPosted: bigint;
}

async function applyBatch(trx: Transaction<Database>, batch: readonly LedgerItem[]): Promise<LedgerResult> {
  const pendingIds = batch.filter(isResolve).map((item) => item.pendingId);
  const known = await transfersByIds(trx, [...batch.map((item) => item.id), ...pendingIds]);

  // Idempotency first: a batch that already exists is answered from what is stored.
  const existing = batch.map((item) => known.get(item.id));
  if (existing.some((row) => row !== undefined)) {
    for (const [index, item] of batch.entries()) {
      const row = existing[index];
      if (row && !sameFields(item, row, known)) {
        return fail('exists_with_different_fields', index, `transfer ${item.id} already exists with other fields`);
      }
    }
    const missing = existing.findIndex((row) => row === undefined);
    if (missing >= 0) {
      return fail('batch_partly_exists', missing, `some transfers of this batch exist already but ${batch[missing]?.id} does not: retry the original batch exactly`);
    }
    return { ok: true, replayed: true };
  }

  const accountIds = new Set<bigint>();
  for (const item of batch) {
    if (isResolve(item)) {
      const pending = known.get(item.pendingId);
      if (pending) accountIds.add(pending.debit_account_id).add(pending.credit_account_id);
    } else {
      accountIds.add(item.debitAccountId).add(item.creditAccountId);
    }
  }
  const sums = new Map<bigint, Sums>();
  for (const account of await accountsLocked(trx, [...accountIds])) sums.set(account.id, { ...account, account });
  // Read after taking the locks: a concurrent resolution of the same reservation has committed by now.
  const resolved = await resolvedPendingIds(trx, pendingIds);
  const batchRows = new Map<string, TransferRow>();
  const rows: Insertable<LedgerTransfersTable>[] = [];

  for (const [index, item] of batch.entries()) {
    let row: Insertable<LedgerTransfersTable>;
    let debit: Sums | undefined;
    let credit: Sums | undefined;
    if (isResolve(item)) {
      const pending = known.get(item.pendingId) ?? batchRows.get(item.pendingId);
      if (!pending) return fail('pending_not_found', index, `no transfer ${item.pendingId} to ${item.action}`);
      if (!pending.pending) return fail('pending_transfer_not_pending', index, `transfer ${item.pendingId} is not a pending transfer`);
      if (resolved.has(item.pendingId)) return fail('pending_already_resolved', index, `pending transfer ${item.pendingId} was already posted or voided`);
      const amount = item.amount ?? pending.amount;
      if (item.action === 'post' && amount > pending.amount) {
        return fail('exceeds_pending_amount', index, `cannot post ${amount}: transfer ${item.pendingId} reserved ${pending.amount}`);
      }
      if (item.action === 'void' && amount !== pending.amount) {
        return fail('pending_amount_differs', index, `a void releases the whole reservation of ${pending.amount}, not ${amount}`);
      }
      debit = sums.get(pending.debit_account_id);
      credit = sums.get(pending.credit_account_id);
      if (!debit || !credit) throw new Error(`ledger: pending transfer ${pending.id} refers to a missing account`);
      debit.debitsPending -= pending.amount;
      credit.creditsPending -= pending.amount;
      if (item.action === 'post') {
        debit.debitsPosted += amount;
        credit.creditsPosted += amount;
      }
      resolved.add(item.pendingId);
      row = {
        id: item.id,
        debit_account_id: pending.debit_account_id,
        credit_account_id: pending.credit_account_id,
        amount,
        asset: pending.asset,
        code: item.code ?? pending.code,
        ref: item.ref ?? pending.ref,
        post_pending: item.action === 'post',
        void_pending: item.action === 'void',
        pending_id: item.pendingId,
      };
    } else {
      debit = sums.get(item.debitAccountId);
      credit = sums.get(item.creditAccountId);
      if (!debit) return fail('account_not_found', index, `no ledger account ${item.debitAccountId} to debit`);
      if (!credit) return fail('account_not_found', index, `no ledger account ${item.creditAccountId} to credit`);
      if (debit.account.asset !== credit.account.asset) {
        return fail('asset_mismatch', index, `account ${debit.account.id} holds ${debit.account.asset} but account ${credit.account.id} holds ${credit.account.asset}`);
      }
      if (item.pending) {
        debit.debitsPending += item.amount;
        credit.creditsPending += item.amount;
      } else {
        debit.debitsPosted += item.amount;
        credit.creditsPosted += item.amount;
      }
      row = {
        id: item.id,
        debit_account_id: item.debitAccountId,
        credit_account_id: item.creditAccountId,
        amount: item.amount,
        asset: debit.account.asset,
        code: item.code,
        ref: item.ref ?? null,
        pending: item.pending === true,
      };
    }
    if (overflows(debit) || overflows(credit)) return fail('overflow', index, `transfer ${item.id} would take an account sum beyond the 64-bit range`);
    if (overdrawn(debit)) {
      return fail('exceeds_credits', index, `transfer ${item.id} would take account ${debit.account.id} (${debit.account.kind} ${debit.account.asset}) below zero`);
    }
    rows.push(row);
    batchRows.set(item.id, toRow(row));
  }

  await trx.insertInto('ledger_transfers').values(rows).execute();
  await applySums(trx, [...sums.values()]);
  return { ok: true, replayed: false };
}

function overdrawn(s: Sums): boolean {
  return s.account.kind !== 'world' && s.debitsPending + s.debitsPosted > s.creditsPosted;
}

function overflows(s: Sums): boolean {
  return [s.debitsPending, s.debitsPosted, s.creditsPending, s.creditsPosted, s.debitsPending + s.debitsPosted].some((n) => n > MAX_INT64);
}

/** Adds each account's change in one statement; deltas, not absolute values, so the database adds to what it holds. */
async function applySums(trx: Transaction<Database>, sums: Sums[]): Promise<void> {
  const changed = sums
    .map((s) => ({
      id: s.account.id,
      dp: s.debitsPending - s.account.debitsPending,
      dpo: s.debitsPosted - s.account.debitsPosted,
      cp: s.creditsPending - s.account.creditsPending,
      cpo: s.creditsPosted - s.account.creditsPosted,
    }))
    .filter((d) => d.dp !== 0n || d.dpo !== 0n || d.cp !== 0n || d.cpo !== 0n);
  if (changed.length === 0) return;
  const values = sql.join(changed.map((d) => sql`(${d.id}::bigint, ${d.dp}::bigint, ${d.dpo}::bigint, ${d.cp}::bigint, ${d.cpo}::bigint)`));
  await sql`UPDATE ledger_accounts AS a SET
      debits_pending = a.debits_pending + v.dp,
      debits_posted = a.debits_posted + v.dpo,
      credits_pending = a.credits_pending + v.cp,
      credits_posted = a.credits_posted + v.cpo
    FROM (VALUES ${values}) AS v (id, dp, dpo, cp, cpo)
    WHERE a.id = v.id`.execute(trx);
}

function toRow(row: Insertable<LedgerTransfersTable>): TransferRow {
  return {
    id: row.id,
    debit_account_id: row.debit_account_id,
    credit_account_id: row.credit_account_id,
    amount: row.amount,
    asset: row.asset,
    code: row.code,
    ref: row.ref ?? null,
    pending: row.pending === true,
    post_pending: row.post_pending === true,
    void_pending: row.void_pending === true,
    pending_id: row.pending_id ?? null,
  };
}

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
