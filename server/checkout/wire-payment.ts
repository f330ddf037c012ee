// A guest checkout paid by wire (Wire, SEPA, Swift). paynet/wirePreAuth fixes the price: the checkout's
// single-use quote is taken in the transaction that records the wire (checkout_payments, 'awaiting'),
// and the wire's figures are the quote's. The guest is given the provider's receiving account, a
// reference with a check character (wire-reference-check.ts) and the end of the window.
//
// The window is 5 days: a SEPA credit transfer arrives the next business day and a Swift transfer in one
// to four, so five calendar days cover the slowest usual case over a weekend; any longer and the house
// holds a price it gave for longer than it needs to. The price holds for the window because the house
// sells the coins from its own liquidity at the quote's rate when the wire is matched: nothing is
// reserved while the wire is awaited (the market risk of those days is the house's, priced into its
// spread), so a wire that never comes releases nothing. The checkout's own expiry follows the window
// (a little after it, so the window's sweep, not the abandoned-checkout sweep, closes it: failed, with
// the reason).
//
// The operator's match (matchCheckoutWire) runs in the console's transaction: reference check character,
// amount and currency must all agree; then the money is posted, the coins reserved, the checkout made
// successful; the delivery worker sends them. A wrong figure is refused and nothing moves.

import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { appError, type AppError } from '#core/errors.ts';
import { formatMinor, parseAmount } from '#core/money.ts';
import { isOpen } from '#core/rules/checkout-status.ts';
import type { WireDetails } from '#core/contract/paynet-bank.ts';
import type { FiatAsset } from '#core/assets.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutPaymentsTable, CheckoutRow } from '../db/tables/checkouts.ts';
import { ApiError } from '../http/api-error.ts';
import { wireInstructions } from '../money/deposits/wire-instructions.ts';
import type { RatesService } from '../rates/rates-service.ts';
import { receiveCheckoutBankMoney, reserveDelivery } from './checkout-funds.ts';
import { repriceCheckout, takeCheckoutQuote } from './checkout-quote.ts';
import { flowUserVerifiedId } from './flow-user-verified.ts';
import { lockCheckout, setStatus } from './payment-state.ts';
import { paymentDestination } from './remit-recipient.ts';
import { checkedWireReference, newCheckedWireReference } from './wire-reference-check.ts';

export const WIRE_METHODS = ['Wire', 'SEPA', 'Swift'] as const;
export const WIRE_WINDOW_MS = 5 * 24 * 3600_000;
/** The checkout expires this long after the window, so the window's sweep decides it (failed, with the reason). */
export const WIRE_EXPIRY_GRACE_MS = 15 * 60_000;
export const WIRE_EXPIRED_REASON = 'The transfer did not arrive within the time given, so this order was closed. Nothing was taken from you here; if you sent it, the money is returned to your account. Start a new order to buy again.';

export interface WireContext {
  db: Kysely<Database>;
  rates: RatesService;
  provider: { wlId: string; name: string };
  now: Date;
}

export type CheckoutPayment = Selectable<CheckoutPaymentsTable>;

export type WireStartResult = { ok: true; outcome: 'wire'; checkout: CheckoutRow; wire: WireDetails } | { ok: true; outcome: 'repriced'; checkout: CheckoutRow; wire: null } | { ok: false; error: AppError };

const newPaymentId = () => `cpay_${randomBytes(16).toString('base64url').slice(0, 22)}`;

/**
 * The checks every bank method makes before fixing a price: open, this method, details, where the money
 * goes (a remittance's recipient, a purchase's address: the card's check, remit-recipient.ts), and the flow
 * user verified by the whole verify account step (codes and identity, flow-user-verified.ts).
 */
export async function bankPaymentRefusal(db: Kysely<Database>, checkout: CheckoutRow, methods: readonly string[]): Promise<AppError | null> {
  if (!isOpen(checkout.status)) return appError('checkout_status_invalid');
  if (!methods.includes(checkout.payment_method)) return appError('checkout_method_mismatch');
  if (checkout.first_name === null || checkout.email === null) return appError('checkout_details_required');
  const destination = await paymentDestination(db, checkout);
  if (!destination.ok) return destination.error;
  if (flowUserVerifiedId(checkout) !== 1) return appError('checkout_verification_required');
  return null;
}

/** The wire as the guest sees it: the provider's account (test mode: the labelled test bank), reference, figures, window. */
export function wireDetails(provider: { wlId: string; name: string }, payment: CheckoutPayment, currency: FiatAsset): WireDetails {
  const account = wireInstructions(provider, payment.wire_reference ?? '', formatMinor(payment.amount_minor, currency), currency);
  return {
    payment_id: payment.public_id,
    status: payment.status === 'captured' ? 'received' : payment.status === 'awaiting' ? 'awaiting' : 'expired',
    reference: account.reference,
    amount: account.amount,
    currency,
    beneficiary: account.account_holder,
    iban: account.iban,
    bic: account.swift,
    bank_name: account.bank_name,
    window_ends_at: (payment.window_ends_at ?? payment.created_at).toISOString(),
    received_at: payment.received_at ? payment.received_at.toISOString() : null,
    reason: payment.status === 'expired' ? payment.declined : null,
  };
}

async function awaitingWireOf(db: Kysely<Database> | Transaction<Database>, checkoutId: bigint) {
  return db.selectFrom('checkout_payments').selectAll().where('checkout_id', '=', checkoutId).where('method', '=', 'wire').where('status', 'in', ['awaiting', 'captured']).executeTakeFirst();
}

/** REFERENCE_TRIES: a collision of seven random characters is rare; more than a handful means a bug. */
const REFERENCE_TRIES = 5;

export async function startWire(ctx: WireContext, checkout: CheckoutRow): Promise<WireStartResult> {
  // A second call (a reload, a second tab) answers the wire already given.
  const existing = await awaitingWireOf(ctx.db, checkout.id);
  if (existing) return { ok: true, outcome: 'wire', checkout, wire: wireDetails(ctx.provider, existing, checkout.fiat_currency) };
  const refusal = await bankPaymentRefusal(ctx.db, checkout, WIRE_METHODS);
  if (refusal) return { ok: false, error: refusal };

  const done = await ctx.db.transaction().execute(async (trx): Promise<WireStartResult | 'reprice'> => {
    const locked = await lockCheckout(trx, checkout.id);
    const again = await awaitingWireOf(trx, locked.id);
    if (again) return { ok: true, outcome: 'wire', checkout: locked, wire: wireDetails(ctx.provider, again, locked.fiat_currency) };
    if (!isOpen(locked.status)) return { ok: false, error: appError('checkout_status_invalid') };
    const taken = await takeCheckoutQuote(trx, locked, ctx.now);
    if (!taken.ok) return taken.code === 'quote_expired' ? 'reprice' : { ok: false, error: appError('checkout_status_invalid') };
    const { quote } = taken;
    const windowEnds = new Date(ctx.now.getTime() + WIRE_WINDOW_MS);
    for (let attempt = 0; attempt < REFERENCE_TRIES; attempt += 1) {
      const inserted = await trx
        .insertInto('checkout_payments')
        .values({
          public_id: newPaymentId(), checkout_id: locked.id, provider_id: locked.provider_id, method: 'wire', status: 'awaiting',
          amount_minor: quote.fromAmountMinor, fee_minor: quote.feeMinor, crypto_amount_minor: quote.toAmountMinor, rate: quote.rate,
          card: null, declined: null, wire_reference: newCheckedWireReference(ctx.provider.name), window_ends_at: windowEnds, updated_at: ctx.now,
        })
        .onConflict((conflict) => conflict.column('wire_reference').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted) continue;
      // The guest has sent (or is sending) their payment: pending; the checkout lives as long as the window.
      const pending = await setStatus(trx, locked, 'pending', ctx.now);
      const expiresAt = new Date(windowEnds.getTime() + WIRE_EXPIRY_GRACE_MS);
      const updated = await trx.updateTable('guest_checkouts').set({ expires_at: expiresAt, crypto_amount_minor: quote.toAmountMinor }).where('id', '=', pending.id).returningAll().executeTakeFirstOrThrow();
      return { ok: true, outcome: 'wire', checkout: updated, wire: wireDetails(ctx.provider, inserted, locked.fiat_currency) };
    }
    throw new Error(`no free wire reference after ${REFERENCE_TRIES} tries`);
  });
  if (done !== 'reprice') return done;
  const repriced = await repriceCheckout(ctx.db, ctx.rates, checkout, ctx.now);
  return repriced.ok ? { ok: true, outcome: 'repriced', checkout: repriced.checkout, wire: null } : repriced;
}

/** Closes one awaited wire past its window (expired, with the reason) and fails its checkout if still open. Nothing was held. */
async function closeWire(trx: Transaction<Database>, paymentId: bigint, checkoutId: bigint, now: Date): Promise<boolean> {
  const checkout = await lockCheckout(trx, checkoutId);
  const closed = await trx
    .updateTable('checkout_payments')
    .set({ status: 'expired', declined: WIRE_EXPIRED_REASON, updated_at: now })
    .where('id', '=', paymentId)
    .where('status', '=', 'awaiting')
    .where('window_ends_at', '<=', now)
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) === 0) return false;
  if (isOpen(checkout.status)) await setStatus(trx, checkout, 'failed', now);
  return true;
}

/** The window's sweep (every minute): every awaited wire past its window is closed; answers how many. */
export async function closeExpiredWires(db: Kysely<Database>, now: Date): Promise<number> {
  const due = await db.selectFrom('checkout_payments').select(['id', 'checkout_id']).where('method', '=', 'wire').where('status', '=', 'awaiting').where('window_ends_at', '<=', now).orderBy('window_ends_at').limit(500).execute();
  let closed = 0;
  for (const wire of due) {
    if (await db.transaction().execute((trx) => closeWire(trx, wire.id, wire.checkout_id, now))) closed += 1;
  }
  return closed;
}

/** The checkout's wire by its public id; one past its window is closed first (the sweep may not have run yet). */
export async function wireStatus(ctx: Omit<WireContext, 'rates'>, checkout: CheckoutRow, paymentId: string): Promise<{ ok: true; wire: WireDetails; checkout: CheckoutRow } | { ok: false; error: AppError }> {
  const find = () => ctx.db.selectFrom('checkout_payments').selectAll().where('public_id', '=', paymentId).where('checkout_id', '=', checkout.id).where('method', '=', 'wire').executeTakeFirst();
  let payment = await find();
  if (!payment) return { ok: false, error: appError('checkout_payment_not_found') };
  if (payment.status === 'awaiting' && payment.window_ends_at && payment.window_ends_at.getTime() <= ctx.now.getTime()) {
    const { id } = payment;
    await ctx.db.transaction().execute((trx) => closeWire(trx, id, checkout.id, ctx.now));
    payment = (await find()) ?? payment;
  }
  const current = await ctx.db.selectFrom('guest_checkouts').selectAll().where('id', '=', checkout.id).executeTakeFirstOrThrow();
  return { ok: true, wire: wireDetails(ctx.provider, payment, checkout.fiat_currency), checkout: current };
}

export interface WireMatch {
  reference: string;
  amount: string;
  currency: FiatAsset;
}

export type MatchedWire = { ok: true; payment: CheckoutPayment; checkout: CheckoutRow } | { ok: false; error: AppError };

/**
 * The operator's word that a guest's wire arrived, inside the console's transaction (which also writes the
 * audit row). Refused, moving nothing: a reference whose check character does not agree (a typo), none
 * awaited for this provider, its window ended, another currency or amount. A refusal to reserve the coins
 * (the house lacks them) throws, so the whole transaction rolls back and the operator can match again later.
 */
export async function matchCheckoutWire(trx: Transaction<Database>, providerId: bigint, match: WireMatch, now: Date): Promise<MatchedWire> {
  const reference = checkedWireReference(match.reference);
  if (reference === null) return { ok: false, error: appError('wire_reference_invalid', undefined, { reference: ['The last character does not match the others: check each character against the bank statement.'] }) };
  const found = await trx.selectFrom('checkout_payments').select(['id', 'checkout_id']).where('wire_reference', '=', reference).where('provider_id', '=', providerId).where('method', '=', 'wire').executeTakeFirst();
  if (!found) return { ok: false, error: appError('wire_not_found', 'No guest order awaits a wire with this reference.') };
  // Checkout first, then payment: the same order as every other writer of both, so no deadlock.
  const checkout = await lockCheckout(trx, found.checkout_id);
  const payment = await trx.selectFrom('checkout_payments').selectAll().where('id', '=', found.id).forUpdate().executeTakeFirstOrThrow();
  if (payment.status !== 'awaiting') return { ok: false, error: payment.status === 'expired' ? appError('wire_window_closed') : appError('wire_not_found', 'No guest order awaits a wire with this reference: it was already matched.') };
  if (payment.window_ends_at !== null && payment.window_ends_at.getTime() <= now.getTime()) return { ok: false, error: appError('wire_window_closed') };
  const expected = `${formatMinor(payment.amount_minor, checkout.fiat_currency)} ${checkout.fiat_currency}`;
  const parsed = parseAmount(match.amount, match.currency);
  if (!parsed.ok) return { ok: false, error: appError('validation_failed', parsed.message, { amount: [parsed.message] }) };
  if (match.currency !== checkout.fiat_currency || parsed.minor !== payment.amount_minor) {
    const received = `${formatMinor(parsed.minor, match.currency)} ${match.currency}`;
    return { ok: false, error: appError('wire_amount_mismatch', `This order expects exactly ${expected}; ${received} was entered. Nothing was credited: check the bank statement, or return the money to the sender.`, { amount: [`Expected ${expected}.`] }) };
  }
  if (!isOpen(checkout.status)) return { ok: false, error: appError('wire_window_closed') };
  await receiveCheckoutBankMoney(trx, checkout, payment);
  const reserved = await reserveDelivery(trx, checkout, payment.crypto_amount_minor);
  if (!reserved.ok) throw new ApiError(reserved.error);
  const received = await trx.updateTable('checkout_payments').set({ status: 'captured', received_at: now, updated_at: now }).where('id', '=', payment.id).returningAll().executeTakeFirstOrThrow();
  await trx.updateTable('guest_checkouts').set({ crypto_amount_minor: payment.crypto_amount_minor }).where('id', '=', checkout.id).execute();
  return { ok: true, payment: received, checkout: await setStatus(trx, checkout, 'successful', now) };
}
