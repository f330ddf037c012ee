// POST /mapi/api/transaction writes its Idempotency-Key in the payment's own statement
// (server/http/idempotency-in-statement.ts): what a retried, concurrent or refused create leaves behind.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { addressReserve, type ReservedAddress } from '../chain/index.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { mapi, orderBody, seededSecretKey } from '../payments/payment-test-kit.ts';

describe.each(testDatabases())('a create and its Idempotency-Key on $name', ({ name }) => {
  const t = useTestApp(name);
  const key = () => seededSecretKey(t.seed);
  const create = (idempotencyKey: string, overrides: Record<string, unknown> = {}) => mapi(t.app, 'POST', '/mapi/api/transaction', orderBody(overrides), { key: key(), idempotencyKey });

  async function written(token: string) {
    const count = async (table: 'payments' | 'chain_addresses' | 'payment_events' | 'webhook_events', where: ReturnType<typeof sql<boolean>>) =>
      Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<bigint>().as('n')).where(where).executeTakeFirstOrThrow()).n);
    return {
      payments: await count('payments', sql<boolean>`public_id = ${token}`),
      addresses: await count('chain_addresses', sql<boolean>`owner_ref = ${token}`),
      events: await count('payment_events', sql<boolean>`payment_id = (SELECT id FROM payments WHERE public_id = ${token})`),
      outbox: await count('webhook_events', sql<boolean>`body::jsonb -> 'data' ->> 'transaction_token' = ${token}`),
    };
  }

  it('the key is stored done, with the answer the create sent, in the same write as the payment', async () => {
    const idempotencyKey = randomUUID();
    const first = await create(idempotencyKey);
    expect(first.status).toBe(200);
    const stored = await t.app.db.selectFrom('idempotency_keys').selectAll().where('key', '=', idempotencyKey).executeTakeFirstOrThrow();
    expect({ state: stored.state, status: stored.response_status, body: stored.response_body }).toEqual({ state: 'done', status: 200, body: first.body });
    expect(await written(first.body.request_details.transaction_token)).toEqual({ payments: 1, addresses: 1, events: 1, outbox: 1 });
  });

  it('a replay is answered once: the stored answer, and nothing sent after it', async () => {
    const idempotencyKey = randomUUID();
    const first = await create(idempotencyKey);
    const logged = t.logs.lines.length;
    const again = await create(idempotencyKey);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    // The route's own promise settles a moment after the answer has gone out.
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    // A route that sent the stored answer and then went on to return another logs a warning (Fastify's
    // FST_ERR_REP_ALREADY_SENT) or, here, where every answer is checked, an error (undefined fails its schema).
    const troubles = t.logs.entries().slice(logged).filter((entry) => Number(entry.level) >= 40);
    expect(troubles.map((entry) => entry.msg)).toEqual([]);
  });

  it('five creates at once under one key write one payment, and all five answer it', async () => {
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(idempotencyKey)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const tokens = new Set(answers.map((answer) => answer.body.request_details.transaction_token));
    expect(tokens.size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await written([...tokens][0])).toEqual({ payments: 1, addresses: 1, events: 1, outbox: 1 });
  });

  it('a retry leaves no gap: the address it took goes to the next payment', async () => {
    // Watched at the reserve, not read off the indexes: those need not be consecutive, since concurrent creates
    // (the test above, on PostgreSQL) write in any order and the winner's index may sit between two queued ones.
    const take = vi.spyOn(addressReserve(t.app.db), 'take');
    try {
      const idempotencyKey = randomUUID();
      const first = await create(idempotencyKey);
      expect((await create(idempotencyKey)).headers['idempotent-replayed']).toBe('true');
      const next = await create(randomUUID());
      const [forFirst, forRetry, forNext] = await Promise.all(take.mock.results.map((result) => result.value as Promise<ReservedAddress>));
      expect(take.mock.results).toHaveLength(3);
      expect(forNext).toBe(forRetry);
      expect(forNext).not.toBe(forFirst);
      expect(next.body.request_details.currency_1_address).toBe(forRetry!.address);
      expect(first.body.request_details.currency_1_address).toBe(forFirst!.address);
    } finally {
      take.mockRestore();
    }
  });

  it.each([
    { case: 'the same request still running elsewhere', sameRequest: true, state: 'in_flight' as const, ageMs: 0, status: 409, code: 'idempotency_in_flight' },
    { case: 'another request under the key, still running', sameRequest: false, state: 'in_flight' as const, ageMs: 0, status: 422, code: 'idempotency_key_reused' },
    { case: 'another request under the key, done', sameRequest: false, state: 'done' as const, ageMs: 0, status: 422, code: 'idempotency_key_reused' },
    { case: 'a request left in flight by a crashed process two minutes ago', sameRequest: true, state: 'in_flight' as const, ageMs: 120_000, status: 200, code: null },
  ])('a key held by $case: $status $code, and a payment only when it answers 200', async ({ sameRequest, state, ageMs, status, code }) => {
    const idempotencyKey = randomUUID();
    // The hash the create would store for its own body, read from a throwaway create under another key.
    const probe = await create(randomUUID(), { transaction_c2: idempotencyKey });
    expect(probe.status).toBe(200);
    const probeKey = await t.app.db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'scope'])
      .where(sql<boolean>`response_body -> 'request_details' ->> 'transaction_token' = ${probe.body.request_details.transaction_token}`)
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('idempotency_keys')
      .values({ scope: probeKey.scope, key: idempotencyKey, request_hash: sameRequest ? probeKey.request_hash : 'f'.repeat(64), state, response_status: state === 'done' ? 200 : null, response_body: state === 'done' ? '{}' : null, expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    // A key's age is when it was claimed, which only the database sets.
    await sql`UPDATE idempotency_keys SET created_at = ${new Date(Date.now() - ageMs)} WHERE key = ${idempotencyKey}`.execute(t.app.db);
    const before = Number((await t.app.db.selectFrom('payments').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n);
    const answer = await create(idempotencyKey, { transaction_c2: idempotencyKey });
    const after = Number((await t.app.db.selectFrom('payments').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n);
    expect(answer.status).toBe(status);
    expect(answer.body.error_message?.code ?? null).toBe(code);
    expect(after - before).toBe(status === 200 ? 1 : 0);
  });

  it('a create refused before its statement stores no key: the same key then creates the corrected order', async () => {
    const idempotencyKey = randomUUID();
    const refused = await create(idempotencyKey, { amount: '0.00' });
    expect(refused.status).toBe(400);
    expect(await t.app.db.selectFrom('idempotency_keys').select('id').where('key', '=', idempotencyKey).execute()).toEqual([]);
    const corrected = await create(idempotencyKey);
    expect(corrected.status).toBe(200);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });
});
