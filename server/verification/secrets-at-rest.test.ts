// Security: after a whole identity journey (registration with codes, login, login codes, a password
// reset, a sign-in link), no plaintext secret is in any table or any log line. Codes and the reset
// and sign-in links may appear only in dev_outbox, the test-mode inbox; passwords, session keys and
// registration tokens nowhere.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../identity/session-test-kit.ts';
import { latestCode, latestLoginToken, latestResetToken } from '../notifications/test-outbox.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

/** A secret as a whole token, not as part of a longer run of letters or digits (timestamps, hashes). */
function mentions(text: string, secret: string): boolean {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![0-9A-Za-z_.-])${escaped}(?![0-9A-Za-z_-])`).test(text);
}

describe.each(testDatabases())('no plaintext secret at rest or in logs on $name', ({ name }) => {
  const t = useTestApp(name);

  it('after registration, codes, login codes, a password reset and a sign-in link', async () => {
    const db = t.database.db;
    const email = 'journey@example.test';
    const mobile = '+34600999888';
    const password = 'Quartz-meadow-Harbor-81';
    const newPassword = 'Copper-lantern-Willow-73';
    const codes: string[] = [];
    const take = async (to: string) => {
      const code = await latestCode(db, to);
      if (!code) throw new Error(`no code for ${to}`);
      codes.push(code);
      return code;
    };
    const ok = (status: number, what: string) => expect(status, what).toBe(200);

    const attempt = await call(t.app, 'POST', '/v1/users/registrationAttempt', { email, mobile });
    ok(attempt.status, 'registrationAttempt');
    const regToken = attempt.body.request_details.reg_token as string;
    ok((await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email', reg_token: regToken })).status, 'email code');
    ok((await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'verify_email', reg_token: regToken, code: await take(email) })).status, 'verify email');
    ok((await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_mobile', reg_token: regToken })).status, 'sms code');
    ok((await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'verify_mobile', reg_token: regToken, code: await take(mobile) })).status, 'verify mobile');
    const registered = await call(t.app, 'POST', '/v1/users/register', { reg_token: regToken, firstName: 'Jo', lastName: 'Road', email, mobile, password });
    ok(registered.status, 'register');
    const first = registered.body.request_details as { session_key: string; user_token: string };
    const credential = `${first.user_token}:${first.session_key}`;

    ok((await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'otp_settings' }, { credential })).status, 'otp_settings code');
    ok((await call(t.app, 'PATCH', '/v1/users/changeOTP', { OTPLogin: 1, code: await take(email) }, { credential })).status, 'changeOTP');
    const second = await signIn(t.app, email, password);
    ok((await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'login', code: await take(email) }, { credential: second.credential })).status, 'login code');

    ok((await call(t.app, 'POST', '/v1/users/forgetPassword', { email })).status, 'forgetPassword');
    await t.app.notifier.settled();
    const resetToken = await latestResetToken(db, email);
    if (!resetToken) throw new Error('no reset link');
    // The member opens the link: the page URL carries the token.
    await t.app.inject({ method: 'GET', url: `/sys-wallets/change-password?reset=${resetToken}`, headers: { host: 'localhost' } });
    ok((await call(t.app, 'POST', '/v1/users/resetPassword', { reset_token: resetToken, password: newPassword })).status, 'resetPassword');
    const third = await signIn(t.app, email, newPassword);
    ok((await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'login', code: await take(email) }, { credential: third.credential })).status, 'login code after reset');

    ok((await call(t.app, 'POST', '/v1/users/loginLink', { email })).status, 'loginLink');
    await t.app.notifier.settled();
    const loginToken = await latestLoginToken(db, email);
    if (!loginToken) throw new Error('no sign-in link');
    // The member opens the sign-in link: the page URL carries the token.
    await t.app.inject({ method: 'GET', url: `/sys-wallets/login/token?token=${loginToken}`, headers: { host: 'localhost' } });
    const fourth = await call(t.app, 'POST', '/v1/users/loginWithToken', { token: loginToken });
    ok(fourth.status, 'loginWithToken');
    const fourthKey = fourth.body.request_details.session_key as string;
    ok((await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'login', code: await take(email) }, { credential: `${first.user_token}:${fourthKey}` })).status, 'login code after link');

    const everywhere = [password, newPassword, regToken, first.session_key, second.sessionKey, third.sessionKey, fourthKey];
    const inboxOnly = [...codes, resetToken, loginToken];

    const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db);
    expect(tables.rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['users', 'sessions', 'one_time_codes', 'password_reset_tokens', 'registration_attempts', 'dev_outbox']));
    for (const { table_name } of tables.rows) {
      const rows = await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM ${sql.table(table_name)} t`.execute(db);
      const text = rows.rows.map((r) => r.row).join('\n');
      for (const secret of everywhere) expect(mentions(text, secret), `${table_name} holds a password, session key or reg_token`).toBe(false);
      if (table_name === 'dev_outbox') continue;
      for (const secret of inboxOnly) expect(mentions(text, secret), `${table_name} holds a code or reset token`).toBe(false);
    }
    // The inbox really has them: the scan above would find them if they leaked elsewhere.
    const outbox = (await db.selectFrom('dev_outbox').select('text').execute()).map((r) => r.text).join('\n');
    for (const secret of inboxOnly) expect(mentions(outbox, secret)).toBe(true);

    const logs = t.logs.text();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('reset=[redacted]');
    expect(logs).toContain('token=[redacted]');
    for (const secret of [...everywhere, ...inboxOnly]) expect(mentions(logs, secret), 'a secret reached the logs').toBe(false);
  });
});
