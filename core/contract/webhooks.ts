// The wire contract of merchant webhooks (issue 5, spec §7 /users/updateWebhook): the events we send, the
// body every delivery carries, and the member-API calls that set the endpoint, read the log and redeliver.
//
// Deliveries follow Standard Webhooks (https://www.standardwebhooks.com): headers webhook-id (the event id,
// 'msg_…'), webhook-timestamp (Unix seconds) and webhook-signature ('v1,' + base64 HMAC-SHA256 with the
// secret's bytes over "<id>.<timestamp>.<body>"). Any Standard Webhooks verifier (the `standardwebhooks`
// npm package, svix) accepts them with the 'whsec_…' secret.
//
// Failures (error_message.code, see core/errors.ts), besides 400 validation_failed with fields:
//   every call   401 unauthorized / invalid_session, 403 merchant_only (the session is not a merchant's)
//   redeliver    404 webhook_event_not_found, 409 webhook_url_missing (no endpoint to deliver to)

import * as v from 'valibot';

export const WEBHOOK_EVENT_TYPES = [
  'payment.created',
  'payment.detected',
  'payment.settled',
  'payment.expired',
  'payment.invalid',
  'payment.paid_late',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The JSON body of every delivery. timestamp is the event's time (ISO 8601), not the attempt's. */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed' | 'no_endpoint';

/** PATCH /v1/users/updateWebhook. webhook_url null (or "") removes the endpoint; events are still recorded. */
export const UpdateWebhookSchema = v.strictObject({
  webhook_url: v.nullable(
    v.pipe(v.string('Send webhook_url as a string, or null to remove it.'), v.trim(), v.maxLength(2000, 'The webhook URL is too long.')),
  ),
  rotate_secret: v.optional(v.boolean('Send rotate_secret as true or false.')),
});
export type UpdateWebhookInput = v.InferOutput<typeof UpdateWebhookSchema>;

export interface UpdateWebhookDetails {
  webhook_url: string | null;
  /** Present only when a secret was created now (the first time, or rotate_secret): shown once, never again. */
  webhook_secret?: string;
  has_secret: true;
}

/** One row of the delivery log, newest first. */
export interface WebhookDeliveryRecord {
  event_id: string;
  type: WebhookEventType;
  attempt: number;
  url: string;
  status_code: number | null;
  error: string | null;
  /** When the next attempt is due after this one; null when the event was delivered or given up. */
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** One recorded event and where its delivery stands. */
export interface WebhookEventRecord {
  event_id: string;
  type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** GET /v1/users/webhook: never the secret, only whether one exists. */
export interface WebhookDetails {
  webhook_url: string | null;
  has_secret: boolean;
  events: WebhookEventRecord[];
  deliveries: WebhookDeliveryRecord[];
}

/** POST /v1/users/webhook/redeliver. */
export const RedeliverWebhookSchema = v.strictObject({
  event_id: v.pipe(v.string('Send the event id, like "msg_…".'), v.trim(), v.regex(/^msg_[A-Za-z0-9_-]{10,40}$/, 'Send the event id, like "msg_…".')),
});
export type RedeliverWebhookInput = v.InferOutput<typeof RedeliverWebhookSchema>;

export interface RedeliverWebhookDetails {
  event_id: string;
  status: 'pending';
  next_attempt_at: string;
}
