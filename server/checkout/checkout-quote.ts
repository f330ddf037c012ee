// A guest checkout's price is a quote (server/conversions/quotes.ts's table, owned by the checkout instead
// of a member): the provider's rate and buy fee for the checkout's fiat amount, split by core/fees.ts
// conversionFigures exactly as a member's buy quote is, held QUOTE_TTL_S and taken at most once. Init
// prices the checkout; the payment step takes the quote inside its transaction (takeCheckoutQuote), and
// when the price has expired it reprices (repriceCheckout) and shows the guest the new figures first.

import type { Kysely, Transaction } from 'kysely';
import { isFiat, type CryptoAsset, type FiatAsset } from '#core/assets.ts';
import { appError, type AppError } from '#core/errors.ts';
import { conversionFigures } from '#core/fees.ts';
import { isOpen } from '#core/rules/checkout-status.ts';
import type { Database } from '../db/schema.ts';
import { takenQuote, type TakeQuoteResult } from '../conversions/quotes.ts';
import type { RatesService } from '../rates/rates-service.ts';
import type { Pricing } from '../rates/default-pricing.ts';
import { formatMinor } from '#core/money.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { couponUsableAt } from '../rates/coupons.ts';

export interface CheckoutPrice {
  totalMinor: bigint;
  feeMinor: bigint;
  receiveMinor: bigint;
  rate: string;
  source: 'test' | 'live';
}

/** The price of `amountMinor` fiat (fee included) in `coin` now, or the error to answer. */
export async function priceOrder(
  rates: RatesService,
  providerId: bigint,
  order: { fiat: FiatAsset; coin: CryptoAsset | FiatAsset; amountMinor: bigint; couponDiscountPercent?: string | undefined },
): Promise<{ ok: true; price: CheckoutPrice } | { ok: false; error: AppError }> {
  const pricing = await rates.pricing(providerId);
  if (isFiat(order.coin)) return priceFiatPayout(pricing, rates.source, { fiat: order.fiat, to: order.coin, amountMinor: order.amountMinor });
  const priced = await rates.rate(providerId, order.fiat, order.coin, pricing.spreadBps);
  if (!priced.ok) return { ok: false, error: appError('rates_unavailable') };
  const split = conversionFigures(order.amountMinor, order.fiat, order.coin, priced.rate, pricing.conversionFeePercent.buy, order.couponDiscountPercent);
  if (split.receiveMinor <= 0n) {
    const message = `This amount buys less than the smallest unit of ${order.coin}. Enter a larger amount.`;
    return { ok: false, error: appError('amount_below_minimum', message, { amount: [message] }) };
  }
  return { ok: true, price: { totalMinor: split.totalMinor, feeMinor: split.feeMinor, receiveMinor: split.receiveMinor, rate: priced.rate, source: priced.source } };
}

/**
 * A remittance of fiat to an IBAN: no conversion, so only the same currency (rate 1); the fee is the
 * provider's payout fee for that fiat (its withdrawal fee), and the recipient gets the rest.
 */
function priceFiatPayout(pricing: Pricing, source: 'test' | 'live', order: { fiat: FiatAsset; to: FiatAsset; amountMinor: bigint }): { ok: true; price: CheckoutPrice } | { ok: false; error: AppError } {
  if (order.to !== order.fiat) {
    const message = `A bank transfer is sent in the currency you pay with (${order.fiat}), not ${order.to}. Choose ${order.fiat} for the recipient, or send crypto.`;
    return { ok: false, error: appError('remit_currency_unsupported', message, { currency: [message] }) };
  }
  const feeMinor = pricing.assets[order.fiat].withdrawalFeeMinor;
  if (order.amountMinor <= feeMinor) {
    const message = `The amount must be above the transfer fee of ${formatMinor(feeMinor, order.fiat)} ${order.fiat}. Enter a larger amount.`;
    return { ok: false, error: appError('amount_below_minimum', message, { amount: [message] }) };
  }
  return { ok: true, price: { totalMinor: order.amountMinor, feeMinor, receiveMinor: order.amountMinor - feeMinor, rate: '1', source } };
}

/** Records `price` as the checkout's quote, valid for the rates service's quote TTL from `now`. */
export async function insertCheckoutQuote(trx: Transaction<Database>, rates: RatesService, checkout: Pick<CheckoutRow, 'id' | 'provider_id' | 'fiat_currency' | 'crypto_currency'> & Partial<Pick<CheckoutRow, 'coupon_id' | 'coupon_code'>>, price: CheckoutPrice, now: Date): Promise<void> {
  await trx
    .insertInto('quotes')
    .values({
      provider_id: checkout.provider_id,
      user_id: null,
      checkout_id: checkout.id,
      operation: 'buy',
      from_asset: checkout.fiat_currency,
      to_asset: checkout.crypto_currency,
      from_amount_minor: price.totalMinor,
      fee_minor: price.feeMinor,
      to_amount_minor: price.receiveMinor,
      rate: price.rate,
      source: price.source,
      coupon_id: checkout.coupon_id ?? null,
      coupon_code: checkout.coupon_code ?? null,
      created_at: now,
      expires_at: new Date(now.getTime() + rates.quoteTtlS * 1000),
    })
    .execute();
}

/**
 * Takes the checkout's newest quote, once: the UPDATE matches only an unused, unexpired quote, so of two
 * payments of one checkout exactly one gets it. Call it inside the payment's transaction.
 */
export async function takeCheckoutQuote(trx: Transaction<Database>, checkout: Pick<CheckoutRow, 'id' | 'provider_id'>, now: Date): Promise<TakeQuoteResult> {
  const newest = await trx
    .selectFrom('quotes')
    .select(['id', 'used_at', 'expires_at', 'coupon_id'])
    .where('checkout_id', '=', checkout.id)
    .where('provider_id', '=', checkout.provider_id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!newest || newest.used_at !== null) return { ok: false, code: 'quote_not_found' };
  if (newest.expires_at.getTime() <= now.getTime()) return { ok: false, code: 'quote_expired' };
  // A price made with a coupon holds only while the coupon does: one used up or expired since is a changed
  // price (reprice without it, the guest confirms). The coupon's row stays locked until the payment's
  // transaction ends, so its last use cannot go to two payments at once.
  if (newest.coupon_id !== null) {
    const coupon = await trx.selectFrom('coupons').selectAll().where('id', '=', newest.coupon_id).forUpdate().executeTakeFirst();
    if (!coupon || !couponUsableAt(coupon, now).ok) return { ok: false, code: 'quote_expired' };
  }
  const row = await trx
    .updateTable('quotes')
    .set({ used_at: now })
    .where('id', '=', newest.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  return row ? { ok: true, quote: takenQuote(row) } : { ok: false, code: 'quote_not_found' };
}

/** A new price for an open checkout whose quote expired: its figures become the new quote's. */
export async function repriceCheckout(db: Kysely<Database>, rates: RatesService, checkout: CheckoutRow, now: Date): Promise<{ ok: true; checkout: CheckoutRow } | { ok: false; error: AppError }> {
  if (!isOpen(checkout.status)) return { ok: false, error: appError('checkout_status_invalid') };
  // The coupon the guest applied keeps its discount while it is still usable; otherwise it is dropped.
  const coupon = checkout.coupon_id === null ? undefined : await db.selectFrom('coupons').selectAll().where('id', '=', checkout.coupon_id).executeTakeFirst();
  const usable = coupon !== undefined && couponUsableAt(coupon, now).ok ? coupon : null;
  const priced = await priceOrder(rates, checkout.provider_id, { fiat: checkout.fiat_currency, coin: checkout.crypto_currency, amountMinor: checkout.fiat_amount_minor, couponDiscountPercent: usable?.fee_discount_percent });
  if (!priced.ok) return priced;
  const { price } = priced;
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('guest_checkouts')
      .set({ fee_minor: price.feeMinor, crypto_amount_minor: price.receiveMinor, rate: price.rate, coupon_id: usable?.id ?? null, coupon_code: usable?.code ?? null, updated_at: now })
      .where('id', '=', checkout.id)
      .where('status', 'in', ['created', 'pending'])
      .returningAll()
      .executeTakeFirst();
    if (!updated) return { ok: false as const, error: appError('checkout_status_invalid') };
    await insertCheckoutQuote(trx, rates, updated, price, now);
    return { ok: true as const, checkout: updated };
  });
}
