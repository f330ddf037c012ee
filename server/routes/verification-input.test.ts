import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../seed/seed.ts';
import { signIn } from '../identity/session-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

// Security: every verification, login-code and reset endpoint answers malformed input with 400 and
// field errors, never with a 500 or by acting on it.
describe.each(testDatabases())('bad input to the verification endpoints on $name', ({ name }) => {
  const t = useTestApp(name);

  const ENDPOINTS = [
    { method: 'POST' as const, path: '/v1/verify/requestOTP' },
    { method: 'POST' as const, path: '/v1/verify/resendOTP' },
    { method: 'POST' as const, path: '/v1/verify/verifyOTP' },
    { method: 'PATCH' as const, path: '/v1/verify/setVerifyId' },
    { method: 'PATCH' as const, path: '/v1/verify/setVerificationData' },
    { method: 'PATCH' as const, path: '/v1/users/changeOTP' },
    { method: 'POST' as const, path: '/v1/users/forgetPassword' },
    { method: 'POST' as const, path: '/v1/users/resetPassword' },
  ];
  const BAD_BODIES = [null, 42, 'text', [], { purpose: { $ne: 1 } }, { purpose: 'x'.repeat(10_000) }];

  it.each(ENDPOINTS)('$method $path answers bad bodies with 400 and field errors, never 500', async ({ method, path }) => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    for (const body of BAD_BODIES) {
      const response = await t.app.inject({
        method,
        url: path,
        headers: { host: 'localhost', authorization: `Bearer ${member.credential}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
        remoteAddress: `198.51.100.${BAD_BODIES.indexOf(body) + 1}`,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = response.json();
      expect(answer.error_message.code).toBe('validation_failed');
      expect(Object.keys(answer.error_message.fields).length).toBeGreaterThan(0);
    }
  });
});
