import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashSecretKey } from '../auth/secret-key.ts';
import { DEMO_MERCHANT } from '../seed/seed.ts';
import { mapi, orderBody } from '../payments/payment-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { issueApiKey, revokeApiKey, revokeApiKeysLabelled } from './api-keys.ts';

describe.each(testDatabases())('merchant API keys on $name', ({ name }) => {
  const t = useTestApp(name);
  const merchantDbId = async () =>
    (await t.app.db.selectFrom('merchants').select('id').where('merchant_id', '=', DEMO_MERCHANT.merchantId).executeTakeFirstOrThrow()).id;
  const create = (key: string) => mapi(t.app, 'POST', '/mapi/api/transaction', orderBody(), { key, idempotencyKey: randomUUID() });

  it('an issued key is stored only as its hash and a display prefix, and authenticates at once', async () => {
    const issued = await issueApiKey(t.app.db, await merchantDbId(), 'ci');
    expect(issued.key).toMatch(/^sk_test_[A-Za-z0-9_-]{43}$/);
    const row = await t.app.db.selectFrom('merchant_api_keys').selectAll().where('id', '=', issued.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key_hash: hashSecretKey(issued.key), label: 'ci', prefix: `${issued.key.slice(0, 12)}…`, revoked_at: null });
    expect(JSON.stringify(row, (_k, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(issued.key);
    expect((await create(issued.key)).status).toBe(200);
  });

  it('a merchant holds several live keys; revoking one refuses it with 401 invalid_api_key at once and leaves the others working', async () => {
    const id = await merchantDbId();
    const a = await issueApiKey(t.app.db, id, 'rotation a');
    const b = await issueApiKey(t.app.db, id, 'rotation b');
    expect((await create(a.key)).status).toBe(200);
    expect((await create(b.key)).status).toBe(200);

    expect(await revokeApiKey(t.app.db, a.id)).toBe(true);
    const refused = await create(a.key);
    expect(refused.status).toBe(401);
    expect(refused.body.error_message.code).toBe('invalid_api_key');
    expect((await create(b.key)).status).toBe(200);
    expect((await create(t.seed?.merchant.secretKey ?? '')).status).toBe(200);
    // Revoking twice changes nothing and says so.
    expect(await revokeApiKey(t.app.db, a.id)).toBe(false);
  });

  it('revoking by label ends every live key of that label and no other', async () => {
    const id = await merchantDbId();
    const old = await issueApiKey(t.app.db, id, 'demo shop');
    const other = await issueApiKey(t.app.db, id, 'not the shop');
    expect(await revokeApiKeysLabelled(t.app.db, id, 'demo shop')).toBe(1);
    expect((await create(old.key)).status).toBe(401);
    expect((await create(other.key)).status).toBe(200);
    expect(await revokeApiKeysLabelled(t.app.db, id, 'demo shop')).toBe(0);
  });
});
