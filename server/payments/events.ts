// The one place payment lifecycle events leave this folder. Called inside the same database transaction
// as the status change it reports, so an event exists exactly when its change was committed.
// Every event is kept in payment_events (the payment's own history) and queued in the webhook outbox
// (server/webhooks/), which delivers it to the merchant's endpoint, if any, after the commit.

import type { Transaction } from 'kysely';
import { formatMinor } from '#core/money.ts';
import type { PaymentEventType } from '#core/payments/payment-rules.ts';
import type { Database } from '../db/schema.ts';
import { toJsonb } from '../db/jsonb.ts';
import { enqueueWebhookEvent } from '../webhooks/index.ts';
import { isPriced, type PaymentRow } from '../db/tables/payments.ts';

/** The coin amounts of a payment, or nulls while the buyer has not chosen the coin. */
function coinFields(payment: PaymentRow) {
  if (!isPriced(payment)) return { currency_1_iso: null, currency_1_amount: null, currency_1_paid: null, currency_1_confirmed: null };
  return {
    currency_1_iso: payment.coin,
    currency_1_amount: formatMinor(payment.amount_due_minor, payment.coin),
    currency_1_paid: formatMinor(payment.paid_minor, payment.coin),
    currency_1_confirmed: formatMinor(payment.confirmed_minor, payment.coin),
  };
}

/** What a merchant learns about a payment in an event: public fields only, never an address key or a secret. */
export function paymentEventData(payment: PaymentRow, merchantPublicId: string): Record<string, unknown> {
  return {
    transaction_token: payment.public_id,
    merchant_id: merchantPublicId,
    status: payment.status,
    exception: payment.exception,
    ...coinFields(payment),
    amount: formatMinor(payment.fiat_amount_minor, payment.fiat_currency),
    currency: payment.fiat_currency,
    product: payment.product,
    transaction_c1: payment.c1,
    transaction_c2: payment.c2,
    transaction_c3: payment.c3,
    transaction_c4: payment.c4,
  };
}

/** `extra` adds what one kind of event knows besides the payment (a refund's id, amount and txid). */
export async function emitPaymentEvents(trx: Transaction<Database>, payment: PaymentRow, types: readonly PaymentEventType[], extra: Record<string, unknown> = {}): Promise<void> {
  if (types.length === 0) return;
  const merchant = await trx.selectFrom('merchants').select('merchant_id').where('id', '=', payment.merchant_id).executeTakeFirstOrThrow();
  const data = { ...paymentEventData(payment, merchant.merchant_id), ...extra };
  for (const type of types) {
    await trx.insertInto('payment_events').values({ payment_id: payment.id, type, data: toJsonb(data) }).execute();
    await enqueueWebhookEvent(trx, { merchantId: payment.merchant_id, type, data });
  }
}
