// The developers section's API through the app (its own delivery worker runs, as in production): secret
// keys across two merchants and two providers, the test event, the simulator's outcomes with their events
// and webhooks, the fault switch, and live mode's refusals.

import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecretKey } from '../auth/secret-key.ts';
import { toJsonb } from '../db/jsonb.ts';
import { call, signIn } from '../identity/session-test-kit.ts';
import { checkLedger } from '../ledger/index.ts';
import { issueApiKey } from '../merchants/api-keys.ts';
import { addMerchant, mapi, orderBody } from '../payments/payment-test-kit.ts';
import { buildTestApp, testDatabases, useTestApp } from '../test-helper.ts';
import { deliverDue } from '../webhooks/delivery-worker.ts';
import { enqueueWebhookEvent } from '../webhooks/index.ts';
import { secretBoxFor } from '../webhooks/secret-box.ts';
import { startReceiver, type Receiver } from '../webhooks/test-receiver.ts';

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(testDatabases())('the developers section on $name', ({ name }) => {
  const t = useTestApp(name);
  let receiver: Receiver;
  let demo: string;
  let other: { credential: string; merchantId: string; dbId: bigint };
  let harbor: { credential: string; dbId: bigint };

  const merchantDbId = async () => (await t.app.db.selectFrom('merchants').select('id').where('merchant_id', '=', t.seed!.merchant.merchantId).executeTakeFirstOrThrow()).id;

  /** A merchant user on the second provider (Harbor Coin, host wl2.localhost), with its own key. */
  async function harborMerchant(): Promise<{ credential: string; dbId: bigint }> {
    const provider = await t.app.db.selectFrom('providers').select('id').where('wl_id', '=', '2').executeTakeFirstOrThrow();
    const demoUser = await t.app.db.selectFrom('users').select('password_hash').where('email', '=', t.seed!.merchant.email).executeTakeFirstOrThrow();
    const email = `m-${randomUUID().slice(0, 8)}@harbor.test`;
    const user = await t.app.db
      .insertInto('users')
      .values({ provider_id: provider.id, email, password_hash: demoUser.password_hash, role: 'merchant', first_name: 'Harbor', last_name: 'Shop', permissions: toJsonb({ send: 0, withdrawal: 0, widget: 1, fiat_withdrawals: 1 }), email_verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const merchant = await t.app.db.insertInto('merchants').values({ user_id: user.id, merchant_id: `mch_harbor_${randomUUID().slice(0, 8)}`, name: 'Harbor Shop' }).returning('id').executeTakeFirstOrThrow();
    await issueApiKey(t.app.db, merchant.id, 'harbor key');
    return { credential: (await signIn(t.app, email, t.seed!.merchant.password, 'wl2.localhost')).credential, dbId: merchant.id };
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    demo = (await signIn(t.app, t.seed!.merchant.email, t.seed!.merchant.password)).credential;
    const added = await addMerchant(t.app.db);
    const otherEmail = (await t.app.db.selectFrom('users').innerJoin('merchants', 'merchants.user_id', 'users.id').select('users.email').where('merchants.id', '=', added.id).executeTakeFirstOrThrow()).email;
    other = { credential: (await signIn(t.app, otherEmail, t.seed!.merchant.password)).credential, merchantId: added.merchantId, dbId: added.id };
    harbor = await harborMerchant();
  });
  afterAll(async () => {
    await receiver?.stop();
  });

  const post = (path: string, body: unknown, credential = demo, host = 'localhost') => call(t.app, 'POST', `/v1/${path}`, body, { credential, host });
  const get = (path: string, credential = demo, host = 'localhost') => call(t.app, 'GET', `/v1/${path}`, undefined, { credential, host });
  const createKey = (label: string, credential = demo, requestId = randomUUID(), host = 'localhost') => post('users/merchant/api-keys', { label, request_id: requestId }, credential, host);
  const useKey = (key: string) => mapi(t.app, 'POST', '/mapi/api/transaction', orderBody(), { key, idempotencyKey: randomUUID() });
  const keyRow = (id: string) => t.app.db.selectFrom('merchant_api_keys').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();

  describe('secret API keys', () => {
    it('a new key is answered once with its secret, stored only as its hash, listed without it, and works at once', async () => {
      const requestId = randomUUID();
      const created = await createKey('production server', demo, requestId);
      expect(created.status).toBe(200);
      expect(created.response.headers['cache-control']).toBe('no-store');
      const { key, secret } = created.body.request_details;
      expect(secret).toMatch(/^sk_test_[A-Za-z0-9_-]{43}$/);
      expect(key).toMatchObject({ label: 'production server', state: 'active', prefix: `${secret.slice(0, 12)}…`, last_used_at: null, expires_at: null, revoked_at: null });
      const row = await keyRow(key.id);
      expect(row.key_hash).toBe(hashSecretKey(secret));
      expect(JSON.stringify(row, (_k, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(secret);

      const list = await get('users/merchant/api-keys');
      expect(list.status).toBe(200);
      expect(list.body.request_details.keys.map((k: { id: string }) => k.id)).toContain(key.id);
      expect(JSON.stringify(list.body)).not.toContain(secret);
      expect((await useKey(secret)).status).toBe(200);

      // The same request again makes no second key and cannot show the secret again.
      const retried = await createKey('production server', demo, requestId);
      expect(retried.status).toBe(409);
      expect(retried.body.error_message.code).toBe('api_key_already_created');
      expect(JSON.stringify(retried.body)).not.toContain(secret);
      expect(await t.app.db.selectFrom('merchant_api_keys').select('id').where('label', '=', 'production server').execute()).toHaveLength(1);
    });

    it('a revoked key is refused with 401 on the very next call; revoking again answers it as it is', async () => {
      const { key, secret } = (await createKey('to revoke')).body.request_details;
      expect((await useKey(secret)).status).toBe(200);
      const revoked = await post('users/merchant/api-keys/revoke', { key_id: key.id });
      expect(revoked.status).toBe(200);
      expect(revoked.body.request_details).toMatchObject({ id: key.id, state: 'revoked' });
      const refused = await useKey(secret);
      expect(refused.status).toBe(401);
      expect(refused.body.error_message.code).toBe('invalid_api_key');
      const again = await post('users/merchant/api-keys/revoke', { key_id: key.id });
      expect(again.body.request_details.revoked_at).toBe(revoked.body.request_details.revoked_at);
    });

    it('rolling keeps the old key working until the chosen expiry, then refuses it; the new key has the same label', async () => {
      const { key, secret } = (await createKey('rolling')).body.request_details;
      const before = Date.now();
      const rolled = await post('users/merchant/api-keys/roll', { key_id: key.id, expires_in: '24h', request_id: randomUUID() });
      expect(rolled.status).toBe(200);
      const { key: next, secret: nextSecret, previous } = rolled.body.request_details;
      expect(next).toMatchObject({ label: 'rolling', state: 'active' });
      expect(previous).toMatchObject({ id: key.id, state: 'expiring' });
      const expiresAt = Date.parse(previous.expires_at);
      expect(expiresAt - before).toBeGreaterThanOrEqual(86_400_000 - 1_000);
      expect(expiresAt - before).toBeLessThanOrEqual(86_400_000 + 60_000);
      expect((await useKey(secret)).status).toBe(200);
      expect((await useKey(nextSecret)).status).toBe(200);

      // The overlap ends (its expiry passes): the old key is refused, the new one still works.
      await t.app.db.updateTable('merchant_api_keys').set({ expires_at: new Date(Date.now() - 1_000) }).where('id', '=', BigInt(key.id)).execute();
      expect((await useKey(secret)).status).toBe(401);
      expect((await useKey(nextSecret)).status).toBe(200);
      const listed = (await get('users/merchant/api-keys')).body.request_details.keys.find((k: { id: string }) => k.id === key.id);
      expect(listed.state).toBe('expired');
      // An expired key cannot be rolled again.
      const refused = await post('users/merchant/api-keys/roll', { key_id: key.id, expires_in: 'now', request_id: randomUUID() });
      expect(refused.status).toBe(409);
      expect(refused.body.error_message.code).toBe('api_key_not_active');
    });

    it('rolling with "now" refuses the old key at once', async () => {
      const { key, secret } = (await createKey('roll now')).body.request_details;
      const rolled = await post('users/merchant/api-keys/roll', { key_id: key.id, expires_in: 'now', request_id: randomUUID() });
      expect(rolled.body.request_details.previous.state).toBe('expired');
      expect((await useKey(secret)).status).toBe(401);
      expect((await useKey(rolled.body.request_details.secret)).status).toBe(200);
    });

    it('last used is recorded, at most once a minute per key', async () => {
      const { key, secret } = (await createKey('usage')).body.request_details;
      expect((await keyRow(key.id)).last_used_at).toBeNull();
      await useKey(secret);
      const first = (await keyRow(key.id)).last_used_at;
      expect(first).not.toBeNull();
      await useKey(secret);
      await useKey(secret);
      expect((await keyRow(key.id)).last_used_at).toEqual(first);
      // A minute later the next call writes it again.
      const minuteAgo = new Date(Date.now() - 61_000);
      await t.app.db.updateTable('merchant_api_keys').set({ last_used_at: minuteAgo }).where('id', '=', BigInt(key.id)).execute();
      await useKey(secret);
      const later = (await keyRow(key.id)).last_used_at!;
      expect(later.getTime()).toBeGreaterThan(minuteAgo.getTime() + 30_000);
      const listed = (await get('users/merchant/api-keys')).body.request_details.keys.find((k: { id: string }) => k.id === key.id);
      expect(listed.last_used_at).toBe(later.toISOString());
    });

    it('a label can be changed; an empty one is a field error', async () => {
      const { key } = (await createKey('old name')).body.request_details;
      const renamed = await post('users/merchant/api-keys/label', { key_id: key.id, label: '  staging  ' });
      expect(renamed.body.request_details).toMatchObject({ id: key.id, label: 'staging' });
      const empty = await post('users/merchant/api-keys/label', { key_id: key.id, label: ' ' });
      expect(empty.status).toBe(400);
      expect(empty.body.error_message.fields?.label).toBeDefined();
    });

    it('a merchant never sees, labels, rolls or revokes another merchant\'s keys, on the same provider or another', async () => {
      const mine = (await createKey('mine only')).body.request_details;
      const others = (await createKey('other shop key', other.credential)).body.request_details;
      const harbors = (await createKey('harbor shop key', harbor.credential, randomUUID(), 'wl2.localhost')).body.request_details;
      expect(harbors.secret).toMatch(/^sk_test_/);

      const ids = async (credential: string, host = 'localhost') => (await get('users/merchant/api-keys', credential, host)).body.request_details.keys.map((k: { id: string }) => k.id);
      const demoIds = await ids(demo);
      expect(demoIds).toContain(mine.key.id);
      expect(demoIds).not.toContain(others.key.id);
      expect(demoIds).not.toContain(harbors.key.id);
      expect(await ids(other.credential)).toContain(others.key.id);
      expect(await ids(other.credential)).not.toContain(mine.key.id);
      expect(await ids(harbor.credential, 'wl2.localhost')).not.toContain(mine.key.id);

      for (const [credential, host] of [[other.credential, 'localhost'], [harbor.credential, 'wl2.localhost']] as const) {
        for (const [path, body] of [
          ['users/merchant/api-keys/revoke', { key_id: mine.key.id }],
          ['users/merchant/api-keys/label', { key_id: mine.key.id, label: 'stolen' }],
          ['users/merchant/api-keys/roll', { key_id: mine.key.id, expires_in: 'now', request_id: randomUUID() }],
        ] as const) {
          const answer = await post(path, body, credential, host);
          expect(answer.status).toBe(404);
          expect(answer.body.error_message.code).toBe('api_key_not_found');
        }
      }
      expect(await keyRow(mine.key.id)).toMatchObject({ label: 'mine only', revoked_at: null, expires_at: null });
      expect((await useKey(mine.secret)).status).toBe(200);
    });

    it('a member without a merchant is 403 forbidden; no session is 401', async () => {
      const member = (await signIn(t.app, t.seed!.member.email, t.seed!.member.password)).credential;
      expect((await get('users/merchant/api-keys', member)).status).toBe(403);
      expect((await createKey('x', member)).status).toBe(403);
      expect((await call(t.app, 'GET', '/v1/users/merchant/api-keys')).status).toBe(401);
    });
  });

  describe('webhook test event and the simulator', () => {
    let secret: string;
    beforeAll(async () => {
      const set = await call(t.app, 'PATCH', '/v1/users/updateWebhook', { webhook_url: receiver.url, rotate_secret: true }, { credential: demo });
      secret = set.body.request_details.webhook_secret;
    });
    const eventOf = async (eventId: string) => (await get('users/webhook')).body.request_details.events.find((e: { event_id: string }) => e.event_id === eventId);

    it('"send a test event" queues a signed test event through the outbox; it is delivered and logged', async () => {
      const sent = await post('users/webhook/test', {});
      expect(sent.status).toBe(200);
      expect(sent.body.request_details).toMatchObject({ type: 'test', status: 'pending' });
      const eventId = sent.body.request_details.event_id;
      const delivered = await until('the test event', () => receiver.received.find((r) => r.headers['webhook-id'] === eventId));
      const payload = new Webhook(secret).verify(delivered.body, delivered.headers as Record<string, string>);
      expect(payload).toMatchObject({ type: 'test', data: { merchant_id: t.seed!.merchant.merchantId } });
      await until('the delivered state', async () => ((await eventOf(eventId))?.status === 'delivered' ? true : undefined));
      const log = (await get('users/webhook')).body.request_details.deliveries.filter((d: { event_id: string }) => d.event_id === eventId);
      expect(log).toMatchObject([{ type: 'test', attempt: 1, status_code: 204, error: null }]);
    });

    it('the same Idempotency-Key replays the first answer and queues no second test event', async () => {
      const key = randomUUID();
      const first = await t.app.inject({ method: 'POST', url: '/v1/users/webhook/test', headers: { host: 'localhost', origin: 'http://localhost:8182', authorization: `Bearer ${demo}`, 'idempotency-key': key, 'content-type': 'application/json' }, payload: '{}' });
      const again = await t.app.inject({ method: 'POST', url: '/v1/users/webhook/test', headers: { host: 'localhost', origin: 'http://localhost:8182', authorization: `Bearer ${demo}`, 'idempotency-key': key, 'content-type': 'application/json' }, payload: '{}' });
      expect(first.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().request_details.event_id).toBe(first.json().request_details.event_id);
    });

    it('a test event without a webhook URL is 409 webhook_url_missing', async () => {
      const answer = await post('users/webhook/test', {}, other.credential);
      expect(answer.status).toBe(409);
      expect(answer.body.error_message.code).toBe('webhook_url_missing');
    });

    it.each([
      ['settled', 'settled', null, ['payment.created', 'payment.detected', 'payment.settled']],
      ['overpaid', 'settled', 'paid_over', ['payment.created', 'payment.detected', 'payment.settled']],
      ['underpaid', 'processing', 'paid_partial', ['payment.created', 'payment.detected']],
      ['late', 'invalid', 'paid_late', ['payment.created', 'payment.expired', 'payment.paid_late', 'payment.invalid']],
      ['expired', 'expired', null, ['payment.created', 'payment.expired']],
      ['invalid', 'invalid', 'paid_partial', ['payment.created', 'payment.detected', 'payment.invalid']],
      ['dropped', 'new', null, ['payment.created', 'payment.detected', 'payment.dropped']],
    ] as const)('the simulator drives a payment to %s: status %s, exception %s, with its events and webhooks', async (outcome, status, exception, events) => {
      const created = await post('users/merchant/simulator/payments', { coin: 'BTC', amount: '25.00' });
      expect(created.status).toBe(200);
      expect(created.body.request_details).toMatchObject({ status: 'new', paid: '0.00000000', fiat_amount: '25.00', fiat_currency: 'EUR', events: [{ type: 'payment.created' }] });
      const token = created.body.request_details.transaction_token;
      const driven = await post('users/merchant/simulator/drive', { transaction_token: token, outcome });
      expect(driven.status).toBe(200);
      expect(driven.body.request_details).toMatchObject({ transaction_token: token, status, exception });
      expect(driven.body.request_details.events.map((e: { type: string }) => e.type)).toEqual(events);
      expect(driven.body.request_details.webhooks.map((w: { type: string }) => w.type)).toEqual(events);
      // The webhooks go out through the real worker to the merchant's endpoint.
      const read = await until('every webhook delivered', async () => {
        const answer = await get(`users/merchant/simulator/payment?transaction_token=${token}`);
        return answer.body.request_details.webhooks.every((w: { status: string }) => w.status === 'delivered') ? answer : undefined;
      });
      expect(read.body.request_details.status).toBe(status);
      // Driving it again is refused: it is no longer a new, unpaid payment (a dropped one is: it waits for money again).
      const again = await post('users/merchant/simulator/drive', { transaction_token: token, outcome: 'settled' });
      expect(again.status).toBe(outcome === 'dropped' ? 200 : 409);
      expect((await checkLedger(t.app.db)).violations).toEqual([]);
    });

    it('another merchant cannot read or drive the payment', async () => {
      const token = (await post('users/merchant/simulator/payments', { coin: 'BTC', amount: '5.00' })).body.request_details.transaction_token;
      const read = await get(`users/merchant/simulator/payment?transaction_token=${token}`, other.credential);
      expect(read.status).toBe(404);
      const drive = await post('users/merchant/simulator/drive', { transaction_token: token, outcome: 'settled' }, other.credential);
      expect(drive.status).toBe(404);
      expect((await get(`users/merchant/simulator/payment?transaction_token=${token}`)).body.request_details.status).toBe('new');
    });

    it('the fault switch makes deliveries answer 503 for the chosen minutes, logged as such and retried; 0 minutes ends it', async () => {
      const on = await post('users/merchant/simulator/webhook-fault', { status_code: 503, minutes: 5 });
      expect(on.status).toBe(200);
      expect(on.body.request_details.status_code).toBe(503);
      expect(Date.parse(on.body.request_details.until) - Date.now()).toBeGreaterThan(4 * 60_000);
      expect((await get('users/merchant/simulator/webhook-fault')).body.request_details.status_code).toBe(503);
      try {
        const before = receiver.received.length;
        const eventId = (await post('users/webhook/test', {})).body.request_details.event_id;
        const attempt = await until('the faulted attempt', async () =>
          (await get('users/webhook')).body.request_details.deliveries.find((d: { event_id: string }) => d.event_id === eventId),
        );
        expect(attempt).toMatchObject({ status_code: 503, attempt: 1 });
        expect(attempt.error).toMatch(/simulated by the test-mode fault switch/);
        expect(attempt.next_attempt_at).not.toBeNull();
        expect((await eventOf(eventId)).status).toBe('pending');
        expect(receiver.received.length).toBe(before);
      } finally {
        const off = await post('users/merchant/simulator/webhook-fault', { status_code: 503, minutes: 0 });
        expect(off.body.request_details).toEqual({ status_code: null, until: null });
      }
    });

    it('the worker ignores the fault switch in live mode', async () => {
      const box = secretBoxFor({ APP_SECRET: undefined, MODE: 'test' });
      const id = other.dbId;
      await t.app.db.insertInto('webhook_test_faults').values({ merchant_id: id, status_code: 503, until: new Date(Date.now() + 600_000) }).execute();
      await t.app.db.insertInto('merchant_webhooks').values({ merchant_id: id, url: 'https://hooks.other-shop.com/in', secret_ciphertext: box.seal(id, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw7Ydb3pl1Ufg='), secret_created_at: new Date() }).execute();
      const { eventId } = await t.app.db.transaction().execute((trx) => enqueueWebhookEvent(trx, { merchantId: id, type: 'test', data: {} }, new Date(Date.now() + 3_600_000)));
      // Due an hour ahead, so the app's own (test-mode) worker leaves it; this run is live mode's.
      await deliverDue(t.app.db, box, { mode: 'live', now: new Date(Date.now() + 3_600_000), resolve: async () => [{ address: '10.1.2.3', family: 4 }] });
      const logged = await t.app.db.selectFrom('webhook_deliveries').innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id').select(['status_code', 'error']).where('public_id', '=', eventId).execute();
      expect(logged).toEqual([{ status_code: null, error: 'endpoint not allowed: hooks.other-shop.com resolves to 10.1.2.3, private' }]);
    });
  });
});

describe('the developers section in live mode', () => {
  it('the simulator and the fault switch answer 403 test_mode_only', async () => {
    const live = await buildTestApp('pglite', { env: { MODE: 'live', APP_SECRET: 'k'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'no-reply@verdant.example' } });
    try {
      const credential = (await signIn(live.app, live.seed!.merchant.email, live.seed!.merchant.password)).credential;
      for (const [method, url, body] of [
        ['POST', '/v1/users/merchant/simulator/payments', { coin: 'BTC', amount: '25.00' }],
        ['POST', '/v1/users/merchant/simulator/drive', { transaction_token: 'pay_3kTMd9rQ0bZ1x8yWvL2n4A', outcome: 'settled' }],
        ['GET', '/v1/users/merchant/simulator/payment?transaction_token=pay_3kTMd9rQ0bZ1x8yWvL2n4A', undefined],
        ['POST', '/v1/users/merchant/simulator/webhook-fault', { status_code: 503, minutes: 5 }],
        ['GET', '/v1/users/merchant/simulator/webhook-fault', undefined],
      ] as const) {
        const answer = await call(live.app, method, url, body, { credential });
        expect(answer.status, url).toBe(403);
        expect(answer.body.error_message.code).toBe('test_mode_only');
      }
      // Keys work in live mode, and are live keys.
      const created = await call(live.app, 'POST', '/v1/users/merchant/api-keys', { label: 'live', request_id: randomUUID() }, { credential });
      expect(created.body.request_details.secret).toMatch(/^sk_live_/);
    } finally {
      await live.close();
    }
  });
});
