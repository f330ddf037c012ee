// One payment in full: the row, every chain transfer seen at its address, and the webhook events sent
// about it with each delivery attempt. Events are found by the payment's token in their body (the data
// of server/payments/events.ts), among this merchant's events only.

import { sql, type Kysely } from 'kysely';
import type { ChainPaymentSeen, MerchantPaymentDetail, PaymentWebhookEvent } from '#core/contract/merchant-office.ts';
import { formatMinor } from '#core/money.ts';
import type { Database } from '../db/schema.ts';
import type { PaymentRow } from '../db/tables/payments.ts';
import { toMerchantPayment } from './payment-record.ts';

/** A payment has a handful of transfers and events; the cap only bounds a pathological one. */
const DETAIL_LIMIT = 200;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

async function chainPaymentsOf(db: Kysely<Database>, payment: PaymentRow): Promise<ChainPaymentSeen[]> {
  const coin = payment.coin;
  if (payment.address_id === null || coin === null) return [];
  const rows = await db
    .selectFrom('chain_payments')
    .select(['txid', 'amount_minor', 'confirmations', 'required_confirmations', 'status', 'created_at'])
    .where('address_id', '=', payment.address_id)
    .orderBy('created_at')
    .orderBy('id')
    .limit(DETAIL_LIMIT)
    .execute();
  return rows.map((row) => ({
    txid: row.txid,
    amount: formatMinor(row.amount_minor, coin),
    confirmations: row.confirmations,
    required_confirmations: row.required_confirmations,
    status: row.status,
    seen_at: row.created_at.toISOString(),
  }));
}

async function webhookEventsOf(db: Kysely<Database>, payment: PaymentRow): Promise<PaymentWebhookEvent[]> {
  const events = await db
    .selectFrom('webhook_events')
    .select(['id', 'public_id', 'type', 'status', 'attempts', 'delivered_at', 'next_attempt_at', 'created_at'])
    .where('merchant_id', '=', payment.merchant_id)
    .where(sql<string>`(body::jsonb -> 'data' ->> 'transaction_token')`, '=', payment.public_id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(DETAIL_LIMIT)
    .execute();
  if (events.length === 0) return [];
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .select(['event_id', 'attempt', 'url', 'status_code', 'error', 'duration_ms', 'created_at'])
    .where(
      'event_id',
      'in',
      events.map((event) => event.id),
    )
    .orderBy('id')
    .execute();
  return events.map((event) => ({
    event_id: event.public_id,
    type: event.type,
    status: event.status,
    attempts: event.attempts,
    delivered_at: iso(event.delivered_at),
    next_attempt_at: iso(event.next_attempt_at),
    created_at: event.created_at.toISOString(),
    deliveries: deliveries
      .filter((delivery) => delivery.event_id === event.id)
      .map((delivery) => ({
        attempt: delivery.attempt,
        url: delivery.url,
        status_code: delivery.status_code,
        error: delivery.error,
        duration_ms: delivery.duration_ms,
        created_at: delivery.created_at.toISOString(),
      })),
  }));
}

export async function paymentDetail(db: Kysely<Database>, payment: PaymentRow): Promise<MerchantPaymentDetail> {
  const chain = await chainPaymentsOf(db, payment);
  const events = await webhookEventsOf(db, payment);
  return { payment: toMerchantPayment(payment), chain_payments: chain, webhook_events: events };
}
