// A coupon applied to a guest checkout (POST /v1/coupons/validate/{id}). The coupon waives part of the
// buy fee, never of the amount: the guest still pays the amount they chose and receives more coins, the
// order's value stays what the guest asked for (the figure limits, verification levels and the card's
// authorisation are about) and only the house's margin shrinks. A regulated exchange discounts its own
// fee and not the price of the asset, because the price must stay the market's. The checkout is
// repriced as a new single-use quote holding the coupon; the use is counted when the checkout becomes
// successful (checkout-success.ts), so applying it, showing it or abandoning the checkout costs none.

import type { Kysely } from 'kysely';
import { appError, type AppError } from '#core/errors.ts';
import { isOpen } from '#core/rules/checkout-status.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutPaymentStatus, CheckoutRow } from '../db/tables/checkouts.ts';
import type { RatesService } from '../rates/rates-service.ts';
import { checkCoupon } from '../rates/coupons.ts';
import { insertCheckoutQuote, priceOrder } from './checkout-quote.ts';

/** The payment states in which the checkout's price is already the one being paid. */
const PAYMENT_STARTED: readonly CheckoutPaymentStatus[] = ['three_d_secure', 'authorized', 'captured', 'awaiting'];

export async function applyCheckoutCoupon(
  db: Kysely<Database>,
  rates: RatesService,
  checkout: CheckoutRow,
  code: string,
  now: Date,
): Promise<{ ok: true; checkout: CheckoutRow } | { ok: false; error: AppError }> {
  if (!isOpen(checkout.status)) return { ok: false, error: appError('checkout_status_invalid', 'This checkout was already paid, canceled or has expired; its price can no longer change.') };
  const checked = await checkCoupon(db, checkout.provider_id, code, now);
  if (!checked.ok) return { ok: false, error: appError(checked.code, undefined, { code: [appError(checked.code).message] }) };
  const { coupon } = checked;
  const priced = await priceOrder(rates, checkout.provider_id, { fiat: checkout.fiat_currency, coin: checkout.crypto_currency, amountMinor: checkout.fiat_amount_minor, couponDiscountPercent: coupon.fee_discount_percent });
  if (!priced.ok) return priced;
  const { price } = priced;
  return db.transaction().execute(async (trx) => {
    // A payment in progress holds the checkout's lock; only an open checkout with no live payment is repriced.
    // Started means its price was taken: a card in 3-D Secure, held (authorized) or captured, or a wire or
    // bank payment awaiting the money at a fixed amount (the checkout itself is still `pending` then).
    const live = await trx.selectFrom('checkout_payments').select('id').where('checkout_id', '=', checkout.id).where('status', 'in', PAYMENT_STARTED).executeTakeFirst();
    if (live) return { ok: false as const, error: appError('checkout_status_invalid', 'A payment of this checkout is already under way; its price can no longer change.') };
    const updated = await trx
      .updateTable('guest_checkouts')
      .set({ fee_minor: price.feeMinor, crypto_amount_minor: price.receiveMinor, rate: price.rate, coupon_id: coupon.id, coupon_code: coupon.code, updated_at: now })
      .where('id', '=', checkout.id)
      .where('status', 'in', ['created', 'pending'])
      .returningAll()
      .executeTakeFirst();
    if (!updated) return { ok: false as const, error: appError('checkout_status_invalid') };
    await insertCheckoutQuote(trx, rates, updated, price, now);
    return { ok: true as const, checkout: updated };
  });
}
