// POST /v1/users/login as a service: password check with lockout, then a new session that replaces
// the user's live one. Unknown emails cost the same scrypt work as known ones, so response time does
// not tell an attacker which emails have accounts.

import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { LoginBody } from '#core/contract/sessions.ts';
import { hashPassword, needsRehash, verifyPassword } from '../auth/password.ts';
import type { Database, User } from '../db/schema.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { sendLoginCode } from '../verification/login-code.ts';
import { afterFailure, CLEARED, isLocked, lockedError } from './lockout.ts';
import { startSession, type StartedSession } from './sessions.ts';

export interface LoginResult extends StartedSession {
  userId: bigint;
  userToken: string;
  doubleAuth: 0 | 1;
}

// A real hash of a random password: verifying against it costs what a real check costs.
let decoyHash: Promise<string> | undefined;

export async function login(app: FastifyInstance, providerId: bigint, body: LoginBody, ipCountry: string): Promise<LoginResult> {
  const now = app.identity.now();
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'provider_id', 'email', 'language', 'user_token', 'password_hash', 'otp_login', 'failed_login_count', 'failed_login_since', 'locked_until'])
    .where('provider_id', '=', providerId)
    .where('email', '=', body.email)
    .executeTakeFirst();

  if (!user) {
    await verifyPassword(body.password, await (decoyHash ??= hashPassword(`decoy-${now.getTime()}`)));
    throw apiError('invalid_credentials');
  }
  if (isLocked(user, now)) throw new ApiError(lockedError(user.locked_until as Date, now));

  if (!(await verifyPassword(body.password, user.password_hash))) {
    const next = await app.db.transaction().execute(async (trx) => {
      // Re-read under a row lock so concurrent wrong guesses each count.
      const current = await trx
        .selectFrom('users')
        .select(['failed_login_count', 'failed_login_since', 'locked_until'])
        .where('id', '=', user.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (isLocked(current, now)) return current;
      const state = afterFailure(current, now);
      await trx.updateTable('users').set(state).where('id', '=', user.id).execute();
      return state;
    });
    if (isLocked(next, now)) throw new ApiError(lockedError(next.locked_until as Date, now));
    throw apiError('invalid_credentials');
  }

  const rehash = needsRehash(user.password_hash) ? await hashPassword(body.password) : null;
  return signInUser(app, user, ipCountry, now, rehash ? { password_hash: rehash } : {});
}

export type SignInUser = Pick<User, 'id' | 'provider_id' | 'email' | 'language' | 'user_token' | 'otp_login'>;

/**
 * What every successful sign-in does once the credential is proven (a password here, a sign-in
 * link in login-link.ts): a new session replacing the live one, the lockout counters cleared, the
 * login times, and with login codes on, otp_login_state 'sent' and the code mailed (doubleAuth
 * stays 0 until the code is entered). `before` runs first in the same transaction (using up a
 * link) and may throw to abandon the sign-in.
 */
export async function signInUser(
  app: FastifyInstance,
  user: SignInUser,
  ipCountry: string,
  now: Date,
  extra: { password_hash?: string } = {},
  before?: (trx: Transaction<Database>) => Promise<void>,
): Promise<LoginResult> {
  const loginCode = user.otp_login === 1;
  const started = await app.db.transaction().execute(async (trx) => {
    // An operator blocked this member (server/operators/member-actions.ts): no new session, whatever proved who they are.
    const { blocked_at: blockedAt } = await trx.selectFrom('users').select('blocked_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    if (blockedAt !== null) throw apiError('account_blocked');
    await before?.(trx);
    const session = await startSession(trx, { id: user.id, providerId: user.provider_id }, now);
    await trx
      .updateTable('users')
      .set((eb) => ({
        ...CLEARED,
        ...extra,
        otp_login_state: loginCode ? 'sent' : null,
        ip_country: ipCountry,
        previous_login_at: eb.ref('last_login_at'),
        last_login_at: now,
        first_login_at: eb.fn.coalesce('first_login_at', eb.val(now)),
      }))
      .where('id', '=', user.id)
      .execute();
    return session;
  });
  if (loginCode) await sendLoginCode(app.db, app.notifier, user);
  return { ...started, userId: user.id, userToken: user.user_token, doubleAuth: 0 };
}
