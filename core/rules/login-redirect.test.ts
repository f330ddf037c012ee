import { describe, it, expect } from 'vitest';
import {
  afterLoginRedirect,
  loginLayoutRedirect,
  memberRedirect,
  type MemberAuthState,
  type MemberGateUser,
  type MemberOutcome,
} from './login-redirect.ts';

const user = (fields: Partial<MemberGateUser> = {}): MemberGateUser => ({
  verified: { email: true, mobile: true },
  OTPLogin: 0,
  doubleAuth: 0,
  dateOfBirth: '1990-04-01',
  billing: { address1: '1 High St', city: 'Leeds', country: 'GB', zipCode: 'LS1 1AA' },
  ...fields,
});
const signedIn = (fields: Partial<MemberAuthState> = {}): MemberAuthState => ({
  hasToken: true,
  user: user(),
  registrationNewFlow: false,
  ...fields,
});
const to = (path: string): MemberOutcome => ({ kind: 'redirect', to: path } as MemberOutcome);

describe('member login redirects (spec §4, §8)', () => {
  const table: [string, MemberAuthState, string, MemberOutcome][] = [
    ['no token: /login', { hasToken: false, registrationNewFlow: false }, '/wallets', to('/login')],
    ['no token on /login: stay', { hasToken: false, registrationNewFlow: false }, '/login', { kind: 'stay' }],
    ['a token but no user yet: /login', signedIn({ user: null }), '/wallets', to('/login')],
    [
      'valid session with incomplete address data under the new registration flow: register/address_details',
      signedIn({ registrationNewFlow: true, user: user({ billing: { address1: '1 High St', city: '', country: 'GB', zipCode: 'X' } }) }),
      '/wallets',
      to('/register/address_details'),
    ],
    [
      'incomplete address data (dateOfBirth "null") under the new registration flow: register/address_details',
      signedIn({ registrationNewFlow: true, user: user({ dateOfBirth: 'null' }) }),
      '/buy',
      to('/register/address_details'),
    ],
    [
      'incomplete address data without the new registration flow: stay',
      signedIn({ registrationNewFlow: false, user: user({ billing: null }) }),
      '/wallets',
      { kind: 'stay' },
    ],
    ['already on register/address_details: stay', signedIn({ registrationNewFlow: true, user: user({ billing: null }) }), '/register/address_details', { kind: 'stay' }],
    ['OTP login enabled but not verified: /double-auth', signedIn({ user: user({ OTPLogin: 1, doubleAuth: 0 }) }), '/wallets', to('/double-auth')],
    ['OTP login enabled and verified: stay', signedIn({ user: user({ OTPLogin: 1, doubleAuth: 1 }) }), '/wallets', { kind: 'stay' }],
    ['OTP login disabled: stay', signedIn({ user: user({ OTPLogin: 0, doubleAuth: 0 }) }), '/wallets', { kind: 'stay' }],
    [
      'OTP is owed before the address: /double-auth',
      signedIn({ registrationNewFlow: true, user: user({ OTPLogin: 1, billing: null }) }),
      '/wallets',
      to('/double-auth'),
    ],
    ['email not verified: /verification', signedIn({ user: user({ verified: { email: false, mobile: true } }) }), '/wallets', to('/verification')],
    ['mobile not verified: /verification', signedIn({ user: user({ verified: { email: true, mobile: false } }) }), '/wallets', to('/verification')],
    ['on /verification/ while not verified: stay', signedIn({ user: user({ verified: { email: false, mobile: false } }) }), '/verification/', { kind: 'stay' }],
    ['everything in order: stay', signedIn(), '/wallets', { kind: 'stay' }],
    ['expired_password error: /change-password', signedIn({ error: 'expired_password' }), '/wallets', to('/change-password')],
    ['expired_password error on /change-password: stay', signedIn({ error: 'expired_password' }), '/change-password', { kind: 'stay' }],
    ['invalid_session error: Session Timeout modal', signedIn({ error: 'invalid_session' }), '/wallets', { kind: 'session-timeout-modal' }],
    ['currentUser failed otherwise: token removed, /login', signedIn({ error: 'unauthorized' }), '/wallets', { kind: 'sign-out', to: '/login' }],
  ];
  it.each(table)('%s', (_name, state, path, outcome) => {
    expect(memberRedirect(state, path)).toEqual(outcome);
  });
});

describe('after login', () => {
  const table: [string, MemberGateUser, boolean, boolean, string][] = [
    ['a registration attempt marker leads to /buy', user(), false, true, '/buy'],
    ['otherwise /wallets', user(), false, false, '/wallets'],
    ['OTP login enabled but not verified goes to /double-auth first', user({ OTPLogin: 1 }), false, true, '/double-auth'],
    ['email not verified goes to /verification first', user({ verified: { email: false, mobile: true } }), false, false, '/verification'],
    ['incomplete address under the new registration flow goes to register/address_details first', user({ billing: null }), true, true, '/register/address_details'],
  ];
  it.each(table)('%s', (_name, u, newFlow, marker, path) => {
    expect(afterLoginRedirect(u, newFlow, marker)).toBe(path);
  });
});

describe('the login layout redirects authenticated users away (spec §6)', () => {
  const table: [string, MemberAuthState, string, boolean, MemberOutcome][] = [
    ['an authenticated user on /login goes to /wallets', signedIn(), '/login', false, to('/wallets')],
    ['an authenticated user with a registration marker goes to /buy', signedIn(), '/register', true, to('/buy')],
    ['a visitor stays', { hasToken: false, registrationNewFlow: false }, '/login', false, { kind: 'stay' }],
    ['a failed session stays on the login page', signedIn({ error: 'unauthorized' }), '/login', false, { kind: 'stay' }],
    ['a user owing the code stays on /double-auth', signedIn({ user: user({ OTPLogin: 1 }) }), '/double-auth', false, { kind: 'stay' }],
    ['a user owing the code is sent from /login to /double-auth', signedIn({ user: user({ OTPLogin: 1 }) }), '/login', false, to('/double-auth')],
  ];
  it.each(table)('%s', (_name, state, path, marker, outcome) => {
    expect(loginLayoutRedirect(state, path, marker)).toEqual(outcome);
  });
});
