// The rules a batch is checked against before anything is read, and the idempotency comparison.

import type { TransferRow } from './transfer-rows.ts';
import { isResolve, MAX_BATCH_SIZE, MAX_ID_LENGTH, type LedgerErrorCode, type LedgerItem, type LedgerResult } from './types.ts';

export function fail(code: LedgerErrorCode, index: number, message: string): LedgerResult {
  return { ok: false, code, index, message };
}

/** Batch-level and per-item field rules, in the documented order of precedence; null when the batch is well formed. */
export function checkShape(batch: readonly LedgerItem[]): LedgerResult | null {
  if (batch.length === 0) return fail('batch_empty', 0, 'a batch needs at least one transfer');
  if (batch.length > MAX_BATCH_SIZE) return fail('batch_too_large', MAX_BATCH_SIZE, `a batch holds at most ${MAX_BATCH_SIZE} transfers`);
  const seen = new Set<string>();
  for (const [index, item] of batch.entries()) {
    if (typeof item.id !== 'string' || item.id.length === 0 || item.id.length > MAX_ID_LENGTH) {
      return fail('id_invalid', index, `a transfer id is 1 to ${MAX_ID_LENGTH} characters`);
    }
    if (item.ref !== undefined && (item.ref.length === 0 || item.ref.length > MAX_ID_LENGTH)) {
      return fail('id_invalid', index, `a ref is 1 to ${MAX_ID_LENGTH} characters when given`);
    }
    if (seen.has(item.id)) return fail('id_duplicated_in_batch', index, `transfer id ${item.id} appears twice in the batch`);
    seen.add(item.id);
    if (isResolve(item)) {
      if (item.amount !== undefined && item.amount <= 0n) return fail('amount_must_be_positive', index, `amount must be > 0, got ${item.amount}`);
      if (item.pendingId.length === 0 || item.pendingId.length > MAX_ID_LENGTH) {
        return fail('pending_not_found', index, `a pending id is 1 to ${MAX_ID_LENGTH} characters`);
      }
    } else {
      if (item.amount <= 0n) return fail('amount_must_be_positive', index, `amount must be > 0, got ${item.amount}`);
      if (item.debitAccountId === item.creditAccountId) {
        return fail('accounts_must_differ', index, `transfer ${item.id} debits and credits the same account ${item.debitAccountId}`);
      }
    }
  }
  return null;
}

/**
 * Whether a stored transfer is the one this item would write: a retry with the same id must carry
 * the same fields, or it is a different request reusing an id. Omitted resolve fields compare
 * against the defaults they would have taken from the pending transfer.
 */
export function sameFields(item: LedgerItem, row: TransferRow, known: Map<string, TransferRow>): boolean {
  if (isResolve(item)) {
    const pending = known.get(item.pendingId);
    if (!pending || row.pending_id !== item.pendingId) return false;
    return (
      row.post_pending === (item.action === 'post') &&
      row.void_pending === (item.action === 'void') &&
      row.amount === (item.amount ?? pending.amount) &&
      row.code === (item.code ?? pending.code) &&
      row.ref === (item.ref ?? pending.ref)
    );
  }
  return (
    !row.post_pending &&
    !row.void_pending &&
    row.pending === (item.pending === true) &&
    row.debit_account_id === item.debitAccountId &&
    row.credit_account_id === item.creditAccountId &&
    row.amount === item.amount &&
    row.code === item.code &&
    row.ref === (item.ref ?? null)
  );
}
