// user_info (core/contract/users.ts) -> the inputs of core/rules/login-redirect.ts.
import type { UserInfo } from '#core/contract/users.ts';
import type { MemberAuthState, MemberGateUser } from '#core/rules/login-redirect.ts';
import type { SessionState } from './session-store.ts';

export function gateUser(user: UserInfo): MemberGateUser {
  return {
    verified: { email: user.emailVerification === 1, mobile: user.phoneVerification === 1 },
    OTPLogin: user.OTPLogin,
    doubleAuth: user.doubleAuth,
    dateOfBirth: user.dateOfBirth,
    billing: user.billing,
  };
}

/** The session as the redirect rules read it. Without an HttpOnly-readable token, a user is the token. */
export function authState(session: SessionState, registrationNewFlow: boolean): MemberAuthState {
  return {
    hasToken: session.user !== null,
    error: session.error,
    user: session.user ? gateUser(session.user) : null,
    registrationNewFlow,
  };
}

/** "First Last", or the email while the member has no name yet. */
export function displayName(user: Pick<UserInfo, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.email;
}
