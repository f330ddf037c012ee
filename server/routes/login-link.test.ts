import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../seed/seed.ts';
import { call, signIn } from '../identity/session-test-kit.ts';
import { latestCode, latestLoginToken, latestResetToken } from '../notifications/test-outbox.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('sign-in links (loginLink, loginWithToken) on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;

  afterEach(async () => {
    await db().deleteFrom('password_reset_tokens').execute();
    await db().updateTable('users').set({ otp_login: 0, otp_login_state: null, locked_until: null, failed_login_count: 0, failed_login_since: null }).where('email', '=', DEMO_MEMBER.email).execute();
  });

  /** The mail is sent after the answer; wait for it like an inbox would. */
  async function askForLink(email: string, extra: Record<string, unknown> = {}, host = 'localhost') {
    const answer = await call(t.app, 'POST', '/v1/users/loginLink', { email, ...extra }, { host });
    await t.app.notifier.settled();
    return answer;
  }

  async function freshLink(): Promise<string> {
    await db().deleteFrom('password_reset_tokens').execute();
    expect((await askForLink(DEMO_MEMBER.email.toUpperCase())).status).toBe(200);
    const token = await latestLoginToken(db(), DEMO_MEMBER.email);
    if (!token) throw new Error('no sign-in link mail');
    return token;
  }

  const redeem = (token: string, host = 'localhost') => call(t.app, 'POST', '/v1/users/loginWithToken', { token }, { host });

  it('a valid link signs in like a password login: same answer, the session cookie, and the old session ends', async () => {
    const before = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const token = await freshLink();
    const { status, body, response } = await redeem(token);
    expect(status).toBe(200);
    expect(body.request_details).toEqual({ user_token: before.userToken, session_key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), doubleAuth: 0 });
    const cookie = response.cookies.find((c) => c.name === 'token');
    expect(cookie?.value).toBe(`${before.userToken}:${body.request_details.session_key}`);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 18000 });
    expect(response.headers['cache-control']).toBe('no-store');

    const me = await call(t.app, 'GET', '/v1/users/me', undefined, { credential: cookie?.value, via: 'cookie' });
    expect(me.status).toBe(200);
    expect(me.body.request_details.user_info.email).toBe(DEMO_MEMBER.email);
    const old = await call(t.app, 'GET', '/v1/users/me', undefined, { credential: before.credential });
    expect(old.status).toBe(401);
    expect(old.body.error_message.code).toBe('invalid_session');
  });

  it('mails a branded link to /sys-wallets/login/token?token= on the provider\'s host, valid 15 minutes, stored hashed', async () => {
    const token = await freshLink();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = await db().selectFrom('dev_outbox').selectAll().where('recipient', '=', DEMO_MEMBER.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your Verdant Exchange sign-in link');
    expect(mail.text).toContain(`http://localhost:8182/sys-wallets/login/token?token=${token}`);
    expect(mail.text).toContain('expires in 15 minutes');
    expect(mail.text).toContain('Verdant Exchange Ltd');
    const stored = await db().selectFrom('password_reset_tokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.purpose).toBe('login_link');
    expect(JSON.stringify(stored, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(token);
    const minutes = ((stored[0]?.expires_at.getTime() ?? 0) - (stored[0]?.created_at.getTime() ?? 0)) / 60_000;
    expect(Math.round(minutes)).toBe(15);
  });

  it.each([
    { language: 'es', subject: 'Tu enlace para iniciar sesión en Verdant Exchange' },
    { language: 'en', subject: 'Your Verdant Exchange sign-in link' },
  ])('the mail is in the language asked for ($language)', async ({ language, subject }) => {
    await askForLink(DEMO_MEMBER.email, { language });
    const mail = await db().selectFrom('dev_outbox').select('subject').where('recipient', '=', DEMO_MEMBER.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe(subject);
  });

  it('an unknown email answers the same sent:true and mails nothing', async () => {
    const before = await db().selectFrom('dev_outbox').select('id').execute();
    const unknown = await askForLink('nobody@demo.test');
    const known = await askForLink(DEMO_MEMBER.email);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ request_status: '1', request_details: { sent: true } });
    expect(known.body).toEqual(unknown.body);
    const after = await db().selectFrom('dev_outbox').select('recipient').execute();
    expect(after.length - before.length).toBe(1);
    expect(after.map((row) => row.recipient)).not.toContain('nobody@demo.test');
  });

  it('at most one mail a minute per account', async () => {
    await freshLink();
    const count = async () => (await db().selectFrom('dev_outbox').select('id').where('recipient', '=', DEMO_MEMBER.email).execute()).length;
    const mails = await count();
    const again = await askForLink(DEMO_MEMBER.email);
    expect(again.body.request_details).toEqual({ sent: true });
    expect(await count()).toBe(mails);
  });

  it.each([
    { name: 'a second use of the link', prepare: async (token: string) => expect((await redeem(token)).status).toBe(200), host: 'localhost' },
    { name: 'an expired link', prepare: async () => db().updateTable('password_reset_tokens').set({ expires_at: new Date(Date.now() - 1000) }).execute(), host: 'localhost' },
    {
      name: 'a link superseded by a newer one',
      prepare: async () => {
        await db().updateTable('password_reset_tokens').set({ created_at: new Date(Date.now() - 61_000) } as never).execute();
        await askForLink(DEMO_MEMBER.email);
      },
      host: 'localhost',
    },
    { name: 'an unknown link', prepare: async () => db().deleteFrom('password_reset_tokens').execute(), host: 'localhost' },
    { name: 'a link of provider 1 opened on provider 2\'s host', prepare: async () => undefined, host: 'wl2.localhost' },
  ])('$name answers 400 login_link_invalid and starts no session', async ({ prepare, host }) => {
    const token = await freshLink();
    await prepare(token);
    const sessions = (await db().selectFrom('sessions').select('id').execute()).length;
    const { status, body, response } = await redeem(token, host);
    expect(status).toBe(400);
    expect(body.error_message).toMatchObject({ code: 'login_link_invalid', message: 'This sign-in link has expired or was already used. Request a new one.' });
    expect(response.cookies.find((c) => c.name === 'token')).toBeUndefined();
    expect((await db().selectFrom('sessions').select('id').execute()).length).toBe(sessions);
  });

  it('after a superseding request, the newest link works', async () => {
    await freshLink();
    await db().updateTable('password_reset_tokens').set({ created_at: new Date(Date.now() - 61_000) } as never).execute();
    await askForLink(DEMO_MEMBER.email);
    const newest = await latestLoginToken(db(), DEMO_MEMBER.email);
    expect((await redeem(newest ?? '')).status).toBe(200);
  });

  it('a locked account cannot use a link (423 with when to retry); the link works once the lock ends', async () => {
    const token = await freshLink();
    await db().updateTable('users').set({ locked_until: new Date(Date.now() + 10 * 60_000) }).where('email', '=', DEMO_MEMBER.email).execute();
    const locked = await redeem(token);
    expect(locked.status).toBe(423);
    expect(locked.body.error_message.code).toBe('account_locked');
    expect(locked.body.error_message.message).toMatch(/Try again in 10 minutes\./);
    await db().updateTable('users').set({ locked_until: null }).where('email', '=', DEMO_MEMBER.email).execute();
    expect((await redeem(token)).status).toBe(200);
  });

  it('with login codes on, the link sends the login code and the member must pass double-auth', async () => {
    await db().updateTable('users').set({ otp_login: 1 }).where('email', '=', DEMO_MEMBER.email).execute();
    const token = await freshLink();
    const { status, body } = await redeem(token);
    expect(status).toBe(200);
    expect(body.request_details.doubleAuth).toBe(0);
    const credential = `${body.request_details.user_token}:${body.request_details.session_key}`;
    const mail = await db().selectFrom('dev_outbox').select('subject').where('recipient', '=', DEMO_MEMBER.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your Verdant Exchange login code');

    const me = await call(t.app, 'GET', '/v1/users/me', undefined, { credential });
    expect(me.body.request_details.user_info.verifications.OTPLogin).toBe('sent');
    const blocked = await call(t.app, 'PATCH', '/v1/users/edit', { firstName: 'Alex' }, { credential });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error_message.code).toBe('double_auth_required');

    const code = await latestCode(db(), DEMO_MEMBER.email);
    expect((await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'login', code }, { credential })).status).toBe(200);
    const after = await call(t.app, 'GET', '/v1/users/me', undefined, { credential });
    expect(after.body.request_details.user_info.doubleAuth).toBe(1);
  });

  it('a sign-in link cannot reset a password, and a reset link cannot sign in', async () => {
    const loginToken = await freshLink();
    const asReset = await call(t.app, 'POST', '/v1/users/resetPassword', { reset_token: loginToken, password: 'Lantern-orbit-Velvet-42' });
    expect(asReset.body.error_message.code).toBe('reset_token_invalid');
    await call(t.app, 'POST', '/v1/users/forgetPassword', { email: DEMO_MEMBER.email });
    await t.app.notifier.settled();
    const resetToken = await latestResetToken(db(), DEMO_MEMBER.email);
    expect(resetToken).not.toBeNull();
    expect((await redeem(resetToken ?? '')).body.error_message.code).toBe('login_link_invalid');
    // Each kind has its own "newest only": the reset request did not end the sign-in link.
    expect((await redeem(loginToken)).status).toBe(200);
  });

  it.each([
    { path: '/v1/users/loginLink', body: {}, field: 'email' },
    { path: '/v1/users/loginLink', body: { email: 'not-an-email' }, field: 'email' },
    { path: '/v1/users/loginLink', body: { email: DEMO_MEMBER.email, language: 'fr' }, field: 'language' },
    { path: '/v1/users/loginWithToken', body: {}, field: 'token' },
    { path: '/v1/users/loginWithToken', body: { token: 'not a token!' }, field: 'token' },
    { path: '/v1/users/loginWithToken', body: { token: 'x'.repeat(500) }, field: 'token' },
  ])('$path with $body answers 400 with a field error on $field', async ({ path, body, field }) => {
    const { status, body: answer } = await call(t.app, 'POST', path, body);
    expect(status).toBe(400);
    expect(Object.keys(answer.error_message.fields)).toContain(field);
  });
});
