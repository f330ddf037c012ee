import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '#core/contract/users.ts';
import { memberRedirect } from '#core/rules/login-redirect.ts';
import type { ApiClient } from '../api/api-client.ts';
import type { ApiResult } from '../api/api-result.ts';
import { authState, displayName, gateUser } from './gate-user.ts';
import { opensSessionTimeout } from './member-api.ts';
import { loadCurrentUser, markSessionReplaced, signOut } from './session-actions.ts';
import { INITIAL_SESSION, useSessionStore } from './session-store.ts';

function sampleUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    user_token: 'usr_AAAAAAAAAAAAAAAAAAAAAA',
    client_id: '100231',
    role: 'member',
    firstName: 'Ana',
    lastName: 'Ruiz',
    email: 'ana@example.test',
    mobile: '+447700900123',
    dateOfBirth: '1990-04-23',
    billing: { address1: '1 High St', address2: '', city: 'London', state: '', country: 'GB', zipCode: 'N1 1AA', issueCountry: '' },
    language: 'en',
    emailVerification: 1,
    phoneVerification: 1,
    complianceVerification: 2,
    OTPLogin: 0,
    verifications: { OTPLogin: null },
    doubleAuth: 0,
    permissions: { send: 1 },
    currency: 'EUR',
    wallets: [],
    account_values: {},
    ip_country: 'GB',
    lastLogin: null,
    firstLogin: '2026-11-22T03:00:00.000Z',
    session: { started_at: '2026-11-22T03:00:00.000Z', last_seen_at: '2026-11-22T03:05:00.000Z' },
    ...overrides,
  };
}

/** The client as the session actions use it: call() answered by endpoint path. */
function fakeApi(answers: Record<string, ApiResult<unknown>>, calls: string[] = []): ApiClient {
  return {
    call: async (endpoint) => {
      calls.push(`${endpoint.method} ${endpoint.path}`);
      const answer = answers[endpoint.path];
      if (!answer) throw new Error(`unexpected ${endpoint.path}`);
      return answer as never;
    },
  };
}

afterEach(() => useSessionStore.setState(INITIAL_SESSION));

describe('the session as the redirect rules read it', () => {
  it.each([
    ['a verified member stays', sampleUser(), { kind: 'stay' }],
    ['email not verified goes to /verification', sampleUser({ emailVerification: 0 }), { kind: 'redirect', to: '/verification' }],
    ['mobile not verified goes to /verification', sampleUser({ phoneVerification: 0 }), { kind: 'redirect', to: '/verification' }],
    ['login codes on but not verified go to /double-auth', sampleUser({ OTPLogin: 1, verifications: { OTPLogin: 'sent' } }), { kind: 'redirect', to: '/double-auth' }],
    ['login codes on and verified stay', sampleUser({ OTPLogin: 1, doubleAuth: 1, verifications: { OTPLogin: 'verified' } }), { kind: 'stay' }],
    ['an incomplete address goes to register/address_details', sampleUser({ billing: { ...sampleUser().billing, city: '' } }), { kind: 'redirect', to: '/register/address_details' }],
  ])('%s', (_name, user, outcome) => {
    expect(memberRedirect(authState({ status: 'ready', user, error: null }, true), '/wallets')).toEqual(outcome);
  });

  it('no user means no token: /login', () => {
    expect(memberRedirect(authState({ status: 'ready', user: null, error: 'unauthorized' }, true), '/wallets')).toEqual({ kind: 'sign-out', to: '/login' });
  });

  it('maps the verification flags of user_info to verified', () => {
    expect(gateUser(sampleUser({ emailVerification: 1, phoneVerification: 0 })).verified).toEqual({ email: true, mobile: false });
  });

  it.each([
    [{ firstName: 'Ana', lastName: 'Ruiz', email: 'a@b.test' }, 'Ana Ruiz'],
    [{ firstName: '', lastName: '', email: 'a@b.test' }, 'a@b.test'],
  ])('shows %o as %s', (user, name) => {
    expect(displayName(user)).toBe(name);
  });
});

describe('the Session Timeout modal', () => {
  it.each([
    [{ code: 'invalid_session', message: '' }, 'users/changePassword', true],
    [{ code: 'unauthorized', message: '', me: { error: ['invalid_session'] } }, 'users/me', true],
    [{ code: 'invalid_session', message: '' }, 'currentUser', false],
    [{ code: 'session_expired', message: '' }, 'users/me', false],
  ])('%o from %s opens it: %s', (error, path, opens) => {
    expect(opensSessionTimeout(error, { path })).toBe(opens);
  });
});

describe('loading the current user', () => {
  it('keeps the user of a successful currentUser', async () => {
    const user = sampleUser();
    await loadCurrentUser(fakeApi({ currentUser: { ok: true, status: 200, data: { user_info: user, user_token: user.user_token } } }));
    expect(useSessionStore.getState()).toEqual({ status: 'ready', user, error: null });
  });

  it('keeps error_message.me.error[0] of a failed currentUser and no user', async () => {
    const failure: ApiResult<never> = { ok: false, status: 403, error: { code: 'expired_password', message: '', me: { error: ['expired_password'] } }, body: {} };
    useSessionStore.setState({ status: 'ready', user: sampleUser(), error: null });
    await loadCurrentUser(fakeApi({ currentUser: failure }));
    expect(useSessionStore.getState()).toEqual({ status: 'ready', user: null, error: 'expired_password' });
  });

  it.each([
    ['a session replaced elsewhere stays replaced when the next check finds no cookie', 'invalid_session', 'unauthorized', 'invalid_session'],
    ['a replaced session seen again stays replaced', 'invalid_session', 'invalid_session', 'invalid_session'],
    ['a visitor without a session is unauthorized', null, 'unauthorized', 'unauthorized'],
    ['after the modal (forgotten) no cookie is unauthorized', null, 'unauthorized', 'unauthorized'],
    ['a replaced session whose password then expired says so', 'invalid_session', 'expired_password', 'expired_password'],
  ] as const)('%s', async (_name, before, answered, kept) => {
    useSessionStore.setState({ status: 'ready', user: null, error: before });
    const failure: ApiResult<never> = { ok: false, status: 401, error: { code: answered, message: '' }, body: {} };
    await loadCurrentUser(fakeApi({ currentUser: failure }));
    expect(useSessionStore.getState().error).toBe(kept);
  });

  it('a session replaced elsewhere, seen by any call, signs out at once and keeps saying so when the next check finds no cookie', async () => {
    useSessionStore.setState({ status: 'ready', user: sampleUser(), error: null });
    markSessionReplaced();
    expect(useSessionStore.getState()).toEqual({ status: 'ready', user: null, error: 'invalid_session' });
    expect(memberRedirect(authState(useSessionStore.getState(), false), '/profile')).toEqual({ kind: 'session-timeout-modal' });
    await loadCurrentUser(fakeApi({ currentUser: { ok: false, status: 401, error: { code: 'unauthorized', message: '' }, body: {} } }));
    expect(memberRedirect(authState(useSessionStore.getState(), false), '/profile')).toEqual({ kind: 'session-timeout-modal' });
  });

  it('sign out calls logout and clears the user', async () => {
    const calls: string[] = [];
    useSessionStore.setState({ status: 'ready', user: sampleUser(), error: null });
    await signOut(fakeApi({ 'users/logout': { ok: true, status: 200, data: { logged_out: true } } }, calls));
    expect(calls).toEqual(['POST users/logout']);
    expect(useSessionStore.getState().user).toBeNull();
  });
});
