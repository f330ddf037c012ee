import { describe, expect, it } from 'vitest';
import type { UserInfo } from '#core/contract/users.ts';
import type { SessionState } from '#ui/session/session-store.ts';
import { guardOutcome, type GuardKind } from './use-session-guard.ts';

const user = {
  emailVerification: 1,
  phoneVerification: 1,
  OTPLogin: 0,
  doubleAuth: 0,
  dateOfBirth: '1990-04-23',
  billing: { address1: '1 High St', address2: '', city: 'London', state: '', country: 'GB', zipCode: 'N1 1AA', issueCountry: '' },
} as UserInfo;

const signedIn = (overrides: Partial<UserInfo> = {}): SessionState => ({ status: 'ready', user: { ...user, ...overrides }, error: null });
const signedOut = (error: string | null): SessionState => ({ status: 'ready', user: null, error });

describe('page guards', () => {
  it.each<[string, GuardKind, SessionState, string, unknown]>([
    ['the login page keeps a visitor', 'guest', signedOut('unauthorized'), '/login', { kind: 'stay' }],
    ['the login page sends a signed-in member to /wallets', 'guest', signedIn(), '/login', { kind: 'redirect', to: '/wallets' }],
    ['the login page sends a member marked by a checkout registration to /buy', 'guest', signedIn({ registrationAttempt: true }), '/login', { kind: 'redirect', to: '/buy' }],
    ['a marked member owing an e-mail code still goes to /verification first', 'guest', signedIn({ registrationAttempt: true, emailVerification: 0 }), '/login', { kind: 'redirect', to: '/verification' }],
    ['the login page sends a member owing a code to /double-auth', 'guest', signedIn({ OTPLogin: 1 }), '/login', { kind: 'redirect', to: '/double-auth' }],
    ['the login page keeps a visitor whose old session was replaced (no modal there)', 'guest', signedOut('invalid_session'), '/login', { kind: 'stay' }],
    ['double-auth keeps a member owing the code', 'step', signedIn({ OTPLogin: 1 }), '/double-auth', { kind: 'stay' }],
    ['double-auth sends a member owing nothing to /wallets', 'step', signedIn(), '/double-auth', { kind: 'redirect', to: '/wallets' }],
    ['verification needs a session', 'step', signedOut('unauthorized'), '/verification', { kind: 'sign-out', to: '/login' }],
    ['address details keep a member with an incomplete address', 'step', signedIn({ dateOfBirth: '' }), '/register/address_details', { kind: 'stay' }],
    ['wallets need a session', 'member', signedOut('unauthorized'), '/wallets', { kind: 'sign-out', to: '/login' }],
    ['wallets show the Session Timeout modal after invalid_session', 'member', signedOut('invalid_session'), '/wallets', { kind: 'session-timeout-modal' }],
    ['wallets send an expired password to /change-password', 'member', signedOut('expired_password'), '/wallets', { kind: 'redirect', to: '/change-password' }],
    ['wallets send an unverified email to /verification', 'member', signedIn({ emailVerification: 0 }), '/wallets', { kind: 'redirect', to: '/verification' }],
    ['profile keeps a complete member', 'member', signedIn(), '/profile', { kind: 'stay' }],
  ])('%s', (_name, kind, session, path, outcome) => {
    expect(guardOutcome(kind, session, true, path)).toEqual(outcome);
  });
});
