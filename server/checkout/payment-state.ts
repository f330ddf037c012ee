// What every way of paying a guest checkout does to the checkout itself: lock it for the payment's
// transaction and move its status within core's rules. Card, wire and online banking all change a
// checkout only through these, inside the transaction that also moves the money.

import type { Transaction } from 'kysely';
import { canTransition, type CheckoutStatus } from '#core/rules/checkout-status.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { markCheckoutSuccessful } from './checkout-success.ts';

/** The checkout, locked FOR UPDATE until the caller's transaction ends. */
export async function lockCheckout(trx: Transaction<Database>, id: bigint): Promise<CheckoutRow> {
  return trx.selectFrom('guest_checkouts').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/**
 * The payment's own status change; the checkout is locked by the caller, so a plain update is safe. Paying
 * is the guest sending their payment (created → pending) and its result, so a created checkout may end
 * successful or failed in the same call: core's rules are checked from pending then.
 */
export async function setStatus(trx: Transaction<Database>, checkout: CheckoutRow, status: CheckoutStatus, now: Date): Promise<CheckoutRow> {
  const from = checkout.status === 'created' && status !== 'pending' ? 'pending' : checkout.status;
  if (from !== status && !canTransition(from, status)) throw new Error(`checkout ${checkout.public_id}: ${checkout.status} → ${status} is not allowed`);
  const updated = await trx.updateTable('guest_checkouts').set({ status, step: status === 'successful' ? 'confirmation' : checkout.step, updated_at: now }).where('id', '=', checkout.id).returningAll().executeTakeFirstOrThrow();
  // Every method's success numbers the invoice (and counts the coupon) in this same transaction.
  return status === 'successful' ? markCheckoutSuccessful(trx, updated, now) : updated;
}
