// Spec §4 member login redirects and §8 session errors: where the member app sends someone, given
// their token, the outcome of GET /currentUser and the user it returned. Paths are relative to
// the member app's prefix (/sys-wallets). The result is a value, not a path, because one outcome
// (invalid_session) is a modal over the current page rather than a navigation.

import { normaliseRoutePath } from '../route-path.ts';
import { isAddressComplete, type AddressSource } from './address-complete.ts';

export type MemberPath =
  | '/login'
  | '/register/address_details'
  | '/double-auth'
  | '/verification'
  | '/change-password'
  | '/buy'
  | '/wallets';

export type MemberOutcome =
  | { kind: 'stay' }
  | { kind: 'redirect'; to: MemberPath }
  /** Spec §8: currentUser failed: remove the token, clear the user, go to /login. */
  | { kind: 'sign-out'; to: '/login' }
  /** Spec §8: "You are logged in on other devices or browsers. Please login again." with a Login button. */
  | { kind: 'session-timeout-modal' };

export interface MemberGateUser extends AddressSource {
  verified: { email: boolean; mobile: boolean };
  /** Spec §3: OTPLogin is a number; 1 means the member turned on login codes. */
  OTPLogin: number;
  /** 1 once this login passed its code (see double-auth.ts). */
  doubleAuth: 0 | 1;
}

export interface MemberAuthState {
  hasToken: boolean;
  /** The error code of a failed GET /currentUser (error_message.me.error[0]), if it failed. */
  error?: string | null;
  /** The user GET /currentUser returned; null while there is none. */
  user?: MemberGateUser | null;
  /** The provider's registration_new_flow permission flag. */
  registrationNewFlow: boolean;
}

const STAY: MemberOutcome = { kind: 'stay' };

/**
 * The step a signed-in user still owes, or null. The second factor comes first: until the code
 * is entered nobody should see or edit account data, the address form included.
 */
function pendingStep(user: MemberGateUser, registrationNewFlow: boolean): MemberPath | null {
  if (user.OTPLogin === 1 && user.doubleAuth !== 1) return '/double-auth';
  if (registrationNewFlow && !isAddressComplete(user)) return '/register/address_details';
  if (!user.verified.email || !user.verified.mobile) return '/verification';
  return null;
}

/** Error outcomes of GET /currentUser, shared by every guard. */
function errorOutcome(error: string): MemberOutcome {
  if (error === 'invalid_session') return { kind: 'session-timeout-modal' };
  if (error === 'expired_password') return { kind: 'redirect', to: '/change-password' };
  return { kind: 'sign-out', to: '/login' };
}

function redirectUnlessHere(to: MemberPath, currentPath: string): MemberOutcome {
  return to === normaliseRoutePath(currentPath) ? STAY : { kind: 'redirect', to };
}

/** The check-auth guard of member pages (spec §6). `currentPath` is stripped of the module prefix. */
export function memberRedirect(state: MemberAuthState, currentPath: string): MemberOutcome {
  if (state.error) {
    const outcome = errorOutcome(state.error);
    return outcome.kind === 'redirect' ? redirectUnlessHere(outcome.to, currentPath) : outcome;
  }
  if (!state.hasToken || !state.user) return redirectUnlessHere('/login', currentPath);
  const step = pendingStep(state.user, state.registrationNewFlow);
  return step ? redirectUnlessHere(step, currentPath) : STAY;
}

/** Where a successful login lands: an owed step first, then /buy after a registration attempt, else /wallets. */
export function afterLoginRedirect(user: MemberGateUser, registrationNewFlow: boolean, hasRegistrationAttempt: boolean): MemberPath {
  return pendingStep(user, registrationNewFlow) ?? (hasRegistrationAttempt ? '/buy' : '/wallets');
}

/**
 * Spec §6: the login layout sends authenticated users away, to where a fresh login would land.
 * Pages of that layout that are themselves an owed step (/double-auth, /verification) keep the user.
 */
export function loginLayoutRedirect(state: MemberAuthState, currentPath: string, hasRegistrationAttempt: boolean): MemberOutcome {
  if (state.error || !state.hasToken || !state.user) return STAY;
  return redirectUnlessHere(afterLoginRedirect(state.user, state.registrationNewFlow, hasRegistrationAttempt), currentPath);
}
