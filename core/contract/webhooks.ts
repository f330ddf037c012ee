// Merchant webhooks (spec §7 /users/updateWebhook): the events we send, the body every delivery
// carries, and the calls a signed-in merchant user makes to set the endpoint, read the log, redeliver
// an event and reveal the signing secret. A member's session is refused with 403 forbidden: webhooks
// belong to merchant accounts.
//
// Deliveries follow Standard Webhooks (https://www.standardwebhooks.com): headers webhook-id (the event id,
// 'msg_…'), webhook-timestamp (Unix seconds) and webhook-signature ('v1,' + base64 HMAC-SHA256 with the
// secret's bytes over "<id>.<timestamp>.<body>"). Any Standard Webhooks verifier (the `standardwebhooks`
// npm package, svix) accepts them with the 'whsec_…' secret.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { IsoTime } from './fields.ts';
import { strictObject } from './schema-kit.ts';

export const WEBHOOK_EVENT_TYPES = [
  'payment.created',
  'payment.detected',
  'payment.settled',
  'payment.expired',
  'payment.invalid',
  'payment.paid_late',
  'payment.accepted',
  'payment.refunded',
  // The transaction seen for the payment left the network before it confirmed (replaced, double spent,
  // dropped): the payment waits for money again, or has expired.
  'payment.dropped',
  // Sent only when the merchant asks for one ("send a test event"), to try their endpoint.
  'test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The JSON body of every delivery. timestamp is the event's time (ISO 8601), not the attempt's. */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'no_endpoint'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** webhook_url null (or "") removes the endpoint; events are still recorded. */
export const UpdateWebhookSchema = strictObject({
  webhook_url: v.nullable(
    v.pipe(v.string('Send webhook_url as a string, or null to remove it.'), v.trim(), v.maxLength(2000, 'The webhook URL is too long.')),
  ),
  rotate_secret: v.optional(v.boolean('Send rotate_secret as true or false.')),
});
export type UpdateWebhookInput = v.InferOutput<typeof UpdateWebhookSchema>;

export const RedeliverWebhookSchema = strictObject({
  event_id: v.pipe(v.string('Send the event id, like "msg_…".'), v.trim(), v.regex(/^msg_[A-Za-z0-9_-]{10,40}$/, 'Send the event id, like "msg_…".')),
});
export type RedeliverWebhookInput = v.InferOutput<typeof RedeliverWebhookSchema>;

const EventTypeSchema = v.picklist(WEBHOOK_EVENT_TYPES);
const SecretSchema = v.pipe(v.string(), v.startsWith('whsec_'));

export const UpdateWebhookDetailsSchema = v.object({
  webhook_url: v.nullable(v.string()),
  /** Present only when a secret was created now (the first time, or rotate_secret): shown once, never again. */
  webhook_secret: v.optional(SecretSchema),
  has_secret: v.literal(true),
});
export type UpdateWebhookDetails = v.InferOutput<typeof UpdateWebhookDetailsSchema>;

/** One attempt of the delivery log, newest first. */
export const WebhookDeliveryRecordSchema = v.object({
  event_id: v.string(),
  type: EventTypeSchema,
  attempt: v.number(),
  url: v.string(),
  status_code: v.nullable(v.number()),
  error: v.nullable(v.string()),
  /** When the next attempt is due after this one; null when the event was delivered or given up. */
  next_attempt_at: v.nullable(IsoTime),
  delivered_at: v.nullable(IsoTime),
  created_at: IsoTime,
});
export type WebhookDeliveryRecord = v.InferOutput<typeof WebhookDeliveryRecordSchema>;

/** One recorded event and where its delivery stands. */
export const WebhookEventRecordSchema = v.object({
  event_id: v.string(),
  type: EventTypeSchema,
  status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
  attempts: v.number(),
  next_attempt_at: v.nullable(IsoTime),
  delivered_at: v.nullable(IsoTime),
  created_at: IsoTime,
});
export type WebhookEventRecord = v.InferOutput<typeof WebhookEventRecordSchema>;

/** Never the secret, only whether one exists. */
export const WebhookDetailsSchema = v.object({
  webhook_url: v.nullable(v.string()),
  has_secret: v.boolean(),
  events: v.array(WebhookEventRecordSchema),
  deliveries: v.array(WebhookDeliveryRecordSchema),
});
export type WebhookDetails = v.InferOutput<typeof WebhookDetailsSchema>;

export const RedeliverWebhookDetailsSchema = v.object({
  event_id: v.string(),
  status: v.literal('pending'),
  next_attempt_at: IsoTime,
});
export type RedeliverWebhookDetails = v.InferOutput<typeof RedeliverWebhookDetailsSchema>;

export const WebhookSecretSchema = v.object({ webhook_secret: SecretSchema });

const SESSION_ERRORS = ['unauthorized', 'invalid_session', 'double_auth_required', 'forbidden'] as const;
const EXAMPLE_URL = 'https://shop.example.com/hooks/payments';
const EXAMPLE_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw7Ydb3pl1Ufg=';
const EXAMPLE_EVENT = 'msg_2KWPBgLlAfxdpx2AI54pPJ';
const EXAMPLE_TIME = '2026-11-23T10:00:00.000Z';

export const updateWebhook = endpoint({
  id: 'webhooks.updateWebhook',
  method: 'PATCH',
  base: 'main',
  path: 'users/updateWebhook',
  caller: 'member',
  body: UpdateWebhookSchema,
  answer: UpdateWebhookDetailsSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Sets (or, with null, removes) the URL your payment events are delivered to; the signing secret is answered once.',
    description: 'The first call, and a call with `rotate_secret: true`, create a signing secret and answer it in `webhook_secret`; it is never shown again.',
    errors: [...SESSION_ERRORS],
    example: { body: { webhook_url: EXAMPLE_URL }, answer: { webhook_url: EXAMPLE_URL, webhook_secret: EXAMPLE_SECRET, has_secret: true } },
  },
});

export const getWebhook = endpoint({
  id: 'webhooks.getWebhook',
  method: 'GET',
  base: 'main',
  path: 'users/webhook',
  caller: 'member',
  answer: WebhookDetailsSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Your webhook URL, whether a signing secret exists, and the latest events and delivery attempts.',
    errors: [...SESSION_ERRORS],
    example: {
      answer: {
        webhook_url: EXAMPLE_URL,
        has_secret: true,
        events: [{ event_id: EXAMPLE_EVENT, type: 'payment.settled', status: 'delivered', attempts: 1, next_attempt_at: null, delivered_at: EXAMPLE_TIME, created_at: EXAMPLE_TIME }],
        deliveries: [
          { event_id: EXAMPLE_EVENT, type: 'payment.settled', attempt: 1, url: EXAMPLE_URL, status_code: 200, error: null, next_attempt_at: null, delivered_at: EXAMPLE_TIME, created_at: EXAMPLE_TIME },
        ],
      },
    },
  },
});

export const redeliverWebhook = endpoint({
  id: 'webhooks.redeliver',
  method: 'POST',
  base: 'main',
  path: 'users/webhook/redeliver',
  caller: 'member',
  body: RedeliverWebhookSchema,
  answer: RedeliverWebhookDetailsSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Queues one of your events for delivery again, due now, with a fresh retry budget.',
    errors: [...SESSION_ERRORS, 'webhook_event_not_found', 'webhook_url_missing'],
    example: { body: { event_id: EXAMPLE_EVENT }, answer: { event_id: EXAMPLE_EVENT, status: 'pending', next_attempt_at: EXAMPLE_TIME } },
  },
});

/**
 * The secret also signs checkout receipts, and a merchant without a webhook URL gets one on their first
 * receipt: they must be able to read it without rotating it (which would break every receipt signed so
 * far). A POST, so no prefetch, crawler or cache ever fetches it.
 */
export const revealWebhookSecret = endpoint({
  id: 'webhooks.revealSecret',
  method: 'POST',
  base: 'main',
  path: 'users/webhook/secret',
  caller: 'member',
  answer: WebhookSecretSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Your current signing secret (created if there is none), to verify deliveries and receipts.',
    errors: [...SESSION_ERRORS],
    example: { answer: { webhook_secret: EXAMPLE_SECRET } },
  },
});

export const SendTestWebhookDetailsSchema = v.object({ event_id: v.string(), type: v.literal('test'), status: v.picklist(WEBHOOK_DELIVERY_STATUSES) });

/** A signed `test` event through the same outbox as the real ones, so it shows in the log and can be redelivered. */
export const sendTestWebhook = endpoint({
  id: 'webhooks.sendTest',
  method: 'POST',
  base: 'main',
  path: 'users/webhook/test',
  caller: 'member',
  answer: SendTestWebhookDetailsSchema,
  // A retried click (a lost answer) replays the first answer instead of queueing a second event.
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Queues a signed `test` event to your webhook URL now; it shows in the delivery log like any other.',
    errors: [...SESSION_ERRORS, 'webhook_url_missing'],
    example: { answer: { event_id: EXAMPLE_EVENT, type: 'test', status: 'pending' } },
  },
});

export const WEBHOOKS_ENDPOINTS = [updateWebhook, getWebhook, redeliverWebhook, revealWebhookSecret, sendTestWebhook];
