// What a buyer who opens a payment link pays: the payment the link shows now while it can still be paid
// or is being paid (new before its expiry, processing, settled), a settled payment of the link once it is
// paid, else a fresh payment made through the ordinary lifecycle (createPayment: coin-less, so the buyer
// chooses; or priced in the link's fixed coin). Two buyers opening the link at once share one payment: the
// link's current_payment_id is swapped by compare-and-set, and the loser cancels the payment it made.

import type { Kysely } from 'kysely';
import type { OpenPaymentLinkAnswer } from '#core/contract/payment-links.ts';
import { formatMinor } from '#core/money.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import { contextOf, merchantQuery } from '../merchants/merchant-context.ts';
import { createPayment, type CreatePaymentDeps } from '../payments/create-payment.ts';
import { expirePayment } from '../payments/expire-payment.ts';

type Candidate = { id: bigint; public_id: string; status: string; expires_at: Date };

function stillShown(payment: Candidate, now: Date): boolean {
  if (payment.status === 'processing' || payment.status === 'settled') return true;
  return payment.status === 'new' && payment.expires_at.getTime() > now.getTime();
}

const paymentColumns = ['payments.id', 'payments.public_id', 'payments.status', 'payments.expires_at'] as const;

export async function openLink(deps: CreatePaymentDeps, token: string, attempt = 0): Promise<OpenPaymentLinkAnswer> {
  const db: Kysely<Database> = deps.db;
  const now = deps.now ?? new Date();
  const link = await db.selectFrom('payment_links').selectAll().where('token', '=', token).executeTakeFirst();
  if (!link) throw apiError('payment_link_not_found');
  const merchant = contextOf(await merchantQuery(db).where('merchants.id', '=', link.merchant_id).executeTakeFirstOrThrow());
  const answer = (payment: { public_id: string }) => ({ merchant_id: merchant.merchantId, transaction_id: payment.public_id });

  const current = link.current_payment_id === null ? undefined : await db.selectFrom('payments').select(paymentColumns).where('id', '=', link.current_payment_id).executeTakeFirst();
  if (current && stillShown(current, now)) return answer(current);
  // A link paid once stays paid: a buyer opening it again sees the payment's success, never a second bill.
  const settled = await db
    .selectFrom('payment_link_payments')
    .innerJoin('payments', 'payments.id', 'payment_link_payments.payment_id')
    .select(paymentColumns)
    .where('payment_link_payments.link_id', '=', link.id)
    .where('payments.status', '=', 'settled')
    .executeTakeFirst();
  if (settled) return answer(settled);
  if (link.expires_at && link.expires_at.getTime() <= now.getTime()) throw apiError('payment_link_closed');

  const created = await createPayment(deps, merchant, {
    merchant_id: merchant.merchantId,
    currency: link.fiat_currency,
    amount: formatMinor(link.fiat_amount_minor, link.fiat_currency),
    currency_1_iso: link.coin,
    transaction_product: link.product,
    transaction_c1: link.order_id,
    return_url: null,
  });
  const payment = await db.selectFrom('payments').selectAll().where('public_id', '=', created.transaction_token).executeTakeFirstOrThrow();
  const won = await db.transaction().execute(async (trx) => {
    const swap = trx.updateTable('payment_links').set({ current_payment_id: payment.id }).where('id', '=', link.id);
    const result = await (link.current_payment_id === null ? swap.where('current_payment_id', 'is', null) : swap.where('current_payment_id', '=', link.current_payment_id)).executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await trx.insertInto('payment_link_payments').values({ payment_id: payment.id, link_id: link.id }).execute();
    return true;
  });
  if (won) return answer(payment);
  // Another buyer's open won: cancel ours (nothing can have been paid to it yet) and show theirs.
  await expirePayment(db, payment, () => now);
  if (attempt >= 2) throw apiError('service_unavailable');
  return openLink(deps, token, attempt + 1);
}
