// Merchant webhooks: a durable outbox of payment events, delivered to the merchant's endpoint
// with Standard Webhooks signatures and retried with backoff. See core/contract/webhooks.ts for the wire.

export { enqueueWebhookEvent, webhookBody, type EnqueuedWebhookEvent, type WebhookEventInput } from './enqueue.ts';
export { WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookPayload } from '#core/contract/webhooks.ts';
