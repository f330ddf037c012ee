import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER, DEMO_MERCHANT } from '../seed/seed.ts';
import { call, signIn } from '../identity/session-test-kit.ts';
import { latestCode } from '../notifications/test-outbox.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('verification codes API on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;

  async function resetCodes(email = DEMO_MEMBER.email) {
    await db().deleteFrom('one_time_codes').execute();
    await db().updateTable('users').set({ email_verified: false, mobile_verified: false, otp_login: 0, otp_login_state: null }).where('email', '=', email).execute();
  }

  async function attempt(email: string, mobile = '+34600111222', host = 'localhost') {
    const { status, body } = await call(t.app, 'POST', '/v1/users/registrationAttempt', { email, mobile }, { host });
    if (status !== 200) throw new Error(`registrationAttempt: ${status} ${JSON.stringify(body)}`);
    return (body.request_details as { reg_token: string }).reg_token;
  }

  it('a member asks for an email code, gets it by mail, and is verified by it', async () => {
    await resetCodes();
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const sent = await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email' }, { credential: member.credential });
    expect(sent.status).toBe(200);
    expect(sent.response.headers['cache-control']).toBe('no-store');
    expect(sent.body.request_details).toEqual({ purpose: 'verify_email', channel: 'email', to: 'm•••@demo.test', expires_in: 600, resend_after: 60 });
    const code = await latestCode(db(), DEMO_MEMBER.email);
    expect(code).toMatch(/^\d{6}$/);
    const verified = await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'verify_email', code }, { credential: member.credential });
    expect(verified.status).toBe(200);
    expect(verified.body.request_details).toEqual({ purpose: 'verify_email', verified: true, emailVerification: 1, phoneVerification: 0, doubleAuth: 0 });
    const me = await call(t.app, 'GET', '/v1/users/me', undefined, { credential: member.credential });
    expect(me.body.request_details.user_info.emailVerification).toBe(1);
  });

  it('a mobile code goes by SMS to the member\'s number and verifies the phone', async () => {
    await resetCodes();
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const sent = await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_mobile' }, { credential: member.credential, via: 'cookie' });
    expect(sent.body.request_details).toMatchObject({ channel: 'sms', to: '•••• 0123' });
    const sms = await db().selectFrom('dev_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sms).toMatchObject({ channel: 'sms', recipient: DEMO_MEMBER.mobile });
    expect(sms.text).toContain('Verdant Exchange: your verification code is');
    const code = await latestCode(db(), DEMO_MEMBER.mobile);
    const verified = await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'verify_mobile', code }, { credential: member.credential, via: 'cookie' });
    expect(verified.body.request_details).toMatchObject({ phoneVerification: 1, emailVerification: 0 });
  });

  it('a code cannot be used twice', async () => {
    await resetCodes();
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email' }, { credential: member.credential });
    const code = await latestCode(db(), DEMO_MEMBER.email);
    expect((await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'verify_email', code }, { credential: member.credential })).status).toBe(200);
    const again = await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'verify_email', code }, { credential: member.credential });
    expect(again.status).toBe(400);
    expect(again.body.error_message.code).toBe('code_expired');
  });

  it('a code cannot be used after it expires', async () => {
    await resetCodes();
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email' }, { credential: member.credential });
    const code = await latestCode(db(), DEMO_MEMBER.email);
    await db().updateTable('one_time_codes').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const late = await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'verify_email', code }, { credential: member.credential });
    expect(late.status).toBe(400);
    expect(late.body.error_message.code).toBe('code_expired');
  });

  it('a resend within 60 s answers 429 code_resend_limited with Retry-After', async () => {
    await resetCodes();
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email' }, { credential: member.credential });
    const resend = await call(t.app, 'POST', '/v1/verify/resendOTP', { purpose: 'verify_email' }, { credential: member.credential });
    expect(resend.status).toBe(429);
    expect(resend.body.error_message.code).toBe('code_resend_limited');
    expect(resend.body.error_message.message).toMatch(/^Wait \d+ seconds before asking for another code\.$/);
    expect(Number(resend.response.headers['retry-after'])).toBeGreaterThan(0);
    // The same wait in the body, the number the message speaks of.
    const seconds = Number(/^Wait (\d+) seconds/.exec(resend.body.error_message.message)?.[1]);
    expect(resend.body.error_message.retry_after_s).toBe(seconds);
    expect(resend.response.headers['retry-after']).toBe(String(seconds));
  });

  it('five wrong codes kill the code: 429 code_attempts_exceeded, and the right code no longer works', async () => {
    await resetCodes();
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email' }, { credential: member.credential });
    const code = (await latestCode(db(), DEMO_MEMBER.email)) ?? '';
    const wrong = code === '999999' ? '000000' : '999999';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'verify_email', code: wrong }, { credential: member.credential })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'verify_email', code }, { credential: member.credential });
    expect(right.status).toBe(429);
    expect(right.body.error_message.code).toBe('code_attempts_exceeded');
  });

  it('a registration attempt verifies its email and mobile with reg_token before the account exists', async () => {
    const email = `new-${Date.now()}@example.test`;
    const regToken = await attempt(email);
    const mailSent = await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email', reg_token: regToken, language: 'es' });
    expect(mailSent.status).toBe(200);
    const mail = await db().selectFrom('dev_outbox').selectAll().where('recipient', '=', email).executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Tu código de verificación de Verdant Exchange');
    const emailCode = await latestCode(db(), email);
    const first = await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'verify_email', code: emailCode, reg_token: regToken });
    expect(first.body.request_details).toEqual({ purpose: 'verify_email', verified: true, emailVerification: 1, phoneVerification: 0, doubleAuth: 0 });
    await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_mobile', reg_token: regToken });
    const smsCode = await latestCode(db(), '+34600111222');
    const second = await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'verify_mobile', code: smsCode, reg_token: regToken });
    expect(second.body.request_details).toMatchObject({ emailVerification: 1, phoneVerification: 1 });
    const row = await db().selectFrom('registration_attempts').select(['email_verified', 'mobile_verified']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toEqual({ email_verified: true, mobile_verified: true });
  });

  it.each([
    { path: '/v1/verify/requestOTP', body: { purpose: 'verify_email' }, why: 'no reg_token' },
    { path: '/v1/verify/resendOTP', body: { purpose: 'verify_mobile' }, why: 'no reg_token' },
    { path: '/v1/verify/verifyOTP', body: { purpose: 'verify_email', code: '123456' }, why: 'no reg_token' },
    { path: '/v1/verify/requestOTP', body: { purpose: 'verify_email', reg_token: 'A'.repeat(43) }, why: 'an unknown reg_token' },
    { path: '/v1/verify/verifyOTP', body: { purpose: 'verify_mobile', code: '123456', reg_token: 'short' }, why: 'a malformed reg_token' },
  ])('under registration_new_flow, $path with $why answers 401 \'Registration token Expired!\'', async ({ path, body }) => {
    const { status, body: answer } = await call(t.app, 'POST', path, body);
    expect(status).toBe(401);
    expect(answer.error_message).toEqual({ code: 'registration_token_expired', message: 'Registration token Expired!' });
  });

  it('an expired registration token answers \'Registration token Expired!\'', async () => {
    const email = `late-${Date.now()}@example.test`;
    const regToken = await attempt(email);
    await db().updateTable('registration_attempts').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', email).execute();
    const { status, body } = await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email', reg_token: regToken });
    expect(status).toBe(401);
    expect(body.error_message.message).toBe('Registration token Expired!');
  });

  it('a registration token of provider 1 does not work on provider 2', async () => {
    const regToken = await attempt(`cross-${Date.now()}@example.test`);
    const { status, body } = await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email', reg_token: regToken }, { host: 'wl2.localhost' });
    expect(status).toBe(401);
    expect(body.error_message.code).toBe('registration_token_expired');
  });

  it('without the new registration flow (wl2) and without a session, a code request is a plain 401', async () => {
    const { status, body } = await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email' }, { host: 'wl2.localhost' });
    expect(status).toBe(401);
    expect(body.error_message.code).toBe('unauthorized');
  });

  it.each([
    { path: '/v1/verify/requestOTP', body: {}, field: 'purpose' },
    { path: '/v1/verify/requestOTP', body: { purpose: 'sms' }, field: 'purpose' },
    { path: '/v1/verify/requestOTP', body: { purpose: 'verify_email', language: 'fr' }, field: 'language' },
    { path: '/v1/verify/requestOTP', body: { purpose: 'login', reg_token: 'A'.repeat(43) }, field: 'purpose' },
    { path: '/v1/verify/requestOTP', body: { purpose: 'verify_email', reg_token: 'x'.repeat(500) }, field: 'reg_token' },
    { path: '/v1/verify/verifyOTP', body: { purpose: 'verify_email' }, field: 'code' },
    { path: '/v1/verify/verifyOTP', body: { purpose: 'verify_email', code: '12345' }, field: 'code' },
    { path: '/v1/verify/verifyOTP', body: { purpose: 'verify_email', code: 123456 }, field: 'code' },
    { path: '/v1/verify/verifyOTP', body: { purpose: 'otp_settings', code: '123456' }, field: 'purpose' },
    // An array is not an object with its keys missing: it is refused as a whole.
    { path: '/v1/verify/verifyOTP', body: ['verify_email'], field: 'body' },
  ])('$path with $body answers 400 with a field error on $field', async ({ path, body, field }) => {
    const { status, body: answer } = await call(t.app, 'POST', path, body);
    expect(status).toBe(400);
    expect(answer.error_message.code).toBe('validation_failed');
    expect(Object.keys(answer.error_message.fields)).toContain(field);
  });

  it('with login codes on, the login mails a code, other calls wait for it, and verifyOTP login sets doubleAuth 1', async () => {
    await resetCodes();
    await db().updateTable('users').set({ otp_login: 1 }).where('email', '=', DEMO_MEMBER.email).execute();
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    expect(member.doubleAuth).toBe(0);
    const code = await latestCode(db(), DEMO_MEMBER.email);
    const mail = await db().selectFrom('dev_outbox').select('subject').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your Verdant Exchange login code');
    const blocked = await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email' }, { credential: member.credential });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error_message.code).toBe('double_auth_required');
    const setId = await call(t.app, 'PATCH', '/v1/verify/setVerifyId', { compliance: 'review' }, { credential: member.credential });
    expect(setId.body.error_message.code).toBe('double_auth_required');

    const verified = await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'login', code }, { credential: member.credential });
    expect(verified.status).toBe(200);
    expect(verified.body.request_details.doubleAuth).toBe(1);
    const me = await call(t.app, 'GET', '/v1/users/me', undefined, { credential: member.credential });
    expect(me.body.request_details.user_info).toMatchObject({ doubleAuth: 1, OTPLogin: 1, verifications: { OTPLogin: 'verified' } });
    const again = await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'login' }, { credential: member.credential });
    expect(again.status).toBe(400);
    await db().updateTable('users').set({ otp_login: 0, otp_login_state: null }).where('email', '=', DEMO_MEMBER.email).execute();
  });

  it('one member cannot use a code sent to another', async () => {
    await resetCodes();
    await db().deleteFrom('dev_outbox').execute();
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const merchant = await signIn(t.app, DEMO_MERCHANT.email, DEMO_MERCHANT.password);
    await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email' }, { credential: member.credential });
    const code = await latestCode(db(), DEMO_MEMBER.email);
    const stolen = await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'verify_email', code }, { credential: merchant.credential });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error_message.code).toBe('code_expired');
  });

  it('a browser session without a matching Origin cannot ask for codes (CSRF)', async () => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const { status, body } = await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email' }, { credential: member.credential, via: 'cookie', origin: 'https://evil.example' });
    expect(status).toBe(403);
    expect(body.error_message.code).toBe('forbidden');
  });

  it('more than 20 calls a minute from one address answer 429 rate_limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'verify_email', code: '123456' }, { ip: '192.0.2.77' })).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('a Harbor Coin member gets Harbor Coin\'s code mail, in the language they registered in', async () => {
    const email = `harbor-${Date.now()}@example.test`;
    const registered = await call(
      t.app,
      'POST',
      '/v1/users/register',
      { firstName: 'Ana', lastName: 'Ruiz', email, mobile: '+34600123456', password: 'Tidal-compass-Orchid-58', language: 'es' },
      { host: 'wl2.localhost' },
    );
    expect(registered.status).toBe(200);
    const credential = `${registered.body.request_details.user_token}:${registered.body.request_details.session_key}`;
    const sent = await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email' }, { credential, host: 'wl2.localhost' });
    expect(sent.status).toBe(200);
    const mail = await db().selectFrom('dev_outbox').selectAll().where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Tu código de verificación de Harbor Coin');
    expect(mail.text).toContain('Harbor Coin S.L.');
    expect(mail.text).toContain('help@harbor-coin.example');
    // The same session on provider 1's host is no session at all.
    const elsewhere = await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email' }, { credential, host: 'localhost' });
    expect(elsewhere.status).toBe(401);
  });
});
