import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SessionAnswerSchema, UserInfoSchema } from '#core/contract/users.ts';
import { RegistrationAttemptAnswerSchema } from '#core/contract/registration.ts';
import { DEMO_MEMBER } from '../seed/seed.ts';
import { call } from '../identity/session-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PASSWORD = 'Orchard-lamp-2031';
let counter = 0;

function person(overrides: Record<string, unknown> = {}) {
  return { firstName: 'Lucía', lastName: 'Martín', email: `lucia${++counter}@example.com`, mobile: '+34 612 345 678', password: PASSWORD, ...overrides };
}

describe.each(testDatabases())('registration on $name', ({ name }) => {
  const t = useTestApp(name);

  async function attempt(email: string, mobile = '+34612345678', host = 'localhost'): Promise<string> {
    const { status, body } = await call(t.app, 'POST', '/v1/users/registrationAttempt', { email, mobile }, { host });
    expect(status).toBe(200);
    return v.parse(RegistrationAttemptAnswerSchema, body.request_details).reg_token;
  }

  it('register creates a member (email lowercased, "null" date of birth empty) and signs them in', async () => {
    const body = person({ email: '  New.Member@Example.COM', dateOfBirth: 'null', country: 'es', language: 'es' });
    const { status, body: answer, response } = await call(t.app, 'POST', '/v1/users/register', body);
    expect(status).toBe(200);
    const session = v.parse(SessionAnswerSchema, answer.request_details);
    expect(response.cookies.find((c) => c.name === 'token')?.value).toBe(`${session.user_token}:${session.session_key}`);
    const me = await call(t.app, 'GET', '/v1/users/me', undefined, { credential: `${session.user_token}:${session.session_key}` });
    const info = v.parse(UserInfoSchema, me.body.request_details.user_info);
    expect(info).toMatchObject({ email: 'new.member@example.com', mobile: '+34612345678', dateOfBirth: '', language: 'es', role: 'member', emailVerification: 0, phoneVerification: 0, complianceVerification: 2, OTPLogin: 0, doubleAuth: 0 });
    expect(info.billing.country).toBe('ES');
    // The password is stored only as a scrypt hash.
    const row = await t.database.db.selectFrom('users').select('password_hash').where('email', '=', 'new.member@example.com').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('an email is unique per provider: taken on wl_id 1 in any case, free on wl_id 2', async () => {
    const taken = await call(t.app, 'POST', '/v1/users/register', person({ email: 'MEMBER@demo.test' }));
    expect(taken.status).toBe(409);
    expect(taken.body.error_message.code).toBe('email_taken');
    expect((await call(t.app, 'POST', '/v1/users/registrationAttempt', { email: DEMO_MEMBER.email, mobile: '+447700900999' })).status).toBe(409);
    const other = await call(t.app, 'POST', '/v1/users/register', person({ email: DEMO_MEMBER.email }), { host: 'wl2.localhost' });
    expect(other.status).toBe(200);
  });

  it.each([
    { name: 'a short password', password: 'Short-1', message: /at least 10 characters/ },
    { name: 'a common password', password: 'password123', message: /too common/ },
    { name: 'a password containing the email', password: 'xwing.pilot-99', email: 'xwing.pilot@example.com', message: /email address/ },
  ])('register refuses $name with a message on the password field', async ({ password, email, message }) => {
    const { status, body } = await call(t.app, 'POST', '/v1/users/register', person({ password, ...(email ? { email } : {}) }));
    expect(status).toBe(400);
    expect(body.error_message.code).toBe('validation_failed');
    expect(body.error_message.fields.password[0]).toMatch(message);
  });

  it.each([
    { name: 'an empty first name', body: { firstName: ' ' }, field: 'firstName', message: 'Required field' },
    { name: 'a missing email', body: { email: undefined }, field: 'email', message: 'Required field' },
    { name: 'a malformed email', body: { email: 'lucia@' }, field: 'email', message: /valid email/ },
    { name: 'a mobile without country code', body: { mobile: '612345678' }, field: 'mobile', message: /international format/ },
    { name: 'an impossible date of birth', body: { dateOfBirth: '1990-02-30' }, field: 'dateOfBirth', message: /YYYY-MM-DD/ },
    { name: 'an unsupported language', body: { language: 'fr' }, field: 'language', message: /en.*es/ },
  ])('register answers $name with 400 and a field error', async ({ body, field, message }) => {
    const result = await call(t.app, 'POST', '/v1/users/register', person(body));
    expect(result.status).toBe(400);
    expect(result.body.error_message.fields[field][0]).toMatch(message);
  });

  it('a registration attempt token is stored hashed, and its verified email and mobile carry over to the account', async () => {
    const email = `attempt${++counter}@example.com`;
    const regToken = await attempt(email);
    const stored = await t.database.db.selectFrom('registration_attempts').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256(regToken));
    expect(JSON.stringify(stored, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value))).not.toContain(regToken);
    await t.database.db.updateTable('registration_attempts').set({ email_verified: true, mobile_verified: true }).where('id', '=', stored.id).execute();

    const created = await call(t.app, 'POST', '/v1/users/register', person({ email, reg_token: regToken }));
    expect(created.status).toBe(200);
    const credential = `${created.body.request_details.user_token}:${created.body.request_details.session_key}`;
    const me = await call(t.app, 'GET', '/v1/users/me', undefined, { credential });
    expect(me.body.request_details.user_info).toMatchObject({ emailVerification: 1, phoneVerification: 1 });

    // One attempt makes one account.
    const again = await call(t.app, 'POST', '/v1/users/register', person({ reg_token: regToken }));
    expect(again.status).toBe(401);
    expect(again.body.error_message).toMatchObject({ code: 'registration_token_expired', message: 'Registration token Expired!' });
  });

  it.each([
    { name: 'an expired token', setup: 'expire' },
    { name: "another provider's token", setup: 'other-provider' },
    { name: 'an unknown token', setup: 'unknown' },
  ] as const)('register with $name answers 401 Registration token Expired!', async ({ setup }) => {
    const email = `expired${++counter}@example.com`;
    let regToken = await attempt(email, '+34612345678', setup === 'other-provider' ? 'wl2.localhost' : 'localhost');
    if (setup === 'expire') await t.database.db.updateTable('registration_attempts').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', email).execute();
    if (setup === 'unknown') regToken = 'x'.repeat(43);
    const { status, body } = await call(t.app, 'POST', '/v1/users/register', person({ email, reg_token: regToken }));
    expect(status).toBe(401);
    expect(body.error_message).toMatchObject({ code: 'registration_token_expired', message: 'Registration token Expired!' });
  });

  it('a mobile verified in the attempt does not count for a different number', async () => {
    const email = `switch${++counter}@example.com`;
    const regToken = await attempt(email, '+34612345678');
    await t.database.db.updateTable('registration_attempts').set({ email_verified: true, mobile_verified: true }).where('email', '=', email).execute();
    const created = await call(t.app, 'POST', '/v1/users/register', person({ email, mobile: '+34699999999', reg_token: regToken }));
    const credential = `${created.body.request_details.user_token}:${created.body.request_details.session_key}`;
    const me = await call(t.app, 'GET', '/v1/users/me', undefined, { credential });
    expect(me.body.request_details.user_info).toMatchObject({ emailVerification: 1, phoneVerification: 0 });
  });

  // Every later step of these journeys (codes, mails, the app itself) needs the provider's settings,
  // so they are refused up front like loginWithToken, forgetPassword and the code endpoints.
  it.each([
    { url: '/v1/users/registrationAttempt', body: { email: 'early@example.com', mobile: '+34612345678' } },
    { url: '/v1/users/register', body: { firstName: 'Ada', lastName: 'Early', email: 'early@example.com', mobile: '+34612345678', password: PASSWORD } },
    { url: '/v1/users/login', body: { email: 'early@example.com', password: PASSWORD } },
  ])('$url on a provider without settings answers 503 provider_not_configured', async ({ url, body }) => {
    const host = `unset-${name}.localhost`;
    const known = await t.database.db.selectFrom('provider_hosts').select('host').where('host', '=', host).executeTakeFirst();
    if (!known) {
      const { id } = await t.database.db.insertInto('providers').values({ wl_id: `9${name.length}`, name: 'Unset provider', settings: null }).returning('id').executeTakeFirstOrThrow();
      await t.database.db.insertInto('provider_hosts').values({ host, provider_id: id }).execute();
    }
    const { status, body: answer } = await call(t.app, 'POST', url, body, { host });
    expect(status).toBe(503);
    expect(answer.error_message.code).toBe('provider_not_configured');
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', 'early@example.com').executeTakeFirst()).toBeUndefined();
  });
});
