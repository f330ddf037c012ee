// The merchant's side of webhooks: setting the endpoint (and the signing secret, shown once), reading the
// delivery log, and redelivering an event by hand.

import type { Kysely, Selectable } from 'kysely';
import type {
  RedeliverWebhookDetails,
  UpdateWebhookDetails,
  UpdateWebhookInput,
  WebhookDeliveryRecord,
  WebhookDetails,
  WebhookEventRecord,
} from '#core/contract/webhooks.ts';
import type { AppError } from '#core/errors.ts';
import { appError } from '#core/errors.ts';
import type { Database } from '../db/schema.ts';
import type { Env } from '../env.ts';
import type { SecretBox } from './secret-box.ts';
import type { WebhookEventsTable } from '../db/tables/webhooks.ts';
import { newSigningSecret } from './signature.ts';
import { checkWebhookUrl } from './webhook-url.ts';
import { enqueueWebhookEvent } from './enqueue.ts';

/** How many events and attempts GET /v1/users/webhook shows, newest first. */
export const LOG_LIMIT = 50;

type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** The merchant a signed-in user owns; null for a member (or a merchant user without a merchant row). */
export async function merchantOfUser(db: Kysely<Database>, userId: bigint, providerId: bigint): Promise<bigint | null> {
  const row = await db
    .selectFrom('merchants')
    .innerJoin('users', 'users.id', 'merchants.user_id')
    .select('merchants.id')
    .where('merchants.user_id', '=', userId)
    .where('users.provider_id', '=', providerId)
    .where('users.role', '=', 'merchant')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function updateWebhook(
  db: Kysely<Database>,
  box: SecretBox,
  merchantId: bigint,
  input: UpdateWebhookInput,
  mode: Env['MODE'],
): Promise<Result<UpdateWebhookDetails>> {
  let url: string | null = null;
  if (input.webhook_url) {
    const checked = checkWebhookUrl(input.webhook_url, mode);
    if (!checked.ok) return { ok: false, error: appError('validation_failed', checked.message, { webhook_url: [checked.message] }) };
    url = checked.url;
  }
  return db.transaction().execute(async (trx) => {
    // Insert-or-nothing first, then lock: two first-time calls at once create one secret, not two.
    await trx.insertInto('merchant_webhooks').values({ merchant_id: merchantId, url: null, secret_ciphertext: null, secret_created_at: null })
      .onConflict((conflict) => conflict.column('merchant_id').doNothing())
      .execute();
    const current = await trx.selectFrom('merchant_webhooks').select('secret_ciphertext').where('merchant_id', '=', merchantId).forUpdate().executeTakeFirstOrThrow();
    const now = new Date();
    const secret = current.secret_ciphertext === null || input.rotate_secret === true ? newSigningSecret() : null;
    await trx
      .updateTable('merchant_webhooks')
      .set({ url, updated_at: now, ...(secret ? { secret_ciphertext: box.seal(merchantId, secret), secret_created_at: now } : {}) })
      .where('merchant_id', '=', merchantId)
      .execute();
    const details: UpdateWebhookDetails = { webhook_url: url, has_secret: true, ...(secret ? { webhook_secret: secret } : {}) };
    return { ok: true as const, value: details };
  });
}

/**
 * The merchant's signing secret, created (sealed, like updateWebhook does) if it has none yet, so that what
 * we sign for it (payment receipts) is always signed. A secret made here was never shown: the merchant
 * reads it by rotating (PATCH /v1/users/updateWebhook with rotate_secret), which also re-keys receipts.
 */
export async function signingSecret(db: Kysely<Database>, box: SecretBox, merchantId: bigint): Promise<string> {
  const existing = await db.selectFrom('merchant_webhooks').select('secret_ciphertext').where('merchant_id', '=', merchantId).executeTakeFirst();
  if (existing?.secret_ciphertext) return box.open(merchantId, existing.secret_ciphertext);
  return db.transaction().execute(async (trx) => {
    // Insert-or-nothing, then lock: two first receipts at once create one secret, not two.
    await trx.insertInto('merchant_webhooks').values({ merchant_id: merchantId, url: null, secret_ciphertext: null, secret_created_at: null })
      .onConflict((conflict) => conflict.column('merchant_id').doNothing())
      .execute();
    const current = await trx.selectFrom('merchant_webhooks').select('secret_ciphertext').where('merchant_id', '=', merchantId).forUpdate().executeTakeFirstOrThrow();
    if (current.secret_ciphertext) return box.open(merchantId, current.secret_ciphertext);
    const secret = newSigningSecret();
    const now = new Date();
    await trx.updateTable('merchant_webhooks').set({ secret_ciphertext: box.seal(merchantId, secret), secret_created_at: now, updated_at: now }).where('merchant_id', '=', merchantId).execute();
    return secret;
  });
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

type EventRow = Pick<Selectable<WebhookEventsTable>, 'public_id' | 'type' | 'status' | 'attempts' | 'next_attempt_at' | 'delivered_at' | 'created_at'>;

/** One event as the log shows it. */
export function webhookEventRecord(row: EventRow): WebhookEventRecord {
  return {
    event_id: row.public_id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    // A claimed event's next_attempt_at is its worker's lease, not a schedule: shown as is (when it will be tried again at the latest).
    next_attempt_at: iso(row.next_attempt_at),
    delivered_at: iso(row.delivered_at),
    created_at: row.created_at.toISOString(),
  };
}

export async function webhookDetails(db: Kysely<Database>, merchantId: bigint): Promise<WebhookDetails> {
  const endpoint = await db.selectFrom('merchant_webhooks').select(['url', 'secret_ciphertext']).where('merchant_id', '=', merchantId).executeTakeFirst();
  const events = await db
    .selectFrom('webhook_events')
    .select(['public_id', 'type', 'status', 'attempts', 'next_attempt_at', 'delivered_at', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LOG_LIMIT)
    .execute();
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
    .select([
      'webhook_events.public_id',
      'webhook_events.type',
      'webhook_deliveries.attempt',
      'webhook_deliveries.url',
      'webhook_deliveries.status_code',
      'webhook_deliveries.error',
      'webhook_deliveries.next_attempt_at',
      'webhook_deliveries.created_at',
    ])
    .where('webhook_events.merchant_id', '=', merchantId)
    .orderBy('webhook_deliveries.id', 'desc')
    .limit(LOG_LIMIT)
    .execute();
  return {
    webhook_url: endpoint?.url ?? null,
    has_secret: Boolean(endpoint?.secret_ciphertext),
    events: events.map(webhookEventRecord),
    deliveries: deliveries.map(
      (row): WebhookDeliveryRecord => ({
        event_id: row.public_id,
        type: row.type,
        attempt: row.attempt,
        url: row.url,
        status_code: row.status_code,
        error: row.error,
        next_attempt_at: iso(row.next_attempt_at),
        delivered_at: row.status_code !== null && row.status_code >= 200 && row.status_code < 300 ? row.created_at.toISOString() : null,
        created_at: row.created_at.toISOString(),
      }),
    ),
  };
}

/** Puts one of the merchant's events back in the queue, due now, with a fresh retry budget. */
export async function redeliver(db: Kysely<Database>, merchantId: bigint, eventId: string, now = new Date()): Promise<Result<RedeliverWebhookDetails>> {
  return db.transaction().execute(async (trx) => {
    const event = await trx
      .selectFrom('webhook_events')
      .select('id')
      .where('public_id', '=', eventId)
      .where('merchant_id', '=', merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!event) return { ok: false as const, error: appError('webhook_event_not_found') };
    const endpoint = await trx.selectFrom('merchant_webhooks').select('url').where('merchant_id', '=', merchantId).executeTakeFirst();
    if (!endpoint?.url) return { ok: false as const, error: appError('webhook_url_missing') };
    await trx
      .updateTable('webhook_events')
      .set({ status: 'pending', retries: 0, next_attempt_at: now, delivered_at: null })
      .where('id', '=', event.id)
      .execute();
    return { ok: true as const, value: { event_id: eventId, status: 'pending' as const, next_attempt_at: now.toISOString() } };
  });
}

/** A signed `test` event through the outbox, due now: the merchant sees it in the log like any other. */
export async function sendTestEvent(db: Kysely<Database>, merchantId: bigint, now = new Date()): Promise<Result<{ event_id: string; type: 'test'; status: 'pending' }>> {
  const endpoint = await db.selectFrom('merchant_webhooks').select('url').where('merchant_id', '=', merchantId).executeTakeFirst();
  if (!endpoint?.url) return { ok: false, error: appError('webhook_url_missing', 'Set a webhook URL first; then send a test event.') };
  const merchant = await db.selectFrom('merchants').select('merchant_id').where('id', '=', merchantId).executeTakeFirstOrThrow();
  const sent = await db.transaction().execute((trx) =>
    enqueueWebhookEvent(trx, { merchantId, type: 'test', data: { merchant_id: merchant.merchant_id, message: 'A test event sent from the developers section. Answer 2xx to mark it delivered.' } }, now),
  );
  return { ok: true, value: { event_id: sent.eventId, type: 'test', status: 'pending' } };
}
