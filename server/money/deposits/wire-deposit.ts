// A wire deposit starts as a pending transaction with a unique reference and the bank details to
// send to; nothing touches the ledger until an operator confirms the money arrived (confirm-wire.ts).

import type { AccountFiat } from '#core/assets.ts';
import { formatMinor } from '#core/money.ts';
import { toTransactionRecord } from '../transaction-record.ts';
import type { DepositContext, DepositResult } from './card-deposit.ts';
import { checkedAmount } from './terms.ts';
import { wireInstructions } from './wire-instructions.ts';
import { newWireReference } from './wire-reference.ts';
import { recordTransactionOnce } from '../record-transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import { enforceLimit, refusableTransaction } from '../../limits/enforce-limit.ts';

/** Collisions of eight random characters are rare; a handful of tries is plenty, and more means a bug. */
const REFERENCE_TRIES = 5;

export async function depositByWire(
  ctx: Omit<DepositContext, 'fingerprintOf'> & { provider: { wlId: string; name: string } },
  request: { currency: AccountFiat; amount: string },
): Promise<DepositResult> {
  const amount = checkedAmount(request.amount, request.currency, ctx.terms, 'deposit');
  if (!amount.ok) return amount;
  for (let attempt = 0; attempt < REFERENCE_TRIES; attempt += 1) {
    const reference = newWireReference(ctx.provider.name);
    // ON CONFLICT without a target also covers the partial unique index on wire references.
    // The row and the member's limits (server/limits/) in one transaction: refused, no row is left.
    // A wire waiting for the money counts already: the operator's confirmation is not checked again.
    const recorded = await refusableTransaction(ctx.db, async (trx) => {
      const created = await recordTransactionOnce(trx, {
      providerId: ctx.providerId,
      userId: ctx.userId,
      type: 'deposit',
      method: 'wire',
      status: 'initial',
      paymentStatus: 'pending',
      currency: request.currency,
      amountMinor: amount.minor,
      reference,
      counterparty: reference,
      details: { expected_minor: amount.minor.toString() },
      });
      if (!created) return undefined;
      const limit = await enforceLimit(trx, ctx.limits.rates, { transactionId: created.id, providerId: ctx.providerId, userId: ctx.userId, operation: 'deposit', asset: request.currency, amountMinor: amount.minor, now: ctx.now, language: ctx.limits.language });
      if (!limit.ok) throw new ApiError(limit.error);
      return created;
    });
    if (!recorded.ok) return recorded;
    const row = recorded.value;
    if (row) {
      const instructions = wireInstructions(ctx.provider, reference, formatMinor(amount.minor, request.currency), request.currency);
      return { ok: true, answer: { transaction: toTransactionRecord(row), next_action: null, wire_instructions: instructions } };
    }
  }
  throw new Error(`no free wire reference after ${REFERENCE_TRIES} tries`);
}
