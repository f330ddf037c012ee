import { describe, expect, it } from 'vitest';
import { latestCode } from '../notifications/test-outbox.ts';
import { call, randomIp, signIn } from '../identity/session-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

const PASSWORD = 'Lantern-harbour-42';
let counter = 0;

describe.each(testDatabases())('login guards on $name', ({ name }) => {
  const t = useTestApp(name);

  async function newMember(host = 'localhost'): Promise<string> {
    const email = `guard${++counter}.${name}@example.com`;
    const { status, body } = await call(t.app, 'POST', '/v1/users/register', {
      firstName: 'Rui', lastName: 'Costa', email, mobile: '+351912345678', password: PASSWORD,
    }, { host });
    if (status !== 200) throw new Error(`register failed: ${JSON.stringify(body)}`);
    return email;
  }

  it('5 wrong passwords within 15 minutes lock the account, saying when to retry; even the right password waits', async () => {
    const email = await newMember();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await call(t.app, 'POST', '/v1/users/login', { email, password: `Wrong-guess-${attempt}x` });
      expect(wrong.body.error_message.code).toBe('invalid_credentials');
    }
    const fifth = await call(t.app, 'POST', '/v1/users/login', { email, password: 'Wrong-guess-5x' });
    expect(fifth.status).toBe(423);
    expect(fifth.body.error_message).toMatchObject({ code: 'account_locked' });
    expect(fifth.body.error_message.message).toContain('Try again in 15 minutes.');
    // The wait as a number too, so a Spanish page can say it in Spanish.
    expect(fifth.body.error_message.retry_after_s).toBeGreaterThan(14 * 60);
    expect(fifth.body.error_message.retry_after_s).toBeLessThanOrEqual(15 * 60);
    const right = await call(t.app, 'POST', '/v1/users/login', { email, password: PASSWORD });
    expect(right.status).toBe(423);

    // Once the lock has passed, the right password signs in and the count starts again.
    await t.database.db.updateTable('users').set({ locked_until: new Date(Date.now() - 1000) }).where('email', '=', email).execute();
    expect((await call(t.app, 'POST', '/v1/users/login', { email, password: PASSWORD })).status).toBe(200);
    const row = await t.database.db.selectFrom('users').select(['failed_login_count', 'locked_until']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_login_count: 0, locked_until: null });
  });

  it('more than 20 logins a minute from one address are rate limited (429)', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      statuses.push((await call(t.app, 'POST', '/v1/users/login', { email: 'x@example.com', password: '' }, { ip })).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('an expired password lets the user sign in, then only change the password', async () => {
    const email = await newMember('wl2.localhost');
    // Harbor Coin (wl_id 2) expires passwords after 180 days.
    await t.database.db.updateTable('users').set({ password_changed_at: new Date(Date.now() - 181 * 86_400_000) }).where('email', '=', email).execute();
    const session = await signIn(t.app, email, PASSWORD, 'wl2.localhost');
    const as = { credential: session.credential, host: 'wl2.localhost' };

    const me = await call(t.app, 'GET', '/v1/users/me', undefined, as);
    expect(me.status).toBe(403);
    expect(me.body.error_message.code).toBe('expired_password');
    const current = await call(t.app, 'GET', '/v1/currentUser', undefined, as);
    expect(current.status).toBe(403);
    expect(current.body.error_message.me.error[0]).toBe('expired_password');
    expect((await call(t.app, 'PATCH', '/v1/users/edit', { language: 'es' }, as)).body.error_message.code).toBe('expired_password');

    const changed = await call(t.app, 'PATCH', '/v1/users/changePassword', { oldPassword: PASSWORD, newPassword: 'Tidal-compass-7781' }, as);
    expect(changed.status).toBe(200);
    const fresh = `${changed.body.request_details.user_token}:${changed.body.request_details.session_key}`;
    expect((await call(t.app, 'GET', '/v1/users/me', undefined, { credential: fresh, host: 'wl2.localhost' })).status).toBe(200);
  });

  it('a provider without a password age never expires passwords', async () => {
    const email = await newMember('localhost');
    await t.database.db.updateTable('users').set({ password_changed_at: new Date(Date.now() - 3650 * 86_400_000) }).where('email', '=', email).execute();
    const session = await signIn(t.app, email, PASSWORD);
    expect((await call(t.app, 'GET', '/v1/users/me', undefined, { credential: session.credential })).status).toBe(200);
  });

  it('with login codes on, login sends a code and only currentUser and me work until it is verified', async () => {
    const email = await newMember();
    await t.database.db.updateTable('users').set({ otp_login: 1 }).where('email', '=', email).execute();
    const session = await signIn(t.app, email, PASSWORD);
    expect(session.doubleAuth).toBe(0);
    expect(await latestCode(t.database.db, email)).toMatch(/^[0-9]{6}$/);

    const current = await call(t.app, 'GET', '/v1/currentUser', undefined, { credential: session.credential });
    expect(current.status).toBe(200);
    expect(current.body.request_details.user_info).toMatchObject({ OTPLogin: 1, verifications: { OTPLogin: 'sent' }, doubleAuth: 0 });
    const edit = await call(t.app, 'PATCH', '/v1/users/edit', { language: 'es' }, { credential: session.credential });
    expect(edit.status).toBe(403);
    expect(edit.body.error_message.code).toBe('double_auth_required');

    // verifyOTP (purpose login) sets the state; its own tests live with the verification routes.
    await t.database.db.updateTable('users').set({ otp_login_state: 'verified' }).where('email', '=', email).execute();
    const after = await call(t.app, 'PATCH', '/v1/users/edit', { language: 'es' }, { credential: session.credential });
    expect(after.status).toBe(200);
    expect(after.body.request_details.user_info).toMatchObject({ doubleAuth: 1, language: 'es' });
  });
});
