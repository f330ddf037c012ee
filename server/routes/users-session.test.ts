import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { SESSION_COOKIE_S } from '#core/constants.ts';
import { describe, expect, it } from 'vitest';
import { SessionAnswerSchema } from '#core/contract/users.ts';
import { CurrentUserAnswerSchema } from '#core/contract/sessions.ts';
import { DEMO_MEMBER, DEMO_MERCHANT } from '../seed/seed.ts';
import { call, ORIGIN, signIn } from '../identity/session-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(testDatabases())('sessions on $name', ({ name }) => {
  const t = useTestApp(name);

  it('login answers user_token, session_key and doubleAuth, and sets the HttpOnly session cookie', async () => {
    const { status, body, response } = await call(t.app, 'POST', '/v1/users/login', { email: 'Member@Demo.test ', password: DEMO_MEMBER.password });
    expect(status).toBe(200);
    const details = v.parse(SessionAnswerSchema, body.request_details);
    expect(details.doubleAuth).toBe(0);
    const cookie = response.cookies.find((c) => c.name === 'token');
    expect(cookie).toMatchObject({ value: `${details.user_token}:${details.session_key}`, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 18000 });
    expect(cookie?.secure).toBeFalsy();
    // The key is stored only as its SHA-256.
    const rows = await t.database.db.selectFrom('sessions').select('key_hash').execute();
    expect(rows.map((row) => row.key_hash)).toContain(sha256(details.session_key));
    expect(JSON.stringify(rows)).not.toContain(details.session_key);
  });

  it.each([
    { name: 'a wrong password', email: DEMO_MEMBER.email, password: 'Not-the-password-1', host: 'localhost' },
    { name: 'an unknown email', email: 'nobody@demo.test', password: DEMO_MEMBER.password, host: 'localhost' },
    { name: 'a wl_id 1 member on wl2.localhost', email: DEMO_MEMBER.email, password: DEMO_MEMBER.password, host: 'wl2.localhost' },
  ])('login with $name answers 401 invalid_credentials', async ({ email, password, host }) => {
    const { status, body } = await call(t.app, 'POST', '/v1/users/login', { email, password }, { host });
    expect(status).toBe(401);
    expect(body.error_message.code).toBe('invalid_credentials');
  });

  it('currentUser answers user_info and user_token, never the session key', async () => {
    const session = await signIn(t.app, DEMO_MERCHANT.email, DEMO_MERCHANT.password);
    const { status, body } = await call(t.app, 'GET', '/v1/currentUser?is_flow=1&ip=203.0.113.9', undefined, { credential: session.credential });
    expect(status).toBe(200);
    const details = v.parse(CurrentUserAnswerSchema, body.request_details);
    expect(details.user_token).toBe(session.userToken);
    expect(JSON.stringify(body)).not.toContain(session.sessionKey);
    expect(details.user_info).toMatchObject({
      email: DEMO_MERCHANT.email,
      role: 'merchant',
      companyName: DEMO_MERCHANT.name,
      merchant_id: DEMO_MERCHANT.merchantId,
      emailVerification: 1,
      phoneVerification: 1,
      complianceVerification: 1,
      permissions: { fiat_withdrawals: 1 },
      currency: 'EUR',
      ip_country: 'GB',
      // From the ledger: the fiat wallet of the member's currency always exists, at zero.
      wallets: [{ currency: 'EUR' }],
      account_values: { EUR: '0.00', USD: '0.00', GBP: '0.00', CAD: '0.00', AUD: '0.00', BTC: '0.00000000' },
    });
  });

  it.each([
    { name: 'no credential', credential: undefined, code: 'unauthorized' },
    { name: 'a made-up credential', credential: `usr_${'A'.repeat(22)}:${'B'.repeat(43)}`, code: 'unauthorized' },
  ])('currentUser with $name answers 401 with error_message.me.error[0]', async ({ credential, code }) => {
    const { status, body } = await call(t.app, 'GET', '/v1/currentUser', undefined, credential ? { credential } : {});
    expect(status).toBe(401);
    expect(body.request_status).toBe('0');
    expect(body.error_message.me.error[0]).toBe(code);
  });

  it('a malformed Authorization header is refused with a message saying its form', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { host: 'localhost', authorization: 'Token abc' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error_message.message).toContain('Bearer <user_token>:<session_key>');
  });

  it('a new login ends the old session, whose next call answers invalid_session', async () => {
    const first = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const second = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const old = await call(t.app, 'GET', '/v1/currentUser', undefined, { credential: first.credential, via: 'cookie' });
    expect(old.status).toBe(401);
    expect(old.body.error_message).toMatchObject({ code: 'invalid_session', message: 'You are logged in on other devices or browsers. Please login again.', me: { error: ['invalid_session'] } });
    // The dead cookie is cleared so the browser stops sending it.
    expect(old.response.cookies.find((c) => c.name === 'token')?.value).toBe('');
    expect((await call(t.app, 'GET', '/v1/users/me', undefined, { credential: second.credential })).status).toBe(200);
  });

  it('logins racing for one user leave exactly one live session', async () => {
    const results = await Promise.all([1, 2, 3].map(() => call(t.app, 'POST', '/v1/users/login', { email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password })));
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    const live = await t.database.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('users.email', '=', DEMO_MERCHANT.email)
      .where('sessions.ended_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });

  it('a session is extended by each call (sliding 18000 s) and answers session_expired once past its end', async () => {
    const session = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const key_hash = sha256(session.sessionKey);
    const soon = new Date(Date.now() + 60_000);
    await t.database.db.updateTable('sessions').set({ expires_at: soon }).where('key_hash', '=', key_hash).execute();
    expect((await call(t.app, 'GET', '/v1/users/me', undefined, { credential: session.credential })).status).toBe(200);
    const slid = await t.database.db.selectFrom('sessions').select('expires_at').where('key_hash', '=', key_hash).executeTakeFirstOrThrow();
    expect(slid.expires_at.getTime()).toBeGreaterThan(Date.now() + 17_990_000);

    await t.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('key_hash', '=', key_hash).execute();
    const expired = await call(t.app, 'GET', '/v1/currentUser', undefined, { credential: session.credential });
    expect(expired.status).toBe(401);
    expect(expired.body.error_message.me.error).toEqual(['session_expired']);
    expect((await call(t.app, 'GET', '/v1/users/me', undefined, { credential: session.credential })).body.error_message.code).toBe('session_expired');
  });

  it.each([
    { case: 'an end written 30 s ago', lagMs: 30_000, moves: false },
    { case: 'an end written 61 s ago', lagMs: 61_000, moves: true },
  ])('a call after $case moves the end: $moves (the calls of one minute share one write)', async ({ lagMs, moves }) => {
    const session = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const key_hash = sha256(session.sessionKey);
    const written = new Date(Date.now() + SESSION_COOKIE_S * 1000 - lagMs);
    await t.database.db.updateTable('sessions').set({ expires_at: written }).where('key_hash', '=', key_hash).execute();
    expect((await call(t.app, 'GET', '/v1/users/me', undefined, { credential: session.credential })).status).toBe(200);
    const after = await t.database.db.selectFrom('sessions').select('expires_at').where('key_hash', '=', key_hash).executeTakeFirstOrThrow();
    if (moves) expect(after.expires_at.getTime()).toBeGreaterThan(Date.now() + SESSION_COOKIE_S * 1000 - 5_000);
    else expect(after.expires_at.getTime()).toBe(written.getTime());
  });

  it('logout ends the session and clears the cookie; the key no longer works', async () => {
    const session = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const out = await call(t.app, 'POST', '/v1/users/logout', undefined, { credential: session.credential, via: 'cookie' });
    expect(out.status).toBe(200);
    expect(out.response.cookies.find((c) => c.name === 'token')).toMatchObject({ value: '' });
    const after = await call(t.app, 'GET', '/v1/users/me', undefined, { credential: session.credential });
    expect(after.status).toBe(401);
    expect(after.body.error_message.code).toBe('unauthorized');
  });

  it('neither the password nor the session key reaches the logs', async () => {
    const session = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await call(t.app, 'GET', '/v1/currentUser', undefined, { credential: session.credential, via: 'cookie' });
    await call(t.app, 'PATCH', '/v1/users/edit', { language: 'en' }, { credential: session.credential });
    const logs = t.logs.text();
    expect(logs).toContain('/v1/users/login');
    expect(logs).not.toContain(DEMO_MEMBER.password);
    expect(logs).not.toContain(session.sessionKey);
  });

  it('a cross-site logout (cookie without Origin) clears the cookie but cannot end the session', async () => {
    const session = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const out = await call(t.app, 'POST', '/v1/users/logout', undefined, { credential: session.credential, via: 'cookie', origin: null });
    expect(out.status).toBe(200);
    expect((await call(t.app, 'GET', '/v1/users/me', undefined, { credential: session.credential })).status).toBe(200);
  });

  it('a session of wl_id 1 is not accepted on wl2.localhost', async () => {
    const session = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const { status, body } = await call(t.app, 'GET', '/v1/users/me', undefined, { credential: session.credential, host: 'wl2.localhost' });
    expect(status).toBe(401);
    expect(body.error_message.code).toBe('unauthorized');
  });

  it.each([
    { name: 'a cookie call without Origin is refused as cross-site', via: 'cookie', origin: null, status: 403 },
    { name: 'a cookie call from another site is refused', via: 'cookie', origin: 'https://evil.example', status: 403 },
    { name: 'a cookie call from PUBLIC_URL is accepted', via: 'cookie', origin: ORIGIN, status: 200 },
    { name: "a cookie call from the request's own origin is accepted", via: 'cookie', origin: 'http://localhost', status: 200 },
    { name: 'a bearer call needs no Origin', via: 'bearer', origin: null, status: 200 },
  ] as const)('$name (PATCH /v1/users/edit)', async ({ via, origin, status }) => {
    const session = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const result = await call(t.app, 'PATCH', '/v1/users/edit', { language: 'en' }, { credential: session.credential, via, origin });
    expect(result.status).toBe(status);
    if (status === 403) expect(result.body.error_message.code).toBe('forbidden');
  });
});

describe.each(testDatabases())('sessions behind https on $name', ({ name }) => {
  const t = useTestApp(name, { env: { PUBLIC_URL: 'https://pay.example.com' } });

  it('the session cookie is Secure when PUBLIC_URL is https, and PUBLIC_URL is an accepted Origin', async () => {
    const login = await call(t.app, 'POST', '/v1/users/login', { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
    expect(login.response.cookies.find((c) => c.name === 'token')).toMatchObject({ secure: true, httpOnly: true });
    const credential = `${login.body.request_details.user_token}:${login.body.request_details.session_key}`;
    const edit = await call(t.app, 'PATCH', '/v1/users/edit', { language: 'en' }, { credential, via: 'cookie', origin: 'https://pay.example.com' });
    expect(edit.status).toBe(200);
  });
});
