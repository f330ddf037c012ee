import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SessionAnswerSchema, UserInfoSchema } from '#core/contract/users.ts';
import { call, signIn } from '../identity/session-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

const PASSWORD = 'Copper-kettle-5521';
let counter = 0;

describe.each(testDatabases())('own account on $name', ({ name }) => {
  const t = useTestApp(name);

  async function newMember(): Promise<{ email: string; credential: string }> {
    const email = `profile${++counter}.${name}@example.com`;
    const { body } = await call(t.app, 'POST', '/v1/users/register', { firstName: 'Noor', lastName: 'Haddad', email, mobile: '+447700900777', password: PASSWORD });
    const details = v.parse(SessionAnswerSchema, body.request_details);
    return { email, credential: `${details.user_token}:${details.session_key}` };
  }

  it.each([
    { name: 'a wrong current password', body: { oldPassword: 'Not-my-password-1', newPassword: 'Granite-meadow-908' }, code: 'current_password_wrong', field: 'oldPassword' },
    { name: 'the same password again', body: { oldPassword: PASSWORD, newPassword: PASSWORD }, code: 'password_unchanged', field: 'newPassword' },
    { name: 'a common new password', body: { oldPassword: PASSWORD, newPassword: 'qwerty12345' }, code: 'validation_failed', field: 'newPassword' },
  ])('changePassword refuses $name with 400 and a field error', async ({ body, code, field }) => {
    const member = await newMember();
    const result = await call(t.app, 'PATCH', '/v1/users/changePassword', body, { credential: member.credential });
    expect(result.status).toBe(400);
    expect(result.body.error_message.code).toBe(code);
    expect(result.body.error_message.fields[field]).toHaveLength(1);
  });

  it('changePassword hands out a fresh session key; the old key stops working and the new password signs in', async () => {
    const member = await newMember();
    const changed = await call(t.app, 'PATCH', '/v1/users/changePassword', { oldPassword: PASSWORD, newPassword: 'Granite-meadow-908' }, { credential: member.credential, via: 'cookie' });
    expect(changed.status).toBe(200);
    const fresh = v.parse(SessionAnswerSchema, changed.body.request_details);
    expect(changed.response.cookies.find((c) => c.name === 'token')?.value).toBe(`${fresh.user_token}:${fresh.session_key}`);
    expect((await call(t.app, 'GET', '/v1/users/me', undefined, { credential: member.credential })).body.error_message.code).toBe('unauthorized');
    expect((await call(t.app, 'POST', '/v1/users/login', { email: member.email, password: PASSWORD })).status).toBe(401);
    await signIn(t.app, member.email, 'Granite-meadow-908');
  });

  it('edit changes only the fields sent and merges the billing address', async () => {
    const member = await newMember();
    await call(t.app, 'PATCH', '/v1/users/edit', { billing: { address1: '1 Dock Road', city: 'Leeds', country: 'gb' } }, { credential: member.credential });
    const { status, body } = await call(t.app, 'PATCH', '/v1/users/edit', { firstName: 'Nour', billing: { zipCode: 'LS1 4AP' }, currency: 'GBP' }, { credential: member.credential });
    expect(status).toBe(200);
    const info = v.parse(UserInfoSchema, body.request_details.user_info);
    expect(info).toMatchObject({ firstName: 'Nour', lastName: 'Haddad', currency: 'GBP' });
    expect(info.billing).toMatchObject({ address1: '1 Dock Road', city: 'Leeds', country: 'GB', zipCode: 'LS1 4AP' });
  });

  it.each([
    { name: 'an empty body', body: {}, field: 'body' },
    { name: 'a currency that is not an account currency', body: { currency: 'CHF' }, field: 'currency' },
    { name: 'a two-word country', body: { billing: { country: 'Great Britain' } }, field: 'billing.country' },
  ])('edit answers $name with 400', async ({ body, field }) => {
    const member = await newMember();
    const result = await call(t.app, 'PATCH', '/v1/users/edit', body, { credential: member.credential });
    expect(result.status).toBe(400);
    expect(Object.keys(result.body.error_message.fields)).toContain(field);
  });

  it.each([
    { name: 'a billing address sent as an array', body: { billing: ['x'] }, field: 'billing' },
    { name: 'a body that is an array of the fields', body: [{ language: 'es' }], field: 'body' },
  ])('edit refuses $name with 400 validation_failed: an array is never read as an object', async ({ body, field }) => {
    const member = await newMember();
    const result = await call(t.app, 'PATCH', '/v1/users/edit', body, { credential: member.credential });
    expect(result.status).toBe(400);
    expect(result.body.error_message.code).toBe('validation_failed');
    expect(result.body.error_message.fields).toEqual({ [field]: ['Send a JSON object with the fields of this form.'] });
  });

  it('onboarding completes the profile and hands out fresh tokens', async () => {
    const member = await newMember();
    const details = { firstName: 'Noor', lastName: 'Haddad', dateOfBirth: '1994-07-01', billing: { address1: '9 Quay St', city: 'Bristol', country: 'GB', zipCode: 'BS1 4DJ' }, language: 'en' };
    const { status, body } = await call(t.app, 'POST', '/v1/users/onboarding', details, { credential: member.credential });
    expect(status).toBe(200);
    const fresh = v.parse(SessionAnswerSchema, body.request_details);
    const me = await call(t.app, 'GET', '/v1/users/me', undefined, { credential: `${fresh.user_token}:${fresh.session_key}` });
    expect(me.body.request_details.user_info).toMatchObject({ dateOfBirth: '1994-07-01', billing: { address1: '9 Quay St', city: 'Bristol', country: 'GB', zipCode: 'BS1 4DJ' } });
    expect((await call(t.app, 'GET', '/v1/users/me', undefined, { credential: member.credential })).body.error_message.code).toBe('invalid_session');
  });

  it('onboarding without the address answers Required field for each missing part', async () => {
    const member = await newMember();
    const { status, body } = await call(t.app, 'POST', '/v1/users/onboarding', { firstName: 'Noor', lastName: 'Haddad', dateOfBirth: '', billing: { address1: '' } }, { credential: member.credential });
    expect(status).toBe(400);
    for (const field of ['dateOfBirth', 'billing.address1', 'billing.city', 'billing.country', 'billing.zipCode']) expect(body.error_message.fields[field]).toEqual(['Required field']);
  });

  it("one member's calls never read or change another member's data", async () => {
    const a = await newMember();
    const b = await newMember();
    await call(t.app, 'PATCH', '/v1/users/edit', { firstName: 'Changed' }, { credential: a.credential });
    const seenByB = await call(t.app, 'GET', '/v1/users/me', undefined, { credential: b.credential });
    expect(seenByB.body.request_details.user_info).toMatchObject({ email: b.email, firstName: 'Noor' });
    // A's user token with B's key is not a session of either.
    const mixed = `${a.credential.split(':')[0]}:${b.credential.split(':')[1]}`;
    expect((await call(t.app, 'GET', '/v1/users/me', undefined, { credential: mixed })).status).toBe(401);
  });

  const garbage: unknown[] = [[], 'text', 42, null, { email: 12, password: ['x'] }, { firstName: { $ne: '' } }];
  const routes = [
    { method: 'POST', url: '/v1/users/registrationAttempt', signedIn: false },
    { method: 'POST', url: '/v1/users/register', signedIn: false },
    { method: 'POST', url: '/v1/users/login', signedIn: false },
    { method: 'PATCH', url: '/v1/users/changePassword', signedIn: true },
    { method: 'PATCH', url: '/v1/users/edit', signedIn: true },
    { method: 'POST', url: '/v1/users/onboarding', signedIn: true },
  ] as const;
  it.each(routes)('$method $url answers malformed bodies with 400 and field errors, never 500', async ({ method, url, signedIn }) => {
    const member = signedIn ? await newMember() : undefined;
    for (const body of garbage) {
      const result = await call(t.app, method, url, body, member ? { credential: member.credential } : {});
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.error_message.code).toBe('validation_failed');
    }
  });
});
