// A wire deposit starts as a pending transaction with a unique reference and the bank details to
// send to; nothing touches the ledger until an operator confirms the money arrived (confirm-wire.ts).

import type { AccountFiat } from '#core/assets.ts';
import { formatMinor } from '#core/money.ts';
import { toJsonb } from '../../db/jsonb.ts';
import { toTransactionRecord } from '../transaction-record.ts';
import type { DepositContext, DepositResult } from './card-deposit.ts';
import { checkedAmount } from './terms.ts';
import { wireInstructions } from './wire-instructions.ts';
import { newWireReference } from './wire-reference.ts';

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
    const row = await ctx.db
      .insertInto('money_transactions')
      .values({
        provider_id: ctx.providerId,
        user_id: ctx.userId,
        type: 'deposit',
        method: 'wire',
        status: 'initial',
        payment_status: 'pending',
        currency_iso: request.currency,
        amount_minor: amount.minor,
        fee_minor: 0n,
        fee_currency: request.currency,
        reference,
        counterparty: reference,
        details: toJsonb({ expected_minor: amount.minor.toString() }),
      })
      .onConflict((conflict) => conflict.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) {
      const instructions = wireInstructions(ctx.provider, reference, formatMinor(amount.minor, request.currency), request.currency);
      return { ok: true, answer: { transaction: toTransactionRecord(row), next_action: null, wire_instructions: instructions } };
    }
  }
  throw new Error(`no free wire reference after ${REFERENCE_TRIES} tries`);
}
