import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../seed/seed.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { sweepRetention } from './retention.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const hash = '0'.repeat(64);

describe.each(testDatabases())('retention on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;

  async function member() {
    return db().selectFrom('users').select(['id', 'provider_id']).where('email', '=', DEMO_MEMBER.email).executeTakeFirstOrThrow();
  }

  it('removes finished rows past their keep time and keeps the rest', async () => {
    const user = await member();
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await db()
      .insertInto('idempotency_keys')
      .values([
        { scope: 'user:1', key: 'expired', request_hash: hash, state: 'done', expires_at: ago(1000) },
        { scope: 'user:1', key: 'live', request_hash: hash, state: 'done', expires_at: new Date(now.getTime() + HOUR_MS) },
      ])
      .execute();
    const fresh = await db()
      .insertInto('password_reset_tokens')
      .values([
        { user_id: user.id, token_hash: '1'.repeat(64), expires_at: ago(2 * DAY_MS) },
        { user_id: user.id, token_hash: '2'.repeat(64), expires_at: ago(HOUR_MS) },
      ])
      .returning('token_hash')
      .execute();
    expect(fresh).toHaveLength(2);
    const [old, recent] = await db()
      .insertInto('sessions')
      .values([
        { user_id: user.id, provider_id: user.provider_id, key_hash: '3'.repeat(64), last_seen_at: ago(40 * DAY_MS), expires_at: ago(40 * DAY_MS), ended_at: ago(40 * DAY_MS), end_reason: 'logout' },
        { user_id: user.id, provider_id: user.provider_id, key_hash: '4'.repeat(64), last_seen_at: ago(DAY_MS), expires_at: ago(DAY_MS), ended_at: ago(DAY_MS), end_reason: 'logout' },
      ])
      .returning('id')
      .execute();
    await db()
      .insertInto('one_time_codes')
      .values({ provider_id: user.provider_id, user_id: user.id, purpose: 'login', channel: 'email', code_hash: hash, destination_hash: hash, expires_at: ago(2 * DAY_MS) })
      .execute();
    await sql`update one_time_codes set created_at = now() - interval '2 days' where code_hash = ${hash}`.execute(db());

    const removed = await sweepRetention(db(), now);
    expect(removed).toMatchObject({ idempotency_keys: 1, password_reset_tokens: 1, sessions: 1, one_time_codes: 1 });
    expect((await db().selectFrom('idempotency_keys').select('key').execute()).map((row) => row.key)).toEqual(['live']);
    const tokens = await db().selectFrom('password_reset_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    expect(tokens.map((row) => row.token_hash)).toContain('2'.repeat(64));
    expect(tokens.map((row) => row.token_hash)).not.toContain('1'.repeat(64));
    const sessions = (await db().selectFrom('sessions').select('id').execute()).map((row) => row.id);
    expect(sessions).toContain(recent!.id);
    expect(sessions).not.toContain(old!.id);
  });

  it('never touches the books: money transactions and ledger transfers survive any sweep', async () => {
    const before = await db().selectFrom('ledger_transfers').select((eb) => eb.fn.countAll<string | number | bigint>().as('n')).executeTakeFirstOrThrow();
    await sweepRetention(db(), new Date(Date.now() + 365 * DAY_MS));
    const after = await db().selectFrom('ledger_transfers').select((eb) => eb.fn.countAll<string | number | bigint>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(Number(before.n)).toBeGreaterThan(0);
  });

  it('a second sweep finds nothing more to remove', async () => {
    await sweepRetention(db());
    const again = await sweepRetention(db());
    expect(Object.values(again).every((count) => count === 0)).toBe(true);
  });
});
