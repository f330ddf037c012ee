// A guest purchase in its member's history: once a checkout belongs to a member (they registered from
// it, checkout-register.ts) and is paid, GET /transactions/getTransactions lists it as a buy. It is a
// record for the member's eyes only: the money moved through the house accounts at payment time
// (checkout-funds.ts), so no ledger transfer and no limit usage is written here. The row carries the
// purchase's own date and the invoice number as its reference, and is written once per checkout.

import { sql } from 'kysely';
import { formatInvoiceNumber } from '#core/rules/invoice-number.ts';
import type { Db } from '../db/db.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { recordTransaction } from '../money/record-transaction.ts';

/** Lists the paid checkout in its member's transactions, unless it has no member, is unpaid or is listed already. */
export async function recordGuestPurchase(db: Db, checkout: CheckoutRow): Promise<boolean> {
  if (checkout.user_id === null || checkout.status !== 'successful' || checkout.invoice_number === null || checkout.invoiced_at === null) return false;
  const listed = await db
    .selectFrom('money_transactions')
    .select('id')
    .where('user_id', '=', checkout.user_id)
    .where('type', '=', 'conversion')
    .where(sql<boolean>`details->>'checkout_id' = ${checkout.public_id}`)
    .executeTakeFirst();
  if (listed) return false;
  const row = await recordTransaction(db, {
    providerId: checkout.provider_id,
    userId: checkout.user_id,
    type: 'conversion',
    operation: 'buy',
    status: 'completed',
    paymentStatus: 'successful',
    method: checkout.payment_method === 'Credit Card' ? 'card' : 'wire',
    currency: checkout.fiat_currency,
    amountMinor: checkout.fiat_amount_minor - checkout.fee_minor,
    currency2: checkout.crypto_currency,
    amount2Minor: checkout.crypto_amount_minor,
    feeMinor: checkout.fee_minor,
    rate: checkout.rate,
    counterparty: checkout.crypto_address,
    reference: formatInvoiceNumber(checkout.invoice_number),
    details: { checkout_id: checkout.public_id, guest_checkout: true, ...(checkout.coupon_code ? { coupon_code: checkout.coupon_code } : {}) },
  });
  // The purchase happened when it was paid, not when the guest registered.
  await sql`UPDATE money_transactions SET created_at = ${checkout.invoiced_at}, updated_at = ${checkout.invoiced_at} WHERE id = ${row.id}`.execute(db);
  return true;
}
