import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../seed/seed.ts';
import { call, signIn } from '../identity/session-test-kit.ts';
import { latestCode } from '../notifications/test-outbox.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('PATCH /v1/users/changeOTP on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;

  async function fresh() {
    await db().deleteFrom('one_time_codes').execute();
    await db().updateTable('users').set({ otp_login: 0, otp_login_state: null }).where('email', '=', DEMO_MEMBER.email).execute();
    return signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
  }

  it('turning login codes on without a code answers 400 Required field on code', async () => {
    const member = await fresh();
    const { status, body } = await call(t.app, 'PATCH', '/v1/users/changeOTP', { OTPLogin: 1 }, { credential: member.credential });
    expect(status).toBe(400);
    expect(body.error_message.fields).toEqual({ code: ['Required field'] });
  });

  it('turning login codes on with an otp_settings code; the next login then asks for a login code', async () => {
    const member = await fresh();
    const sent = await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'otp_settings' }, { credential: member.credential });
    expect(sent.status).toBe(200);
    const code = await latestCode(db(), DEMO_MEMBER.email);
    const on = await call(t.app, 'PATCH', '/v1/users/changeOTP', { OTPLogin: 1, code }, { credential: member.credential, via: 'cookie' });
    expect(on.status).toBe(200);
    expect(on.body.request_details).toEqual({ OTPLogin: 1, doubleAuth: 1 });

    const next = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    expect(next.doubleAuth).toBe(0);
    const me = await call(t.app, 'GET', '/v1/users/me', undefined, { credential: next.credential });
    expect(me.body.request_details.user_info).toMatchObject({ OTPLogin: 1, doubleAuth: 0, verifications: { OTPLogin: 'sent' } });
    // Turning them off needs this sign-in to pass its login code first.
    const off = await call(t.app, 'PATCH', '/v1/users/changeOTP', { OTPLogin: 0 }, { credential: next.credential });
    expect(off.status).toBe(403);
    expect(off.body.error_message.code).toBe('double_auth_required');
  });

  it('a wrong code leaves login codes off', async () => {
    const member = await fresh();
    await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'otp_settings' }, { credential: member.credential });
    const code = await latestCode(db(), DEMO_MEMBER.email);
    const wrong = code === '111111' ? '222222' : '111111';
    const { status, body } = await call(t.app, 'PATCH', '/v1/users/changeOTP', { OTPLogin: 1, code: wrong }, { credential: member.credential });
    expect(status).toBe(400);
    expect(body.error_message.code).toBe('invalid_code');
    const row = await db().selectFrom('users').select('otp_login').where('email', '=', DEMO_MEMBER.email).executeTakeFirstOrThrow();
    expect(row.otp_login).toBe(0);
  });

  it('an email verification code cannot turn login codes on', async () => {
    const member = await fresh();
    await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email' }, { credential: member.credential });
    const code = await latestCode(db(), DEMO_MEMBER.email);
    const { status } = await call(t.app, 'PATCH', '/v1/users/changeOTP', { OTPLogin: 1, code }, { credential: member.credential });
    expect(status).toBe(400);
  });

  it('turning login codes off answers OTPLogin 0 and doubleAuth 0', async () => {
    const member = await fresh();
    await db().updateTable('users').set({ otp_login: 1, otp_login_state: 'verified' }).where('email', '=', DEMO_MEMBER.email).execute();
    const { status, body } = await call(t.app, 'PATCH', '/v1/users/changeOTP', { OTPLogin: 0 }, { credential: member.credential });
    expect(status).toBe(200);
    expect(body.request_details).toEqual({ OTPLogin: 0, doubleAuth: 0 });
  });

  it.each([
    { body: {}, field: 'OTPLogin' },
    { body: { OTPLogin: '1' }, field: 'OTPLogin' },
    { body: { OTPLogin: 2 }, field: 'OTPLogin' },
    { body: { OTPLogin: 1, code: '12 34' }, field: 'code' },
  ])('$body answers 400 with a field error on $field', async ({ body, field }) => {
    const member = await fresh();
    const { status, body: answer } = await call(t.app, 'PATCH', '/v1/users/changeOTP', body, { credential: member.credential });
    expect(status).toBe(400);
    expect(Object.keys(answer.error_message.fields)).toContain(field);
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'PATCH', '/v1/users/changeOTP', { OTPLogin: 0 })).status).toBe(401);
  });
});
