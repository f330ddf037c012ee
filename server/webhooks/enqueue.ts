// Recording an event in the outbox. Callers (the payment lifecycle) call this INSIDE the database
// transaction that makes the change the event reports: the event commits with the change or not at all,
// and the delivery worker picks it up afterwards. Nothing here talks to the network.

import { WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookPayload } from '#core/contract/webhooks.ts';
import type { Db } from '../db/db.ts';

export interface WebhookEventInput {
  merchantId: bigint;
  type: WebhookEventType;
  /** JSON-safe wire data (amounts as decimal strings, ids as strings); a bigint here is a bug and throws. */
  data: Record<string, unknown>;
}

export interface EnqueuedWebhookEvent {
  /** The Standard Webhooks message id, 'msg_…' (the webhook-id header). */
  eventId: string;
  /** False when the merchant has no endpoint: the event is recorded for the log, not delivered. */
  queued: boolean;
}

/** The event's wire body, as the delivery worker sends it (also written by create_payments, migration 0043). */
export function webhookBody(input: WebhookEventInput, now: Date): string {
  if (!WEBHOOK_EVENT_TYPES.includes(input.type)) throw new Error(`unknown webhook event type ${String(input.type)}`);
  const payload: WebhookPayload = { type: input.type, timestamp: now.toISOString(), data: input.data };
  return JSON.stringify(payload);
}

export async function enqueueWebhookEvent(trx: Db, input: WebhookEventInput, now: Date = new Date()): Promise<EnqueuedWebhookEvent> {
  const body = webhookBody(input, now);
  const endpoint = await trx
    .selectFrom('merchant_webhooks')
    .select('url')
    .where('merchant_id', '=', input.merchantId)
    .executeTakeFirst();
  const queued = Boolean(endpoint?.url);
  const row = await trx
    .insertInto('webhook_events')
    .values({
      merchant_id: input.merchantId,
      type: input.type,
      body,
      status: queued ? 'pending' : 'no_endpoint',
      next_attempt_at: queued ? now : null,
      delivered_at: null,
    })
    .returning('public_id')
    .executeTakeFirstOrThrow();
  return { eventId: row.public_id, queued };
}
