import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ok } from '#core/envelope.ts';
import { DEMO_MEMBER, DEMO_MERCHANT } from '../seed/seed.ts';
import { requireSession } from '../identity/authenticate.ts';
import { ORIGIN, signIn } from '../identity/session-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { apiError } from './api-error.ts';

// Routes that count how often their handler really ran, so a replay is told apart from a rerun.
let runs = 0;
let failNext = false;
async function countingRoutes(app: FastifyInstance): Promise<void> {
  app.post('/v1/test/idempotent', { config: { idempotency: true }, preHandler: requireSession }, async () => {
    runs += 1;
    if (failNext) {
      failNext = false;
      throw new Error('a bug on our side');
    }
    return ok({ run: runs });
  });
  app.post('/v1/test/idempotent-refusal', { config: { idempotency: true }, preHandler: requireSession }, async () => {
    runs += 1;
    throw apiError('insufficient_funds');
  });
}

describe.each(testDatabases())('Idempotency-Key on $name', ({ name }) => {
  const t = useTestApp(name, { extraRoutes: countingRoutes });

  async function post(credential: string, url: string, body: unknown, key?: string) {
    const headers: Record<string, string> = { host: 'localhost', origin: ORIGIN, authorization: `Bearer ${credential}`, 'content-type': 'application/json' };
    if (key !== undefined) headers['idempotency-key'] = key;
    const response = await t.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) });
    return { status: response.statusCode, body: response.json(), replayed: response.headers['idempotent-replayed'] === 'true' };
  }

  it('the same key and body replays the stored answer without running the handler again', async () => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const before = runs;
    const first = await post(member.credential, '/v1/test/idempotent', { amount: '1.00' }, 'key-replay');
    const second = await post(member.credential, '/v1/test/idempotent', { amount: '1.00' }, 'key-replay');
    expect(first.status).toBe(200);
    expect(second).toEqual({ ...first, replayed: true });
    expect(runs - before).toBe(1);
  });

  it('the same body with its keys in another order is the same request: replayed, not refused', async () => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const before = runs;
    const first = await post(member.credential, '/v1/test/idempotent', { amount: '1.00', note: { a: 1, b: [2, { c: 3, d: 4 }] } }, 'key-order');
    const second = await post(member.credential, '/v1/test/idempotent', { note: { b: [2, { d: 4, c: 3 }], a: 1 }, amount: '1.00' }, 'key-order');
    expect(first.status).toBe(200);
    expect(second).toEqual({ ...first, replayed: true });
    expect(runs - before).toBe(1);
  });

  it('a body nested far past the limit is refused before the key is looked at, never a 500', async () => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const headers = { host: 'localhost', origin: ORIGIN, authorization: `Bearer ${member.credential}`, 'content-type': 'application/json', 'idempotency-key': 'key-deep' };
    const response = await t.app.inject({ method: 'POST', url: '/v1/test/idempotent', headers, payload: `{"a":${'['.repeat(30_000)}${']'.repeat(30_000)}}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_message.code).toBe('validation_failed');
    expect(await t.database.db.selectFrom('idempotency_keys').select('id').where('key', '=', 'key-deep').executeTakeFirst()).toBeUndefined();
  });

  it('the same key with another body answers 422 idempotency_key_reused', async () => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await post(member.credential, '/v1/test/idempotent', { amount: '1.00' }, 'key-reused');
    const other = await post(member.credential, '/v1/test/idempotent', { amount: '2.00' }, 'key-reused');
    expect(other.status).toBe(422);
    expect(other.body.error_message.code).toBe('idempotency_key_reused');
  });

  it('a key still in flight answers 409 idempotency_in_flight', async () => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const fingerprintOf = await post(member.credential, '/v1/test/idempotent', { amount: '3.00' }, 'key-template');
    expect(fingerprintOf.status).toBe(200);
    const template = await t.database.db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'key-template').executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('idempotency_keys')
      .values({ scope: template.scope, key: 'key-busy', request_hash: template.request_hash, state: 'in_flight', expires_at: template.expires_at })
      .execute();
    const busy = await post(member.credential, '/v1/test/idempotent', { amount: '3.00' }, 'key-busy');
    expect(busy.status).toBe(409);
    expect(busy.body.error_message.code).toBe('idempotency_in_flight');
  });

  it('a refusal (4xx) is stored and replayed like a success', async () => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const before = runs;
    const first = await post(member.credential, '/v1/test/idempotent-refusal', {}, 'key-refusal');
    const second = await post(member.credential, '/v1/test/idempotent-refusal', {}, 'key-refusal');
    expect(first.status).toBe(409);
    expect(second.replayed).toBe(true);
    expect(second.body).toEqual(first.body);
    expect(runs - before).toBe(1);
  });

  it('a failure on our side (5xx) forgets the key, so the retry runs again', async () => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    failNext = true;
    const failed = await post(member.credential, '/v1/test/idempotent', { amount: '4.00' }, 'key-500');
    const retried = await post(member.credential, '/v1/test/idempotent', { amount: '4.00' }, 'key-500');
    expect(failed.status).toBe(500);
    expect(retried.status).toBe(200);
    expect(retried.replayed).toBe(false);
  });

  it('two callers may use the same key: each gets the answer to its own request', async () => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const merchant = await signIn(t.app, DEMO_MERCHANT.email, DEMO_MERCHANT.password);
    const mine = await post(member.credential, '/v1/test/idempotent', { amount: '5.00' }, 'key-shared');
    const theirs = await post(merchant.credential, '/v1/test/idempotent', { amount: '6.00' }, 'key-shared');
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.replayed).toBe(false);
    const scopes = await t.database.db.selectFrom('idempotency_keys').select('scope').where('key', '=', 'key-shared').execute();
    expect(new Set(scopes.map((row) => row.scope)).size).toBe(2);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'a key'],
  ])('a malformed key (%s) answers 400 naming the header', async (_label, key) => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const answer = await post(member.credential, '/v1/test/idempotent', {}, key);
    expect(answer.status).toBe(400);
    expect(answer.body.error_message.fields).toHaveProperty('Idempotency-Key');
  });

  it('without the header the route runs every time', async () => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const before = runs;
    await post(member.credential, '/v1/test/idempotent', {});
    await post(member.credential, '/v1/test/idempotent', {});
    expect(runs - before).toBe(2);
  });
});
