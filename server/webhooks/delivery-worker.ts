// Delivers the outbox. A run claims due events with FOR UPDATE SKIP LOCKED and, in the same short
// transaction, pushes their next_attempt_at a lease ahead, so any number of servers can run workers
// without two of them sending the same attempt; the HTTP calls happen AFTER that commit (a database
// transaction is never held open across a merchant's slow endpoint). If the process dies mid-call the
// lease runs out and the event is sent again: delivery is at least once, and the webhook-id lets the
// merchant drop duplicates. Each attempt's result is written in its own transaction, with a log row.

import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { MAX_ATTEMPTS, nextAttemptAt, outcomeOf, type AttemptOutcome } from './retry-policy.ts';
import type { SecretBox } from './secret-box.ts';
import { webhookHeaders } from './signature.ts';
import { checkWebhookUrl } from './webhook-url.ts';
import { deliveryTarget, systemResolver, type ResolvedAddress, type Resolver } from './delivery-target.ts';
import { pinnedPost } from './pinned-post.ts';
import { startPeriodicJob } from '../plugins/periodic-job.ts';

export const DELIVERY_TIMEOUT_MS = 10_000;
/**
 * Twice the timeout: a claimed event comes due again only if its worker is surely gone (the attempt timed out
 * and its record had 10 s more), and an event a killed process had claimed goes out again within 20 s.
 */
const LEASE_MS = 2 * DELIVERY_TIMEOUT_MS;
const MAX_PER_RUN = 20;
const POLL_MS = 1_000;

export interface DeliverOptions {
  /** Default: the system resolver. Tests pass one that answers the addresses the test needs. */
  resolve?: Resolver;
  now?: Date;
  mode: Env['MODE'];
  /** Default DELIVERY_TIMEOUT_MS; tests shorten it rather than wait 10 s. */
  timeoutMs?: number;
}

export interface DeliveryRun {
  delivered: number;
  retrying: number;
  failed: number;
}

interface Claimed {
  id: bigint;
  publicId: string;
  merchantId: bigint;
  body: string;
}

async function claimDue(db: Kysely<Database>, now: Date): Promise<Claimed[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('webhook_events')
      .select(['id', 'public_id', 'merchant_id', 'body'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(MAX_PER_RUN)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length === 0) return [];
    await trx
      .updateTable('webhook_events')
      .set({ next_attempt_at: new Date(now.getTime() + LEASE_MS) })
      .where('id', 'in', rows.map((row) => row.id))
      .execute();
    return rows.map((row) => ({ id: row.id, publicId: row.public_id, merchantId: row.merchant_id, body: row.body }));
  });
}

interface AttemptResult {
  url: string;
  status: number | null;
  error: string | null;
  durationMs: number;
  outcome: AttemptOutcome;
}

/** One POST to the address checked for it. Never throws: every way it can go wrong becomes a logged attempt. */
async function post(url: string, address: ResolvedAddress, headers: Record<string, string>, body: string, timeoutMs: number): Promise<AttemptResult> {
  const started = performance.now();
  const answer = await pinnedPost({ url, address, headers, body, timeoutMs });
  const durationMs = Math.round(performance.now() - started);
  if ('error' in answer) {
    const error = answer.error === 'timeout' ? `no answer within ${timeoutMs / 1000} s` : `network error: ${answer.code}`;
    return { url, status: null, error, durationMs, outcome: outcomeOf(null) };
  }
  // A redirect would send the signed event somewhere the merchant never registered.
  if (answer.status >= 300 && answer.status < 400) {
    return { url, status: answer.status, error: 'redirect not followed', durationMs, outcome: { kind: 'failed' } };
  }
  return { url, status: answer.status, error: null, durationMs, outcome: outcomeOf(answer.status) };
}

/**
 * The test-mode fault switch (server/developers/webhook-fault.ts): while it is on, an attempt is recorded as
 * the chosen answer without sending anything, and retried like a real one. Never read in live mode.
 */
async function activeFault(db: Kysely<Database>, merchantId: bigint, now: Date): Promise<{ status: number; until: Date } | null> {
  const row = await db.selectFrom('webhook_test_faults').select(['status_code', 'until']).where('merchant_id', '=', merchantId).where('until', '>', now).executeTakeFirst();
  return row ? { status: row.status_code, until: row.until } : null;
}

const faulted = (url: string, fault: { status: number; until: Date }): AttemptResult => ({
  url,
  status: fault.status,
  error: `simulated by the test-mode fault switch until ${fault.until.toISOString()}`,
  durationMs: 0,
  outcome: outcomeOf(fault.status),
});

/** A refusal recorded as an attempt: the merchant reads in the log why nothing was sent. */
const refused = (url: string, error: string): AttemptResult => ({ url, status: null, error, durationMs: 0, outcome: { kind: 'failed' } });

async function attempt(url: string, secret: string, event: Claimed, options: DeliverOptions, now: Date): Promise<AttemptResult> {
  // The URL was checked when it was set; checked again here in case the rules (or the mode) changed since,
  // and its host name resolved now: what it points at may have changed since it was set.
  const checked = checkWebhookUrl(url, options.mode);
  if (!checked.ok) return refused(url, `endpoint not allowed: ${checked.message}`);
  const target = await deliveryTarget(checked, options.mode, options.resolve ?? systemResolver);
  if (!target.ok) {
    // A name that does not resolve is retried like an endpoint that does not answer; a refused address is final.
    return target.retry ? { url: checked.url, status: null, error: target.error, durationMs: 0, outcome: outcomeOf(null) } : refused(checked.url, target.error);
  }
  const headers = webhookHeaders(secret, event.publicId, event.body, now);
  return post(checked.url, target.address, headers, event.body, options.timeoutMs ?? DELIVERY_TIMEOUT_MS);
}

/** Writes the attempt's log row and moves the event on (delivered, retry later, or failed). */
async function record(db: Kysely<Database>, event: Claimed, result: AttemptResult, now: Date): Promise<keyof DeliveryRun> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('webhook_events')
      .select(['attempts', 'retries'])
      .where('id', '=', event.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const attempt = row.attempts + 1;
    const { outcome } = result;
    let next: Date | null = null;
    let status: 'delivered' | 'pending' | 'failed';
    if (outcome.kind === 'delivered') status = 'delivered';
    else if (outcome.kind === 'failed') status = 'failed';
    else {
      next = row.retries + 1 < MAX_ATTEMPTS ? nextAttemptAt(row.retries + 1, now) : null;
      status = next ? 'pending' : 'failed';
    }
    await trx
      .updateTable('webhook_events')
      .set({
        status,
        attempts: attempt,
        retries: outcome.kind === 'retry' ? row.retries + 1 : row.retries,
        next_attempt_at: next,
        ...(status === 'delivered' ? { delivered_at: now } : {}),
      })
      .where('id', '=', event.id)
      .execute();
    await trx
      .insertInto('webhook_deliveries')
      .values({
        event_id: event.id,
        attempt,
        url: result.url,
        status_code: result.status,
        error: result.error,
        duration_ms: result.durationMs,
        next_attempt_at: next,
      })
      .execute();
    return status === 'delivered' ? 'delivered' : status === 'pending' ? 'retrying' : 'failed';
  });
}

/** An event whose merchant removed the endpoint (or never had a secret) waits for a manual redeliver. */
async function park(db: Kysely<Database>, event: Claimed): Promise<void> {
  await db.updateTable('webhook_events').set({ status: 'no_endpoint', next_attempt_at: null }).where('id', '=', event.id).execute();
}

async function deliverOne(db: Kysely<Database>, box: SecretBox, event: Claimed, options: DeliverOptions, run: DeliveryRun): Promise<void> {
  const endpoint = await db
    .selectFrom('merchant_webhooks')
    .select(['url', 'secret_ciphertext'])
    .where('merchant_id', '=', event.merchantId)
    .executeTakeFirst();
  if (!endpoint?.url || !endpoint.secret_ciphertext) {
    await park(db, event);
    return;
  }
  const now = options.now ?? new Date();
  const secret = box.open(event.merchantId, endpoint.secret_ciphertext);
  const fault = options.mode === 'test' ? await activeFault(db, event.merchantId, now) : null;
  const result = fault ? faulted(endpoint.url, fault) : await attempt(endpoint.url, secret, event, options, now);
  run[await record(db, event, result, now)] += 1;
}

/** Sends every event due at `now` (default: the clock). Tests call it by hand with their own fetch and clock. */
export async function deliverDue(db: Kysely<Database>, box: SecretBox, options: DeliverOptions): Promise<DeliveryRun> {
  const run: DeliveryRun = { delivered: 0, retrying: 0, failed: 0 };
  const claimed = await claimDue(db, options.now ?? new Date());
  // Events of one run go out side by side: one slow endpoint must not hold up the others for 10 s each.
  // A bug in one (a secret box that no longer opens) must not stop the others either; it is rethrown after.
  const settled = await Promise.allSettled(claimed.map((event) => deliverOne(db, box, event, options, run)));
  const broken = settled.find((result) => result.status === 'rejected');
  if (broken) throw broken.reason;
  return run;
}

/** Runs deliverDue every second while the app is up; stopped (and its run awaited) on close. */
export function startDeliveryWorker(app: FastifyInstance, box: SecretBox, mode: Env['MODE']): void {
  startPeriodicJob(app, {
    name: 'webhook delivery run',
    everyMs: POLL_MS,
    run: () => deliverDue(app.db, box, { mode }),
    report: (run) => {
      if (run.delivered + run.retrying + run.failed > 0) app.log.info({ ...run }, 'webhooks sent');
    },
  });
}
