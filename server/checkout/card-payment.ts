// A guest checkout paid by card with the test acquirer (POST /v1/paynet/deposit). The order of checks
// is the point: the checkout must be open, have the buyer's details and an address, and the amount within
// what a guest may buy at all (guest-limit.ts: above the verified level's limit is refused) BEFORE the card
// is touched; the quote is taken in the same database transaction that authorises the card, so an expired
// price holds nothing (the checkout is repriced and the buyer confirms again). A card that asks for 3-D
// Secure waits with the quote taken and nothing in the ledger; the second call answers the challenge. A
// declined card or a failed challenge fails the checkout with nothing held. An approved card is
// AUTHORISED: its fiat pending in the ledger, the coins reserved and the checkout authorized, all in one
// transaction; it is captured only when the checkout is cleared (clearance.ts: codes, and identity above
// the unverified limit), which may already be so (then at once). The delivery worker sends the coins.

import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { appError, type AppError } from '#core/errors.ts';
import { isOpen } from '#core/rules/checkout-status.ts';
import { authorizeCharge, maskedCard, tokenizeCard, type CardInput, type TokenizedCard } from '../acquirer/test-acquirer.ts';
import type { Database } from '../db/schema.ts';
import { toJsonb } from '../db/jsonb.ts';
import { ApiError } from '../http/api-error.ts';
import type { RatesService } from '../rates/rates-service.ts';
import { authoriseCheckoutCard, reserveDelivery } from './checkout-funds.ts';
import { settleIfCleared } from './clearance.ts';
import { repriceCheckout, takeCheckoutQuote } from './checkout-quote.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { guestMayBuy } from './guest-limit.ts';
import { lockCheckout, setStatus } from './payment-state.ts';
import { paymentDestination } from './remit-recipient.ts';

export interface CardPaymentContext {
  db: Kysely<Database>;
  rates: RatesService;
  fingerprintOf: (number: string) => string;
  now: Date;
}

export type CardPaymentResult =
  | { ok: true; outcome: 'authorized' | 'captured' | 'three_d_secure' | 'repriced'; checkout: CheckoutRow; card: string | null }
  | { ok: false; error: AppError };

/** What the page shows while the card's bank asks for 3-D Secure. */
export const THREE_D_SECURE_MESSAGE = 'Your bank asks you to confirm this payment. Approve it in the test bank\'s window to pay.';

const newPaymentId = () => `cpay_${randomBytes(16).toString('base64url').slice(0, 22)}`;

/** What a payment row keeps of the card: while 3-D Secure waits, the token too (never the number). */
function storedCard(card: TokenizedCard, withToken: boolean): string {
  const shown = { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, holder: card.holder };
  return toJsonb(withToken ? { ...shown, token: card.token } : shown);
}



export async function payCheckoutByCard(ctx: CardPaymentContext, checkout: CheckoutRow, input: CardInput): Promise<CardPaymentResult> {
  if (!isOpen(checkout.status)) return { ok: false, error: appError('checkout_status_invalid') };
  // The card is charged for a known buyer: the details step (checkout/billing) comes first.
  if (checkout.first_name === null || checkout.email === null) return { ok: false, error: appError('checkout_details_required') };
  const destination = await paymentDestination(ctx.db, checkout);
  if (!destination.ok) return destination;
  const limit = await guestMayBuy(ctx.db, ctx.rates, checkout);
  if (!limit.ok) return limit;
  const tokenized = tokenizeCard(input, ctx.now, ctx.fingerprintOf);
  if (!tokenized.ok) return tokenized;
  const card = tokenized.card;
  const authorisation = authorizeCharge(card.token);

  if (authorisation.outcome === 'declined') {
    // Nothing was authorised, so nothing is held; the checkout ends failed and the attempt is kept.
    await ctx.db.transaction().execute(async (trx) => {
      const locked = await lockCheckout(trx, checkout.id);
      if (!isOpen(locked.status)) return;
      await trx.insertInto('checkout_payments').values({
        public_id: newPaymentId(), checkout_id: locked.id, provider_id: locked.provider_id, method: 'card', status: 'declined',
        amount_minor: locked.fiat_amount_minor, fee_minor: locked.fee_minor, crypto_amount_minor: locked.crypto_amount_minor, rate: locked.rate,
        card: storedCard(card, false), declined: authorisation.error.message, updated_at: ctx.now,
      }).execute();
      const failed = await setStatus(trx, locked, 'failed', ctx.now);
      // A reload of the page still says why, in the acquirer's words.
      await trx.updateTable('guest_checkouts').set({ failure_reason: authorisation.error.message }).where('id', '=', failed.id).execute();
    });
    return { ok: false, error: authorisation.error };
  }

  const challenge = authorisation.outcome === 'challenge';
  const done = await ctx.db.transaction().execute(async (trx): Promise<CardPaymentResult | 'reprice'> => {
    const locked = await lockCheckout(trx, checkout.id);
    if (!isOpen(locked.status)) return { ok: false, error: appError('checkout_status_invalid') };
    const taken = await takeCheckoutQuote(trx, locked, ctx.now);
    if (!taken.ok) return taken.code === 'quote_expired' ? 'reprice' : { ok: false, error: appError('checkout_status_invalid') };
    const { quote } = taken;
    const payment = {
      public_id: newPaymentId(), checkout_id: locked.id, provider_id: locked.provider_id, method: 'card' as const,
      status: challenge ? ('three_d_secure' as const) : ('authorized' as const),
      amount_minor: quote.fromAmountMinor, fee_minor: quote.feeMinor, crypto_amount_minor: quote.toAmountMinor, rate: quote.rate,
      card: storedCard(card, challenge), declined: null, updated_at: ctx.now,
    };
    await trx.insertInto('checkout_payments').values(payment).execute();
    if (challenge) return { ok: true, outcome: 'three_d_secure', checkout: await setStatus(trx, locked, 'pending', ctx.now), card: maskedCard(card) };
    return { ok: true, outcome: 'authorized', checkout: await authorise(trx, locked, payment, ctx.now), card: maskedCard(card) };
  });
  if (done !== 'reprice') return afterAuthorisation(ctx, done);
  const repriced = await repriceCheckout(ctx.db, ctx.rates, checkout, ctx.now);
  return repriced.ok ? { ok: true, outcome: 'repriced', checkout: repriced.checkout, card: null } : repriced;
}

/** Authorise, reserve the coins and make the checkout authorized; a refusal (no coins to deliver) rolls it all back. */
async function authorise(trx: Transaction<Database>, checkout: CheckoutRow, payment: { public_id: string; amount_minor: bigint; fee_minor: bigint; crypto_amount_minor: bigint }, now: Date): Promise<CheckoutRow> {
  await authoriseCheckoutCard(trx, checkout, payment);
  const reserved = await reserveDelivery(trx, checkout, payment.crypto_amount_minor);
  if (!reserved.ok) throw new ApiError(reserved.error);
  // What was delivered is what the quote said, even if the checkout row's display figures were older.
  await trx.updateTable('guest_checkouts').set({ crypto_amount_minor: payment.crypto_amount_minor }).where('id', '=', checkout.id).execute();
  return setStatus(trx, { ...checkout, step: 'verify' }, 'authorized', now);
}

/** An authorised card of a checkout that is already cleared (codes entered before paying, below the limit) is captured at once. */
async function afterAuthorisation(ctx: CardPaymentContext, result: CardPaymentResult): Promise<CardPaymentResult> {
  if (!result.ok || result.outcome !== 'authorized') return result;
  const settled = await settleIfCleared(ctx.db, ctx.rates, result.checkout.id, ctx.now);
  if (settled !== 'captured') return result;
  const checkout = await ctx.db.selectFrom('guest_checkouts').selectAll().where('id', '=', result.checkout.id).executeTakeFirstOrThrow();
  return { ...result, outcome: 'captured', checkout };
}

/** The answer to the 3-D Secure challenge of the checkout's waiting card payment. */
export async function answerCheckoutChallenge(ctx: CardPaymentContext, checkout: CheckoutRow, outcome: 'approve' | 'fail'): Promise<CardPaymentResult> {
  const answered = await ctx.db.transaction().execute(async (trx): Promise<CardPaymentResult> => {
    const locked = await lockCheckout(trx, checkout.id);
    const payment = await trx.selectFrom('checkout_payments').selectAll().where('checkout_id', '=', locked.id).where('status', '=', 'three_d_secure').forUpdate().executeTakeFirst();
    if (!payment || !isOpen(locked.status)) return { ok: false, error: appError('checkout_challenge_not_pending') };
    const card = payment.card as unknown as TokenizedCard;
    const shown = maskedCard(card);
    const approved = outcome === 'approve' && authorizeCharge(card.token, true).outcome === 'approved';
    // The token goes with the challenge either way: nothing may charge it later.
    const { token: _token, ...display } = card;
    if (!approved) {
      await trx.updateTable('checkout_payments').set({ status: 'failed', declined: '3-D Secure failed', card: toJsonb(display), updated_at: ctx.now }).where('id', '=', payment.id).execute();
      const declined = appError('card_declined', 'The card was declined: the 3-D Secure check was not passed. Start a new checkout and try again or use another card; nothing was charged.');
      const failed = await setStatus(trx, locked, 'failed', ctx.now);
      await trx.updateTable('guest_checkouts').set({ failure_reason: declined.message }).where('id', '=', failed.id).execute();
      return { ok: false, error: declined };
    }
    await trx.updateTable('checkout_payments').set({ status: 'authorized', card: toJsonb(display), updated_at: ctx.now }).where('id', '=', payment.id).execute();
    return { ok: true, outcome: 'authorized', checkout: await authorise(trx, locked, payment, ctx.now), card: shown };
  });
  return afterAuthorisation(ctx, answered);
}
