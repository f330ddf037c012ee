// When an authorised guest checkout may be captured: the one rule, in one place. A card is AUTHORISED
// first (card-payment.ts: the fiat as pending ledger transfers, the coins reserved, checkout authorized);
// the checkout is CLEARED once its email and mobile were proved by code and, when the amount is above
// what an unverified guest may buy (guest-limit.ts) or the method is a bank's, its identity was approved
// (verified_id 1). Cleared: the fiat is posted and the checkout successful, so the delivery worker sends
// the coins. Identity rejected: the fiat and the reservation are voided and the checkout failed with the
// reason in words, nothing held. Anything else waits. Every code verification and identity decision
// calls settleIfCleared; the expiry sweep and a cancel release what an uncleared checkout still holds.
// So a guest above the unverified limit is checked BEFORE their card is captured, never after.

import type { Kysely, Transaction } from 'kysely';
import { REJECTION_REASONS, type RejectionReasonCode } from '#core/compliance/rejection-reasons.ts';
import { BANK_METHODS } from '#core/rules/flow-redirect.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutRow, GuestIdentityState } from '../db/tables/checkouts.ts';
import type { LimitRates } from '../limits/enforce-limit.ts';
import { deliveryTransferId, settleCheckoutCard, settleDelivery } from './checkout-funds.ts';
import { guestMayBuy } from './guest-limit.ts';
import { lockCheckout, setStatus } from './payment-state.ts';

/** Where the identity step of a checkout stands: not needed, needed and not sent, or the check's state. */
export type IdentityStanding = 'not_needed' | 'required' | GuestIdentityState;

export interface Clearance {
  email: boolean;
  mobile: boolean;
  identity: IdentityStanding;
  cleared: boolean;
}

export type SettleOutcome = 'captured' | 'failed' | 'waiting' | 'not_authorized';

/** What the guest reads when a checkout ends without its card being captured. */
export const EXPIRED_UNCLEARED = 'This checkout expired before your email, mobile or identity were verified. Your card was not charged and the hold on it was released. Start a new checkout to buy.';
export const CANCELED_UNCLEARED = 'You canceled this checkout. Your card was not charged and the hold on it was released.';

export function identityRejectedReason(code: string | null): string {
  const reason = code !== null && Object.hasOwn(REJECTION_REASONS, code) ? REJECTION_REASONS[code as RejectionReasonCode].en : 'The identity check was not passed.';
  return `Your identity could not be verified: ${reason} Your card was not charged and the hold on it was released. To buy, start a new checkout.`;
}

/** Does this checkout need the guest's identity before it is captured? Bank methods always do (spec §4). */
export async function identityRequired(db: Kysely<Database>, rates: LimitRates, checkout: CheckoutRow): Promise<boolean> {
  if ((BANK_METHODS as readonly string[]).includes(checkout.payment_method)) return true;
  const limit = await guestMayBuy(db, rates, checkout);
  // A limit that cannot be read now (rates down, amount moved above the verified limit) asks for more, never less.
  return limit.ok ? limit.identityRequired : true;
}

/** Where the checkout's clearance stands: what the verify page shows and settleIfCleared decides on. */
export async function clearanceOf(db: Kysely<Database>, rates: LimitRates, checkout: CheckoutRow): Promise<Clearance> {
  const check = await db.selectFrom('guest_identity_checks').select('state').where('checkout_id', '=', checkout.id).executeTakeFirst();
  const needed = await identityRequired(db, rates, checkout);
  const identity: IdentityStanding = check ? check.state : needed ? 'required' : 'not_needed';
  const identityOk = !needed || (checkout.verified_id === 1 && identity === 'approved');
  return { email: checkout.email_verified, mobile: checkout.mobile_verified, identity, cleared: checkout.email_verified && checkout.mobile_verified && identityOk };
}

/** The checkout's authorised card payment, locked; null when there is none (a bank method, or already settled). */
async function authorisedPayment(trx: Transaction<Database>, checkoutId: bigint) {
  return trx.selectFrom('checkout_payments').selectAll().where('checkout_id', '=', checkoutId).where('status', '=', 'authorized').forUpdate().executeTakeFirst();
}

/**
 * Releases everything an authorised checkout holds (the card's pending fiat, the coins' reservation) and
 * ends it `to` with the reason the guest reads, in the caller's transaction on a checkout it locked.
 */
export async function releaseAuthorised(trx: Transaction<Database>, locked: CheckoutRow, to: 'failed' | 'canceled', reason: string, now: Date): Promise<CheckoutRow> {
  const payment = await authorisedPayment(trx, locked.id);
  if (payment) {
    await settleCheckoutCard(trx, payment, 'void');
    await trx.updateTable('checkout_payments').set({ status: 'voided', declined: reason, updated_at: now }).where('id', '=', payment.id).execute();
  }
  // A card reserves the coins at authorisation; a method that holds nothing yet has nothing to release.
  const reserved = await trx.selectFrom('ledger_transfers').select('id').where('id', '=', deliveryTransferId(locked.public_id)).executeTakeFirst();
  if (reserved) await settleDelivery(trx, locked.public_id, 'void');
  const ended = await setStatus(trx, locked, to, now);
  return trx.updateTable('guest_checkouts').set({ failure_reason: reason }).where('id', '=', ended.id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Captures the checkout when it is cleared, fails it when its identity was rejected, else leaves it
 * waiting. Safe to call any number of times and from parallel requests: the checkout is locked and only
 * an authorized checkout changes.
 */
export async function settleIfCleared(db: Kysely<Database>, rates: LimitRates, checkoutId: bigint, now: Date): Promise<SettleOutcome> {
  // The limit is read before the lock: it may read rates over the network, never inside the transaction.
  const before = await db.selectFrom('guest_checkouts').selectAll().where('id', '=', checkoutId).executeTakeFirstOrThrow();
  if (before.status !== 'authorized') return 'not_authorized';
  const needed = await identityRequired(db, rates, before);
  return db.transaction().execute(async (trx): Promise<SettleOutcome> => {
    const locked = await lockCheckout(trx, checkoutId);
    if (locked.status !== 'authorized') return 'not_authorized';
    const check = await trx.selectFrom('guest_identity_checks').select(['state', 'reason_code']).where('checkout_id', '=', locked.id).executeTakeFirst();
    if (check?.state === 'rejected') {
      await releaseAuthorised(trx, locked, 'failed', identityRejectedReason(check.reason_code), now);
      return 'failed';
    }
    const identityOk = !needed || (locked.verified_id === 1 && check?.state === 'approved');
    if (!(locked.email_verified && locked.mobile_verified && identityOk)) return 'waiting';
    const payment = await authorisedPayment(trx, locked.id);
    // A bank method's checkout is made successful by its own payment (wire matched, bank callback), not here.
    if (!payment) return 'waiting';
    await settleCheckoutCard(trx, payment, 'post');
    await trx.updateTable('checkout_payments').set({ status: 'captured', updated_at: now }).where('id', '=', payment.id).execute();
    await setStatus(trx, locked, 'successful', now);
    return 'captured';
  });
}

/** The sweep's part: authorised checkouts past their expiry are released and failed, nothing held. Answers how many. */
export async function expireAuthorisedCheckouts(db: Kysely<Database>, now: Date): Promise<number> {
  const due = await db.selectFrom('guest_checkouts').select('id').where('status', '=', 'authorized').where('expires_at', '<=', now).orderBy('id').limit(500).execute();
  let released = 0;
  for (const { id } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const locked = await lockCheckout(trx, id);
      if (locked.status !== 'authorized' || locked.expires_at.getTime() > now.getTime()) return false;
      await releaseAuthorised(trx, locked, 'failed', EXPIRED_UNCLEARED, now);
      return true;
    });
    if (done) released += 1;
  }
  return released;
}

/** The guest gives up an authorised checkout: released and canceled. Null when it was no longer authorised. */
export async function cancelAuthorised(db: Kysely<Database>, checkoutId: bigint, now: Date): Promise<CheckoutRow | null> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockCheckout(trx, checkoutId);
    if (locked.status !== 'authorized') return null;
    return releaseAuthorised(trx, locked, 'canceled', CANCELED_UNCLEARED, now);
  });
}
