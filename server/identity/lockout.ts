// Login lockout: 5 wrong passwords for one account within 15 minutes lock it for 15 minutes.
// Counted per account, not per address, so a guesser spreading attempts over many addresses is still
// stopped; @fastify/rate-limit on the login route adds a per-address limit against spraying many accounts.
// While an account is locked, passwords are not even checked: a guess cannot be confirmed during the lock.

import { appError, minutesToWait, withRetryAfter, type AppError } from '#core/errors.ts';

export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
export const LOCKOUT_DURATION_MS = 15 * 60 * 1000;

export interface FailureState {
  failed_login_count: number;
  failed_login_since: Date | null;
  locked_until: Date | null;
}

export function isLocked(state: Pick<FailureState, 'locked_until'>, now: Date): boolean {
  return state.locked_until !== null && state.locked_until.getTime() > now.getTime();
}

/** The state after one more wrong password at `now`; the window restarts when the first failure is older than 15 min. */
export function afterFailure(state: FailureState, now: Date): FailureState {
  const inWindow = state.failed_login_since !== null && now.getTime() - state.failed_login_since.getTime() < LOCKOUT_WINDOW_MS;
  const count = inWindow ? state.failed_login_count + 1 : 1;
  if (count >= LOCKOUT_THRESHOLD) return { failed_login_count: 0, failed_login_since: null, locked_until: new Date(now.getTime() + LOCKOUT_DURATION_MS) };
  return { failed_login_count: count, failed_login_since: inWindow ? state.failed_login_since : now, locked_until: null };
}

export const CLEARED: FailureState = { failed_login_count: 0, failed_login_since: null, locked_until: null };

/** "Try again in 14 minutes.": whole minutes rounded up, so the user never comes back too early. */
export function lockedMessage(lockedUntil: Date, now: Date): string {
  const minutes = minutesToWait((lockedUntil.getTime() - now.getTime()) / 1000);
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** The account_locked failure: the message, and the wait as a number for apps that say it in another language. */
export function lockedError(lockedUntil: Date, now: Date): AppError {
  return withRetryAfter(appError('account_locked', lockedMessage(lockedUntil, now)), (lockedUntil.getTime() - now.getTime()) / 1000);
}
