// The merchant's webhook endpoints, through the app (whose own delivery worker runs, as in production),
// with a real receiver on 127.0.0.1 as the merchant's endpoint.

import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../identity/session-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { enqueueWebhookEvent } from '../webhooks/index.ts';
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

describe.each(testDatabases())('merchant webhook endpoints on $name', ({ name }) => {
  const t = useTestApp(name);
  let receiver: Receiver;
  let merchant: string;
  const secretsSeen: string[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    merchant = (await signIn(t.app, t.seed!.merchant.email, t.seed!.merchant.password)).credential;
  });
  afterAll(async () => {
    await receiver?.stop();
  });

  const patch = (body: unknown, credential = merchant) => call(t.app, 'PATCH', '/v1/users/updateWebhook', body, { credential });
  const read = (credential = merchant) => call(t.app, 'GET', '/v1/users/webhook', undefined, { credential });
  const redeliverCall = (body: unknown, credential = merchant) => call(t.app, 'POST', '/v1/users/webhook/redeliver', body, { credential });
  const reveal = (credential = merchant) => call(t.app, 'POST', '/v1/users/webhook/secret', {}, { credential });
  const merchantId = async () =>
    (await t.app.db.selectFrom('merchants').select('id').where('merchant_id', '=', t.seed!.merchant.merchantId).executeTakeFirstOrThrow()).id;

  it('the first PATCH sets the URL and answers the whsec_ secret once; a later PATCH changes the URL and does not answer it', async () => {
    const first = await patch({ webhook_url: receiver.url });
    expect(first.status).toBe(200);
    expect(first.response.headers['cache-control']).toBe('no-store');
    const details = first.body.request_details;
    expect(details).toMatchObject({ webhook_url: receiver.url, has_secret: true });
    expect(details.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    secretsSeen.push(details.webhook_secret);

    const again = await patch({ webhook_url: receiver.url.replace('/hooks', '/hooks2') });
    expect(again.status).toBe(200);
    expect(again.body.request_details).toEqual({ webhook_url: receiver.url.replace('/hooks', '/hooks2'), has_secret: true });
    await patch({ webhook_url: receiver.url });
  });

  it('GET shows the URL and that a secret exists, never the secret', async () => {
    const answer = await read();
    expect(answer.status).toBe(200);
    expect(answer.body.request_details).toMatchObject({ webhook_url: receiver.url, has_secret: true, events: expect.any(Array), deliveries: expect.any(Array) });
    expect(JSON.stringify(answer.body)).not.toContain('whsec_');
  });

  it('rotate_secret answers a new secret; deliveries are then signed with the new one only', async () => {
    const rotated = await patch({ webhook_url: receiver.url, rotate_secret: true });
    expect(rotated.status).toBe(200);
    const secret = rotated.body.request_details.webhook_secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(secretsSeen[0]);
    secretsSeen.push(secret);

    receiver.received.length = 0;
    receiver.respond = 200;
    // (The merchant id is read before the transaction: PGlite has one connection, so a query outside trx would wait for it.)
    const id = await merchantId();
    const queued = await t.app.db.transaction().execute((trx) =>
      enqueueWebhookEvent(trx, { merchantId: id, type: 'payment.detected', data: { transaction_token: 'tok_route' } }),
    );
    // The app's own worker (polling every second) delivers it.
    const request = await until('the delivery', () => receiver.received.find((r) => r.headers['webhook-id'] === queued.eventId));
    const headers = request.headers as Record<string, string>;
    expect(new Webhook(secret).verify(request.body, headers)).toMatchObject({ type: 'payment.detected', data: { transaction_token: 'tok_route' } });
    expect(() => new Webhook(secretsSeen[0]!).verify(request.body, headers)).toThrow();
  });

  it('redeliver re-sends an event now (the worker picks it up), and the log shows both attempts', async () => {
    // Read again on every try: the previous test saw its request arrive, but the worker records the attempt
    // (and the event's 'delivered') in a transaction of its own just after.
    const delivered = await until('a delivered event', async () => {
      const events = (await read()).body.request_details.events as { event_id: string; status: string }[];
      return events.find((e) => e.status === 'delivered');
    });
    const before = receiver.received.filter((r) => r.headers['webhook-id'] === delivered.event_id).length;
    const answer = await redeliverCall({ event_id: delivered.event_id });
    expect(answer.status).toBe(200);
    expect(answer.body.request_details).toMatchObject({ event_id: delivered.event_id, status: 'pending' });
    await until('the redelivery', () => (receiver.received.filter((r) => r.headers['webhook-id'] === delivered.event_id).length > before ? true : undefined));
    const log = await until('the log', async () => {
      const deliveries = (await read()).body.request_details.deliveries as { event_id: string; attempt: number; status_code: number; delivered_at: string | null }[];
      const mine = deliveries.filter((d) => d.event_id === delivered.event_id);
      return mine.length >= 2 ? mine : undefined;
    });
    expect(log.map((d) => d.attempt)).toEqual([2, 1]);
    expect(log.every((d) => d.status_code === 200 && d.delivered_at !== null)).toBe(true);
  });

  it.each([
    [{ event_id: 'msg_doesnotexist0000000' }, 404, 'webhook_event_not_found'],
    [{ event_id: 'txn_notamessage' }, 400, 'validation_failed'],
    [{}, 400, 'validation_failed'],
  ])('redeliver %j: %i %s', async (body, status, code) => {
    const answer = await redeliverCall(body);
    expect(answer.status).toBe(status);
    expect(answer.body.error_message.code).toBe(code);
  });

  it.each([
    ['ftp://shop.example.com/hooks'],
    ['http://shop.example.com/hooks'],
    ['https://user:pw@shop.example.com/hooks'],
    ['not a url'],
  ])('a webhook URL %s is refused with a field error, and nothing changes', async (url) => {
    const answer = await patch({ webhook_url: url });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toMatchObject({ code: 'validation_failed', fields: { webhook_url: [expect.any(String)] } });
    expect((await read()).body.request_details.webhook_url).toBe(receiver.url);
  });

  it.each([
    [{ webhook_url: 42 }],
    [{ webhook_url: 'https://a.example/h', rotate_secret: 'yes' }],
    [{ rotate_secret: true }],
    [{ webhook_url: 'https://a.example/h', extra: 1 }],
  ])('a malformed body %j is a 400', async (body) => {
    expect((await patch(body)).status).toBe(400);
  });

  it('reveal answers the current secret (the rotated one), uncached, and does not change it', async () => {
    const shown = await reveal();
    expect(shown.status).toBe(200);
    expect(shown.response.headers['cache-control']).toBe('no-store');
    expect(shown.body.request_details).toEqual({ webhook_secret: secretsSeen.at(-1) });
    expect((await reveal()).body.request_details.webhook_secret).toBe(secretsSeen.at(-1));
  });

  it('a member session gets 403 on every endpoint; no session gets 401', async () => {
    const member = (await signIn(t.app, t.seed!.member.email, t.seed!.member.password)).credential;
    for (const answer of [
      await patch({ webhook_url: 'https://evil.example/h' }, member),
      await read(member),
      await redeliverCall({ event_id: 'msg_doesnotexist0000000' }, member),
      await reveal(member),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error_message.code).toBe('forbidden');
    }
    const anonymous = await call(t.app, 'GET', '/v1/users/webhook');
    expect(anonymous.status).toBe(401);
    expect((await call(t.app, 'POST', '/v1/users/webhook/secret', {})).status).toBe(401);
    expect((await read()).body.request_details.webhook_url).toBe(receiver.url);
  });

  it('no table and no log line holds a signing secret in plain text (or its key bytes in base64 or hex)', async () => {
    expect(secretsSeen).toHaveLength(2);
    const needles = secretsSeen.flatMap((s) => [s, s.slice('whsec_'.length), Buffer.from(s.slice(6), 'base64').toString('hex')]);
    const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(t.app.db);
    expect(tables.rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['merchant_webhooks', 'webhook_events', 'webhook_deliveries']));
    for (const { table_name } of tables.rows) {
      const rows = await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM ${sql.table(table_name)} t`.execute(t.app.db);
      const text = rows.rows.map((r) => r.row).join('\n');
      for (const needle of needles) expect(text.includes(needle), `${table_name} holds a webhook secret`).toBe(false);
    }
    // The sealed secret is there: the scan would have looked at it.
    const stored = await t.app.db.selectFrom('merchant_webhooks').select('secret_ciphertext').where('merchant_id', '=', await merchantId()).executeTakeFirstOrThrow();
    expect(stored.secret_ciphertext).toMatch(/^v1\./);
    const logs = t.logs.text();
    for (const needle of needles) expect(logs.includes(needle), 'a webhook secret reached the logs').toBe(false);
  });
});
