// The identity journeys through the API alone, with codes read from the dev outbox as a
// newcomer would read them at /dev/outbox: the new-flow registration and a login with login codes on.

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SessionAnswerSchema, UserInfoSchema } from '#core/contract/users.ts';
import { isAddressComplete } from '#core/rules/address-complete.ts';
import { latestCode } from '../notifications/test-outbox.ts';
import { call } from '../identity/session-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

const PASSWORD = 'Saffron-bridge-3390';

describe.each(testDatabases())('identity journeys on $name', ({ name }) => {
  const t = useTestApp(name);

  it('registration attempt -> email and mobile codes -> register -> address details: a verified member with a complete address', async () => {
    const email = `journey.${name}@example.com`;
    const mobile = '+34611222333';
    const attempt = await call(t.app, 'POST', '/v1/users/registrationAttempt', { email, mobile });
    const reg_token = attempt.body.request_details.reg_token as string;

    // Without the token the new flow answers the spec's message.
    const lost = await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose: 'verify_email' });
    expect(lost.body.error_message).toMatchObject({ code: 'registration_token_expired', message: 'Registration token Expired!' });

    for (const [purpose, to] of [['verify_email', email], ['verify_mobile', mobile]] as const) {
      const requested = await call(t.app, 'POST', '/v1/verify/requestOTP', { purpose, reg_token });
      expect(requested.status).toBe(200);
      const code = await latestCode(t.database.db, to);
      expect(code).toMatch(/^\d{6}$/);
      expect((await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose, code, reg_token })).status).toBe(200);
    }

    const registered = await call(t.app, 'POST', '/v1/users/register', { reg_token, firstName: 'Iker', lastName: 'Sanz', email, mobile, password: PASSWORD, language: 'es' });
    expect(registered.status).toBe(200);
    const first = v.parse(SessionAnswerSchema, registered.body.request_details);
    const before = await call(t.app, 'GET', '/v1/currentUser', undefined, { credential: `${first.user_token}:${first.session_key}`, via: 'cookie' });
    const info = v.parse(UserInfoSchema, before.body.request_details.user_info);
    expect(info).toMatchObject({ emailVerification: 1, phoneVerification: 1 });
    expect(isAddressComplete(info)).toBe(false);

    const onboarded = await call(t.app, 'POST', '/v1/users/onboarding', {
      firstName: 'Iker', lastName: 'Sanz', dateOfBirth: '1992-03-08', billing: { address1: 'Calle Mayor 5', city: 'Madrid', country: 'ES', zipCode: '28013' },
    }, { credential: `${first.user_token}:${first.session_key}`, via: 'cookie' });
    const fresh = v.parse(SessionAnswerSchema, onboarded.body.request_details);
    const after = await call(t.app, 'GET', '/v1/currentUser', undefined, { credential: `${fresh.user_token}:${fresh.session_key}`, via: 'cookie' });
    expect(isAddressComplete(v.parse(UserInfoSchema, after.body.request_details.user_info))).toBe(true);
  });

  it('login with login codes on -> the code from the outbox -> doubleAuth 1 and the account opens', async () => {
    const email = `otp.${name}@example.com`;
    const registered = await call(t.app, 'POST', '/v1/users/register', { firstName: 'Ada', lastName: 'Byrne', email, mobile: '+353851234567', password: PASSWORD });
    expect(registered.status).toBe(200);
    await t.database.db.updateTable('users').set({ otp_login: 1 }).where('email', '=', email).execute();

    const login = await call(t.app, 'POST', '/v1/users/login', { email, password: PASSWORD });
    const session = v.parse(SessionAnswerSchema, login.body.request_details);
    expect(session.doubleAuth).toBe(0);
    const credential = `${session.user_token}:${session.session_key}`;
    expect((await call(t.app, 'GET', '/v1/users/me', undefined, { credential })).body.request_details.user_info.verifications).toEqual({ OTPLogin: 'sent' });

    const code = await latestCode(t.database.db, email);
    const verified = await call(t.app, 'POST', '/v1/verify/verifyOTP', { purpose: 'login', code }, { credential, via: 'cookie' });
    expect(verified.status).toBe(200);
    const me = await call(t.app, 'GET', '/v1/users/me', undefined, { credential });
    expect(me.body.request_details.user_info).toMatchObject({ OTPLogin: 1, doubleAuth: 1, verifications: { OTPLogin: 'verified' } });
    expect((await call(t.app, 'PATCH', '/v1/users/edit', { currency: 'USD' }, { credential })).status).toBe(200);

    // The next login asks for a new code again.
    const again = await call(t.app, 'POST', '/v1/users/login', { email, password: PASSWORD });
    const next = v.parse(SessionAnswerSchema, again.body.request_details);
    const blocked = await call(t.app, 'PATCH', '/v1/users/edit', { currency: 'EUR' }, { credential: `${next.user_token}:${next.session_key}` });
    expect(blocked.body.error_message.code).toBe('double_auth_required');
  });
});
