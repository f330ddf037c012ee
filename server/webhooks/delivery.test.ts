// The outbox and the delivery worker against a real HTTP receiver on 127.0.0.1. deliverDue is called by
// hand with a chosen clock, so backoff is tested without waiting; the database has no app (and so no
// background worker) racing the test.

import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { seed } from '../seed/seed.ts';
import { openTestDatabase, testDatabases } from '../test-database.ts';
import { deliverDue } from './delivery-worker.ts';
import { redeliver, updateWebhook, webhookDetails } from './endpoint.ts';
import { enqueueWebhookEvent } from './index.ts';
import { BACKOFF_MS, MAX_ATTEMPTS } from './retry-policy.ts';
import { secretBoxFor } from './secret-box.ts';
import { startReceiver, type Receiver } from './test-receiver.ts';

const box = secretBoxFor({ APP_SECRET: undefined, MODE: 'test' });
const mode = 'test' as const;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe.each(testDatabases())('webhook delivery on $name', ({ name }) => {
  let database: DatabaseHandle;
  let receiver: Receiver;
  let merchantId: bigint;
  let secret: string;

  beforeAll(async () => {
    database = await openTestDatabase(name);
    await seed(database, { mode: 'test', shopUrl: 'http://127.0.0.1:4182' });
    merchantId = (await database.db.selectFrom('merchants').select('id').where('merchant_id', '=', 'mch_demo_verdant').executeTakeFirstOrThrow()).id;
    receiver = await startReceiver();
    const set = await updateWebhook(database.db, box, merchantId, { webhook_url: receiver.url }, mode);
    if (!set.ok || !set.value.webhook_secret) throw new Error('could not set the webhook');
    secret = set.value.webhook_secret;
  });
  afterAll(async () => {
    await receiver?.stop().catch(() => undefined);
    await database?.close();
  });
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.respond = 204;
    receiver.headers = {};
    // Every test starts with an empty queue: nothing from an earlier test is due.
    await database.db.updateTable('webhook_events').set({ status: 'failed', next_attempt_at: null }).where('status', '=', 'pending').execute();
  });

  const enqueue = (data: Record<string, unknown> = { transaction_token: 'tok_test', status: 'settled' }) =>
    database.db.transaction().execute((trx) => enqueueWebhookEvent(trx, { merchantId, type: 'payment.settled', data }));
  const eventRow = (eventId: string) =>
    database.db.selectFrom('webhook_events').selectAll().where('public_id', '=', eventId).executeTakeFirstOrThrow();
  const attemptsOf = async (eventId: string) =>
    database.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
      .select(['attempt', 'status_code', 'error', 'webhook_deliveries.next_attempt_at'])
      .where('public_id', '=', eventId)
      .orderBy('attempt')
      .execute();

  it('an event is delivered once, signed so that the standardwebhooks verifier accepts it with the merchant secret', async () => {
    const { eventId, queued } = await enqueue({ transaction_token: 'tok_1', amount: '0.00120000' });
    expect(queued).toBe(true);
    expect(eventId).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(await deliverDue(database.db, box, { mode })).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.headers['webhook-id']).toBe(eventId);
    expect(request!.headers['content-type']).toBe('application/json');
    const payload = new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: 'payment.settled', data: { transaction_token: 'tok_1', amount: '0.00120000' } });
    expect((payload as { timestamp: string }).timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await eventRow(eventId)).toMatchObject({ status: 'delivered', attempts: 1, next_attempt_at: null });
    expect(await attemptsOf(eventId)).toEqual([{ attempt: 1, status_code: 204, error: null, next_attempt_at: null }]);
    // Delivered means done: another run sends nothing.
    expect(await deliverDue(database.db, box, { mode, now: at(new Date(), 3_600_000) })).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it('an event enqueued in a transaction that rolls back never exists and is never sent', async () => {
    let eventId = '';
    await expect(
      database.db.transaction().execute(async (trx) => {
        eventId = (await enqueueWebhookEvent(trx, { merchantId, type: 'payment.created', data: {} })).eventId;
        throw new Error('the payment change failed');
      }),
    ).rejects.toThrow('the payment change failed');
    expect(eventId).toMatch(/^msg_/);
    expect(await database.db.selectFrom('webhook_events').select('id').where('public_id', '=', eventId).executeTakeFirst()).toBeUndefined();
    expect(await deliverDue(database.db, box, { mode })).toEqual({ delivered: 0, retrying: 0, failed: 0 });
  });

  it('receiver down (connection refused), then up: retried after 5 s and delivered; both attempts logged', async () => {
    await receiver.stop();
    try {
      const { eventId } = await enqueue();
      const t0 = new Date();
      expect(await deliverDue(database.db, box, { mode, now: t0 })).toEqual({ delivered: 0, retrying: 1, failed: 0 });
      const [first] = await attemptsOf(eventId);
      expect(first).toMatchObject({ attempt: 1, status_code: null, error: 'network error: ECONNREFUSED' });
      expect(first!.next_attempt_at?.getTime()).toBe(t0.getTime() + BACKOFF_MS[0]);
      // Not due yet a second early.
      expect(await deliverDue(database.db, box, { mode, now: at(t0, BACKOFF_MS[0] - 1_000) })).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    } finally {
      await receiver.start();
    }
    const row = await database.db.selectFrom('webhook_events').select(['public_id', 'next_attempt_at']).where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(await deliverDue(database.db, box, { mode, now: row.next_attempt_at! })).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    expect(() => new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>)).not.toThrow();
    expect((await attemptsOf(row.public_id)).map((a) => [a.attempt, a.status_code])).toEqual([[1, null], [2, 204]]);
  });

  it.each([
    [500, 'retried'], [503, 'retried'], [408, 'retried'], [429, 'retried'],
  ] as const)('an answer %s then 200: %s, and the second attempt is delivered', async (status, _retried) => {
    const { eventId } = await enqueue();
    receiver.respond = status;
    const t0 = new Date();
    expect(await deliverDue(database.db, box, { mode, now: t0 })).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    receiver.respond = 200;
    expect(await deliverDue(database.db, box, { mode, now: at(t0, BACKOFF_MS[0]) })).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect((await attemptsOf(eventId)).map((a) => a.status_code)).toEqual([status, 200]);
    expect(await eventRow(eventId)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it.each([
    [410, null], [400, null], [404, null], [301, 'redirect not followed'],
  ] as const)('an answer %s fails the event at once, with no retry', async (status, error) => {
    receiver.respond = status;
    if (status === 301) receiver.headers = { location: 'http://127.0.0.1:1/elsewhere' };
    const { eventId } = await enqueue();
    expect(await deliverDue(database.db, box, { mode })).toEqual({ delivered: 0, retrying: 0, failed: 1 });
    expect(await attemptsOf(eventId)).toEqual([{ attempt: 1, status_code: status, error, next_attempt_at: null }]);
    expect(await eventRow(eventId)).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(await deliverDue(database.db, box, { mode, now: at(new Date(), 86_400_000) })).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it('an endpoint that does not answer in time is an attempt that timed out, retried like a network error', async () => {
    receiver.respond = 'hang';
    const { eventId } = await enqueue();
    const t0 = new Date();
    expect(await deliverDue(database.db, box, { mode, now: t0, timeoutMs: 300 })).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    expect(await attemptsOf(eventId)).toEqual([{ attempt: 1, status_code: null, error: 'no answer within 0.3 s', next_attempt_at: at(t0, BACKOFF_MS[0]) }]);
    receiver.respond = 204;
    expect(await deliverDue(database.db, box, { mode, now: at(t0, BACKOFF_MS[0]) })).toEqual({ delivered: 1, retrying: 0, failed: 0 });
  });

  it(`an endpoint that keeps answering 500 is tried ${MAX_ATTEMPTS} times with growing waits, then given up`, async () => {
    receiver.respond = 500;
    const { eventId } = await enqueue();
    let now = new Date();
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      const run = await deliverDue(database.db, box, { mode, now });
      expect(run).toEqual(i < MAX_ATTEMPTS - 1 ? { delivered: 0, retrying: 1, failed: 0 } : { delivered: 0, retrying: 0, failed: 1 });
      const row = await eventRow(eventId);
      if (row.next_attempt_at) now = row.next_attempt_at;
    }
    const attempts = await attemptsOf(eventId);
    expect(attempts.map((a) => a.attempt)).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, i) => i + 1));
    const waits = attempts.slice(0, -1).map((a, i) => a.next_attempt_at!.getTime() - (i === 0 ? 0 : attempts[i - 1]!.next_attempt_at!.getTime()));
    expect(waits.slice(1)).toEqual(BACKOFF_MS.slice(1));
    expect(await eventRow(eventId)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
  });

  it('a manual redeliver re-queues a failed (or delivered) event now, with a fresh retry budget; the log keeps counting', async () => {
    receiver.respond = 410;
    const { eventId } = await enqueue();
    await deliverDue(database.db, box, { mode });
    expect((await eventRow(eventId)).status).toBe('failed');
    receiver.respond = 200;
    const requeued = await redeliver(database.db, merchantId, eventId);
    expect(requeued).toMatchObject({ ok: true, value: { event_id: eventId, status: 'pending' } });
    expect(await deliverDue(database.db, box, { mode })).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(await redeliver(database.db, merchantId, eventId)).toMatchObject({ ok: true });
    expect(await deliverDue(database.db, box, { mode })).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect((await attemptsOf(eventId)).map((a) => [a.attempt, a.status_code])).toEqual([[1, 410], [2, 200], [3, 200]]);
    // The body is the same bytes every time; each attempt is signed afresh and verifies.
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    for (const r of receiver.received) expect(() => new Webhook(secret).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
    const log = await webhookDetails(database.db, merchantId);
    expect(log.deliveries.filter((d) => d.event_id === eventId).map((d) => d.attempt)).toEqual([3, 2, 1]);
    expect(log.deliveries.find((d) => d.event_id === eventId && d.attempt === 3)?.delivered_at).not.toBeNull();
    expect(log.deliveries.find((d) => d.event_id === eventId && d.attempt === 1)?.delivered_at).toBeNull();
    expect(JSON.stringify(log)).not.toContain(secret);
  });

  it('another merchant cannot redeliver the event, and an unknown event is not found', async () => {
    const { eventId } = await enqueue();
    expect(await redeliver(database.db, merchantId + 1000n, eventId)).toMatchObject({ ok: false, error: { code: 'webhook_event_not_found' } });
    expect(await redeliver(database.db, merchantId, 'msg_doesnotexist0000000')).toMatchObject({ ok: false, error: { code: 'webhook_event_not_found' } });
  });

  it('two workers running at once send each due event once (FOR UPDATE SKIP LOCKED)', async () => {
    const ids = await Promise.all([enqueue(), enqueue(), enqueue(), enqueue(), enqueue()]);
    const runs = await Promise.all([deliverDue(database.db, box, { mode }), deliverDue(database.db, box, { mode })]);
    expect(runs.reduce((sum, run) => sum + run.delivered, 0)).toBe(5);
    expect(receiver.received.map((r) => r.headers['webhook-id']).sort()).toEqual(ids.map((e) => e.eventId).sort());
  });

  it('without an endpoint the event is recorded (no_endpoint), not sent; a redeliver after setting a URL sends it', async () => {
    await updateWebhook(database.db, box, merchantId, { webhook_url: null }, mode);
    try {
      const { eventId, queued } = await enqueue();
      expect(queued).toBe(false);
      expect(await eventRow(eventId)).toMatchObject({ status: 'no_endpoint', next_attempt_at: null });
      expect(await deliverDue(database.db, box, { mode })).toEqual({ delivered: 0, retrying: 0, failed: 0 });
      expect(await redeliver(database.db, merchantId, eventId)).toMatchObject({ ok: false, error: { code: 'webhook_url_missing' } });
      const set = await updateWebhook(database.db, box, merchantId, { webhook_url: receiver.url }, mode);
      // Setting the URL again keeps the secret: it is answered only when created.
      expect(set).toMatchObject({ ok: true, value: { webhook_url: receiver.url, has_secret: true } });
      expect(set.ok && set.value.webhook_secret).toBeFalsy();
      expect(await redeliver(database.db, merchantId, eventId)).toMatchObject({ ok: true });
      expect(await deliverDue(database.db, box, { mode })).toEqual({ delivered: 1, retrying: 0, failed: 0 });
      expect(() => new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>)).not.toThrow();
    } finally {
      await updateWebhook(database.db, box, merchantId, { webhook_url: receiver.url }, mode);
    }
  });

  it('an event queued while the endpoint existed, whose endpoint is then removed, waits as no_endpoint', async () => {
    const { eventId } = await enqueue();
    await updateWebhook(database.db, box, merchantId, { webhook_url: null }, mode);
    try {
      expect(await deliverDue(database.db, box, { mode })).toEqual({ delivered: 0, retrying: 0, failed: 0 });
      expect(await eventRow(eventId)).toMatchObject({ status: 'no_endpoint', attempts: 0 });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await updateWebhook(database.db, box, merchantId, { webhook_url: receiver.url }, mode);
    }
  });

  describe('a host name is resolved at delivery and every address it answers is checked', () => {
    const publicUrl = 'https://hooks.merchant-shop.com/webhooks';
    const withLiveUrl = async (run: () => Promise<void>) => {
      expect(await updateWebhook(database.db, box, merchantId, { webhook_url: publicUrl }, 'live')).toMatchObject({ ok: true });
      try {
        await run();
      } finally {
        await updateWebhook(database.db, box, merchantId, { webhook_url: receiver.url }, mode);
      }
    };

    it.each([
      [['10.0.0.5'], 'resolves to 10.0.0.5, private'],
      [['169.254.169.254'], 'resolves to 169.254.169.254, link-local'],
      [['127.0.0.1'], 'resolves to 127.0.0.1, loopback'],
      [['::ffff:10.0.0.5'], 'IPv4-mapped'],
      [['64:ff9b::a9fe:a9fe'], 'NAT64'],
      [['fd00::1'], 'unique local'],
      [['93.184.215.14', '192.168.1.1'], 'resolves to 192.168.1.1, private'],
    ] as const)('a public name resolving to %j is refused at delivery, nothing sent, the reason in the log', async (answers, reason) => {
      await withLiveUrl(async () => {
        const asked: string[] = [];
        const resolve = async (hostname: string) => {
          asked.push(hostname);
          return answers.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
        };
        const { eventId } = await enqueue();
        expect(await deliverDue(database.db, box, { mode: 'live', resolve })).toEqual({ delivered: 0, retrying: 0, failed: 1 });
        expect(asked).toEqual(['hooks.merchant-shop.com']);
        const [logged] = await attemptsOf(eventId);
        expect(logged).toMatchObject({ attempt: 1, status_code: null });
        expect(logged!.error).toContain('endpoint not allowed: hooks.merchant-shop.com');
        expect(logged!.error).toContain(reason);
        expect(await eventRow(eventId)).toMatchObject({ status: 'failed', next_attempt_at: null });
        expect(receiver.received).toHaveLength(0);
      });
    });

    it('a name that does not resolve is an attempt retried later with the resolver\'s code, not a crash', async () => {
      await withLiveUrl(async () => {
        const resolve = async () => {
          throw Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' });
        };
        const { eventId } = await enqueue();
        expect(await deliverDue(database.db, box, { mode: 'live', resolve })).toEqual({ delivered: 0, retrying: 1, failed: 0 });
        expect((await attemptsOf(eventId))[0]!.error).toBe('could not resolve hooks.merchant-shop.com: EAI_AGAIN');
        expect((await eventRow(eventId)).status).toBe('pending');
        // Left pending: the next test starts with an empty queue (beforeEach fails what is pending).
      });
    });

    it('a URL accepted in test mode naming a private address is refused at delivery in live mode', async () => {
      const { eventId } = await enqueue();
      expect(await deliverDue(database.db, box, { mode: 'live', resolve: async () => [] })).toEqual({ delivered: 0, retrying: 0, failed: 1 });
      expect((await attemptsOf(eventId))[0]!.error).toMatch(/^endpoint not allowed: /);
      expect(receiver.received).toHaveLength(0);
    });
  });

  it('an unknown event type or non-JSON data is a bug and throws, writing nothing', async () => {
    await expect(database.db.transaction().execute((trx) => enqueueWebhookEvent(trx, { merchantId, type: 'payment.bogus' as never, data: {} }))).rejects.toThrow(/unknown webhook event type/);
    await expect(database.db.transaction().execute((trx) => enqueueWebhookEvent(trx, { merchantId, type: 'payment.created', data: { amount: 1n } }))).rejects.toThrow(/BigInt/);
  });
});
