// Spec §5 registration attempt: before an account exists, POST /users/registrationAttempt {email, mobile}
// returns a reg_token that lets the new-flow codes be requested and checked (S2's verify routes) and is
// then consumed by one registration. The token is 32 random bytes, stored as SHA-256 only, valid 30 min.
// A missing, unknown, expired or used token is always the same answer: 401 'Registration token Expired!'.

import type { Kysely, Transaction } from 'kysely';
import { REGISTRATION_ATTEMPT_TTL_S } from '#core/contract/registration.ts';
import { apiError } from '../http/api-error.ts';
import type { Database, RegistrationAttempt } from '../db/schema.ts';
import { hashToken, newSecretToken } from './session-token.ts';

export const REGISTRATION_ATTEMPT_TTL_MS = REGISTRATION_ATTEMPT_TTL_S * 1000;

export async function createRegistrationAttempt(
  db: Kysely<Database>,
  attempt: { providerId: bigint; email: string; mobile: string },
  now: Date,
): Promise<{ regToken: string; attemptId: bigint }> {
  const regToken = newSecretToken();
  const row = await db
    .insertInto('registration_attempts')
    .values({
      provider_id: attempt.providerId,
      token_hash: hashToken(regToken),
      email: attempt.email,
      mobile: attempt.mobile,
      expires_at: new Date(now.getTime() + REGISTRATION_ATTEMPT_TTL_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { regToken, attemptId: row.id };
}

/**
 * The live attempt for `regToken` on this provider, or a thrown 401 registration_token_expired.
 * Pass a transaction and `lock: true` when the caller is about to consume or update it.
 */
export async function liveRegistrationAttempt(
  db: Kysely<Database> | Transaction<Database>,
  providerId: bigint,
  regToken: string | undefined | null,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<RegistrationAttempt> {
  if (typeof regToken !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(regToken)) throw apiError('registration_token_expired');
  let query = db
    .selectFrom('registration_attempts')
    .selectAll()
    .where('token_hash', '=', hashToken(regToken))
    .where('provider_id', '=', providerId);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at.getTime() <= now.getTime()) throw apiError('registration_token_expired');
  return row;
}
