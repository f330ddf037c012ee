// The secret-key guard's cache (secret-key-cache.ts) with a long time to live, as production runs it: every
// change this process makes is seen by the very next request (a revoked or rolled key refused, a new return
// URL answered), a cached key still expires on its own clock, and a change made behind the process's back
// (another server process on the same database) is seen once the time to live has passed.

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../identity/session-test-kit.ts';
import { mapi, orderBody } from '../payments/payment-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { issueApiKey } from './api-keys.ts';

const LONG_TTL_MS = 60_000;
const SHORT_TTL_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())('the secret-key cache on $name', ({ name }) => {
  const t = useTestApp(name, { secretKeyCacheTtlMs: LONG_TTL_MS });
  let merchant: string;

  beforeAll(async () => {
    merchant = (await signIn(t.app, t.seed!.merchant.email, t.seed!.merchant.password)).credential;
  });

  const post = (path: string, body: unknown) => call(t.app, 'POST', `/v1/${path}`, body, { credential: merchant });
  const newKey = async (label: string) => (await post('users/merchant/api-keys', { label, request_id: randomUUID() })).body.request_details as { key: { id: string }; secret: string };
  const create = (key: string, overrides: Record<string, unknown> = {}) => mapi(t.app, 'POST', '/mapi/api/transaction', orderBody(overrides), { key, idempotencyKey: randomUUID() });

  it.each([
    { change: 'revoked', apply: (id: string) => post('users/merchant/api-keys/revoke', { key_id: id }) },
    { change: 'rolled with "now"', apply: (id: string) => post('users/merchant/api-keys/roll', { key_id: id, expires_in: 'now', request_id: randomUUID() }) },
  ])('a cached key $change is refused on the very next request', async ({ apply }) => {
    const { key, secret } = await newKey(`cached ${randomUUID().slice(0, 6)}`);
    expect((await create(secret)).status).toBe(200);
    expect((await create(secret)).status).toBe(200);
    expect((await apply(key.id)).status).toBe(200);
    const refused = await create(secret);
    expect(refused.status).toBe(401);
    expect(refused.body.error_message.code).toBe('invalid_api_key');
  });

  it('a cached key whose expiry passes is refused with no change at all', async () => {
    const { key, secret } = await newKey('expiring soon');
    await t.app.db.updateTable('merchant_api_keys').set({ expires_at: new Date(Date.now() + 400) }).where('id', '=', BigInt(key.id)).execute();
    expect((await create(secret)).status).toBe(200);
    await sleep(500);
    expect((await create(secret)).status).toBe(401);
  });

  it("a new widget return URL is the next create's return_url", async () => {
    const { secret } = await newKey('return url');
    const url = `https://shop.example.com/thanks/${randomUUID().slice(0, 8)}`;
    const before = await create(secret, { return_url: null });
    expect(before.body.request_details.return_url).not.toBe(url);
    expect((await call(t.app, 'PATCH', '/v1/users/merchant/edit', { widget_return_url: url }, { credential: merchant })).status).toBe(200);
    const after = await create(secret, { return_url: null });
    expect(after.status).toBe(200);
    expect(after.body.request_details.return_url).toBe(url);
  });
});

describe.each(testDatabases())('the secret-key cache across processes on $name', ({ name }) => {
  const t = useTestApp(name, { secretKeyCacheTtlMs: SHORT_TTL_MS });

  it('a key revoked by another process (a direct write) is refused once the time to live has passed', async () => {
    const merchantRow = await t.app.db.selectFrom('merchants').select('id').where('merchant_id', '=', t.seed!.merchant.merchantId).executeTakeFirstOrThrow();
    const { key, id } = await issueApiKey(t.app.db, merchantRow.id, 'other process');
    const create = () => mapi(t.app, 'POST', '/mapi/api/transaction', orderBody(), { key, idempotencyKey: randomUUID() });
    expect((await create()).status).toBe(200);
    // Written behind this process's back, as another server process would: no merchantsChanged() here.
    await t.app.db.updateTable('merchant_api_keys').set({ revoked_at: new Date() }).where('id', '=', id).execute();
    await sleep(SHORT_TTL_MS + 100);
    expect((await create()).status).toBe(401);
  });
});
