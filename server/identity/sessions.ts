// Sessions: one live session per user, 18000 s sliding expiry (spec §9). Starting a session ends the
// user's live one (reason 'replaced', so that browser's next call answers invalid_session and the app
// shows the Session Timeout modal); the unique partial index on sessions(user_id) WHERE ended_at IS NULL
// makes the database refuse two live sessions even if two logins race.

import type { Kysely, Transaction } from 'kysely';
import { SESSION_COOKIE_S } from '#core/constants.ts';
import type { Database, SessionEndReason } from '../db/schema.ts';
import { hashToken, newSecretToken } from './session-token.ts';

export const SESSION_TTL_MS = SESSION_COOKIE_S * 1000;

export interface StartedSession {
  sessionId: bigint;
  sessionKey: string;
}

/**
 * Ends the user's live session and starts a new one, inside the caller's transaction. The user row is
 * locked first so two logins for one user take turns instead of colliding on the unique index.
 */
export async function startSession(trx: Transaction<Database>, user: { id: bigint; providerId: bigint }, now: Date): Promise<StartedSession> {
  await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().executeTakeFirstOrThrow();
  await endLiveSessions(trx, user.id, 'replaced', now);
  const sessionKey = newSecretToken();
  const row = await trx
    .insertInto('sessions')
    .values({
      user_id: user.id,
      provider_id: user.providerId,
      key_hash: hashToken(sessionKey),
      last_seen_at: now,
      expires_at: new Date(now.getTime() + SESSION_TTL_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { sessionId: row.id, sessionKey };
}

/**
 * Ends every live session of a user. A session already past its expiry is recorded as 'expired'
 * rather than `reason`, so its browser is told the truth (session_expired, not "logged in elsewhere").
 */
export async function endLiveSessions(db: Kysely<Database> | Transaction<Database>, userId: bigint, reason: SessionEndReason, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set((eb) => ({
      ended_at: now,
      end_reason: eb.case().when('expires_at', '<=', now).then('expired' as SessionEndReason).else(reason).end(),
    }))
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function endSession(db: Kysely<Database>, sessionId: bigint, reason: SessionEndReason, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ ended_at: now, end_reason: reason }).where('id', '=', sessionId).where('ended_at', 'is', null).execute();
}

/**
 * How far the end may lag behind "18000 s after this call" before a call writes it again. Writing on every
 * call made every member request a write (one statement of the four a quote makes); so a session ends at
 * most this long before 18000 s after its last call, and the calls of one minute share one write.
 */
export const SESSION_TOUCH_EVERY_MS = 60 * 1000;

/**
 * The sliding part of the expiry: an authenticated call moves the end 18000 s past now, when the end it read
 * has fallen SESSION_TOUCH_EVERY_MS behind that (the condition again in the update: one of many concurrent calls writes).
 */
export async function touchSession(db: Kysely<Database>, sessionId: bigint, expiresAt: Date, now: Date): Promise<void> {
  const due = new Date(now.getTime() + SESSION_TTL_MS - SESSION_TOUCH_EVERY_MS);
  if (expiresAt.getTime() > due.getTime()) return;
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now, expires_at: new Date(now.getTime() + SESSION_TTL_MS) })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .where('expires_at', '<=', due)
    .execute();
}
