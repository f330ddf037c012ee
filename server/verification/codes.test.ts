import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import { seed } from '../seed/seed.ts';
import { openTestDatabase, testDatabases } from '../test-helper.ts';
import { codeKeyFor } from './code-key.ts';
import { checkCode, issueCode, MAX_ATTEMPTS, newCode, SENDS_PER_HOUR, SENDS_PER_HOUR_PER_DESTINATION, type CodeSubject } from './codes.ts';

const key = codeKeyFor({ APP_SECRET: undefined, MODE: 'test' });

describe('newCode', () => {
  it('is always six digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i += 1) expect(newCode()).toMatch(/^\d{6}$/);
  });
});

describe('code key', () => {
  it('a code for one purpose does not match the digest of another purpose', () => {
    const digest = key.digest('login', '123456');
    expect(key.matches('login', '123456', digest)).toBe(true);
    expect(key.matches('verify_email', '123456', digest)).toBe(false);
  });
  it('a different APP_SECRET gives a different digest', () => {
    const other = codeKeyFor({ APP_SECRET: 'x'.repeat(40), MODE: 'live' });
    expect(other.digest('login', '123456')).not.toBe(key.digest('login', '123456'));
  });
  it('live mode without APP_SECRET refuses to build a key', () => {
    expect(() => codeKeyFor({ APP_SECRET: undefined, MODE: 'live' })).toThrow(/APP_SECRET/);
  });
});

describe.each(testDatabases())('one-time codes on $name', ({ name }) => {
  let database: DatabaseHandle;
  let providerId: bigint;
  let member: CodeSubject;
  let merchant: CodeSubject;

  beforeAll(async () => {
    database = await openTestDatabase(name);
    await seed(database, { mode: 'test', shopUrl: 'http://127.0.0.1:4182' });
    const users = await database.db.selectFrom('users').select(['id', 'email', 'provider_id']).execute();
    const memberRow = users.find((u) => u.email === 'member@demo.test');
    const merchantRow = users.find((u) => u.email === 'merchant@demo.test');
    if (!memberRow || !merchantRow) throw new Error('seed has no demo users');
    providerId = memberRow.provider_id;
    member = { userId: memberRow.id };
    merchant = { userId: merchantRow.id };
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('one_time_codes').execute();
  });

  const destinationOf = (subject: CodeSubject) => (subject === member ? 'member@demo.test' : 'merchant@demo.test');

  async function issue(subject: CodeSubject, purpose: 'verify_email' | 'verify_mobile' | 'login' | 'otp_settings' = 'verify_email') {
    const result = await issueCode(database.db, key, { providerId, subject, purpose, destination: destinationOf(subject) });
    if (!result.ok) throw new Error(result.error.message);
    return result;
  }

  /** Moves every code of the table back in time, as if `seconds` had passed. */
  async function age(seconds: number) {
    const shift = `${seconds} seconds`;
    await database.db
      .updateTable('one_time_codes')
      .set({ created_at: sql`created_at - ${shift}::interval`, expires_at: sql`expires_at - ${shift}::interval` } as never)
      .execute();
  }

  it('stores the code only as a keyed digest', async () => {
    const { code } = await issue(member);
    const rows = await database.db.selectFrom('one_time_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(code);
    expect(rows[0]?.code_hash).toBe(key.digest('verify_email', code));
  });

  it.each([
    { purpose: 'verify_email' as const, channel: 'email' },
    { purpose: 'verify_mobile' as const, channel: 'sms' },
    { purpose: 'login' as const, channel: 'email' },
    { purpose: 'otp_settings' as const, channel: 'email' },
  ])('a $purpose code goes by $channel', async ({ purpose, channel }) => {
    expect((await issue(member, purpose)).channel).toBe(channel);
  });

  it('a correct code verifies once and cannot be used twice', async () => {
    const { code } = await issue(member);
    expect(await checkCode(database.db, key, { subject: member, purpose: 'verify_email', code })).toEqual({ ok: true });
    const again = await checkCode(database.db, key, { subject: member, purpose: 'verify_email', code });
    expect(again.ok ? null : again.error.code).toBe('code_expired');
  });

  it('a code cannot be used after its 10 minutes', async () => {
    const { code } = await issue(member);
    await age(601);
    const result = await checkCode(database.db, key, { subject: member, purpose: 'verify_email', code });
    expect(result.ok ? null : result.error.code).toBe('code_expired');
  });

  it('a code still works just before it expires', async () => {
    const { code } = await issue(member);
    await age(590);
    expect((await checkCode(database.db, key, { subject: member, purpose: 'verify_email', code })).ok).toBe(true);
  });

  it('checking with nothing sent answers code_expired', async () => {
    const result = await checkCode(database.db, key, { subject: member, purpose: 'login', code: '123456' });
    expect(result.ok ? null : result.error.code).toBe('code_expired');
  });

  it(`a wrong code counts down the tries; the ${MAX_ATTEMPTS}th wrong one kills the code`, async () => {
    const { code } = await issue(member);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      const result = await checkCode(database.db, key, { subject: member, purpose: 'verify_email', code: wrong });
      answers.push(result.ok ? 'ok' : `${result.error.code}: ${result.error.message}`);
    }
    expect(answers.slice(0, 4).map((a) => a.split(':')[0])).toEqual(['invalid_code', 'invalid_code', 'invalid_code', 'invalid_code']);
    expect(answers[0]).toContain('4 tries left');
    expect(answers[3]).toContain('1 try left');
    expect(answers[4]?.split(':')[0]).toBe('code_attempts_exceeded');
    // Even the right code is refused now: a new one must be requested.
    const right = await checkCode(database.db, key, { subject: member, purpose: 'verify_email', code });
    expect(right.ok ? null : right.error.code).toBe('code_attempts_exceeded');
  });

  it('an earlier code stops working once a new one is sent', async () => {
    const first = await issue(member);
    await age(61);
    const second = await issue(member);
    if (first.code !== second.code) {
      const old = await checkCode(database.db, key, { subject: member, purpose: 'verify_email', code: first.code });
      expect(old.ok).toBe(false);
    }
    expect((await checkCode(database.db, key, { subject: member, purpose: 'verify_email', code: second.code })).ok).toBe(true);
  });

  it('a login code cannot pass as an email verification code', async () => {
    await issue(member, 'verify_email');
    await age(61);
    const { code } = await issue(member, 'login');
    const result = await checkCode(database.db, key, { subject: member, purpose: 'verify_email', code });
    expect(result.ok).toBe(false);
  });

  it('one member cannot use a code sent to another', async () => {
    const { code } = await issue(member);
    const result = await checkCode(database.db, key, { subject: merchant, purpose: 'verify_email', code });
    expect(result.ok ? null : result.error.code).toBe('code_expired');
    // ... and the member's code is still there for the member.
    expect((await checkCode(database.db, key, { subject: member, purpose: 'verify_email', code })).ok).toBe(true);
  });

  it('a second send within 60 s is refused with the seconds to wait', async () => {
    await issue(member);
    const result = await issueCode(database.db, key, { providerId, subject: member, destination: 'member@demo.test', purpose: 'verify_email' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('code_resend_limited');
    expect(result.retryAfterS).toBeGreaterThan(55);
    expect(result.retryAfterS).toBeLessThanOrEqual(60);
    expect(result.error.message).toMatch(/^Wait \d+ seconds before asking for another code\.$/);
  });

  it('a login with the right password gets a fresh code even within the minute', async () => {
    await issue(member, 'login');
    const again = await issueCode(database.db, key, { providerId, subject: member, destination: 'member@demo.test', purpose: 'login', afterPasswordLogin: true });
    expect(again.ok).toBe(true);
  });

  it.each([
    { first: 'verify_email' as const, then: 'verify_mobile' as const },
    { first: 'otp_settings' as const, then: 'login' as const },
  ])('the one-a-minute limit is per purpose: a $then code can follow a $first code at once', async ({ first, then }) => {
    await issue(member, first);
    expect((await issueCode(database.db, key, { providerId, subject: member, destination: 'member@demo.test', purpose: then })).ok).toBe(true);
  });

  it(`the ${SENDS_PER_HOUR}-an-hour limit counts every purpose of one channel`, async () => {
    const purposes = ['verify_email', 'login', 'otp_settings'] as const;
    for (let i = 0; i < SENDS_PER_HOUR; i += 1) {
      await issue(member, purposes[i % 3]);
      await age(61);
    }
    const result = await issueCode(database.db, key, { providerId, subject: member, destination: 'member@demo.test', purpose: 'login' });
    expect(result.ok ? null : result.error.code).toBe('code_resend_limited');
    // SMS is another channel, with its own count.
    expect((await issueCode(database.db, key, { providerId, subject: member, destination: '+447700900123', purpose: 'verify_mobile' })).ok).toBe(true);
  });

  it(`at most ${SENDS_PER_HOUR} sends an hour per channel`, async () => {
    for (let i = 0; i < SENDS_PER_HOUR; i += 1) {
      await issue(member);
      await age(61);
    }
    const result = await issueCode(database.db, key, { providerId, subject: member, destination: 'member@demo.test', purpose: 'verify_email' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('code_resend_limited');
    expect(result.error.message).toContain('You asked for 10 codes this hour. Wait 50 minutes');
  });

  it(`at most ${SENDS_PER_HOUR_PER_DESTINATION} codes an hour reach one address, however many registration attempts name it`, async () => {
    const results: string[] = [];
    for (let i = 0; i <= SENDS_PER_HOUR_PER_DESTINATION; i += 1) {
      const attempt = await database.db
        .insertInto('registration_attempts')
        .values({ provider_id: providerId, token_hash: randomBytes(32).toString('hex'), email: 'victim@example.test', mobile: '+447700900555', expires_at: new Date(Date.now() + 600_000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const result = await issueCode(database.db, key, { providerId, subject: { attemptId: attempt.id }, purpose: 'verify_email', destination: 'Victim@example.test' });
      results.push(result.ok ? 'ok' : result.error.message);
    }
    expect(results.slice(0, SENDS_PER_HOUR_PER_DESTINATION).every((r) => r === 'ok')).toBe(true);
    expect(results[SENDS_PER_HOUR_PER_DESTINATION]).toMatch(/^Too many codes were sent to this address this hour\. Wait 60 minutes/);
  });

  it('parallel sends for one member give exactly one code', async () => {
    const results = await Promise.all([1, 2, 3].map(() => issueCode(database.db, key, { providerId, subject: member, destination: 'member@demo.test', purpose: 'verify_email' })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('parallel checks of one code let exactly one through', async () => {
    const { code } = await issue(member);
    const results = await Promise.all([1, 2, 3].map(() => checkCode(database.db, key, { subject: member, purpose: 'verify_email', code })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});
