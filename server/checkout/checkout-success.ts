// What becoming successful gives a checkout, whichever way it was paid: the provider's next invoice number
// and one use of the coupon its price was made with. payment-state.ts setStatus calls it in the payment's
// own transaction, so a payment that rolls back gives its number and its coupon use back: the numbers
// have no gaps and a coupon is counted once per paid checkout.

import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { useCoupon } from '../rates/coupons.ts';
import { recordGuestPurchase } from './checkout-history.ts';

/**
 * The provider's next invoice number. The upsert holds the provider's counter row locked until the
 * caller's transaction ends, so two successes at once get consecutive numbers, never the same one.
 */
export async function nextInvoiceNumber(trx: Transaction<Database>, providerId: bigint): Promise<bigint> {
  const row = await trx
    .insertInto('invoice_sequences')
    .values({ provider_id: providerId, last_number: 1n })
    .onConflict((conflict) => conflict.column('provider_id').doUpdateSet({ last_number: sql<bigint>`invoice_sequences.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return BigInt(row.last_number);
}

/** Numbers the invoice and counts the coupon of a checkout that has just become successful (once: a numbered checkout is left alone). */
export async function markCheckoutSuccessful(trx: Transaction<Database>, checkout: CheckoutRow, now: Date): Promise<CheckoutRow> {
  if (checkout.invoice_number !== null) return checkout;
  const invoiceNumber = await nextInvoiceNumber(trx, checkout.provider_id);
  // The coupon was checked when the guest applied it and again, locked, when the price was taken
  // (checkout-quote.ts); should it run out while a payment waits (3-D Secure, a wire), the guest keeps the
  // price they were shown and the coupon is not counted past its maximum.
  if (checkout.coupon_id !== null) await useCoupon(trx, checkout.coupon_id);
  const numbered = await trx.updateTable('guest_checkouts').set({ invoice_number: invoiceNumber, invoiced_at: now }).where('id', '=', checkout.id).returningAll().executeTakeFirstOrThrow();
  // A checkout that already belongs to a member (they registered before paying) joins their history now.
  await recordGuestPurchase(trx, numbered);
  return numbered;
}
