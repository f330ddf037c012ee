// Console sessions: the `op_token` cookie holds `op_` + 32 random bytes (base64url); only its SHA-256
// is stored (session-token.ts explains why a plain hash suffices for a random key). A session is bound
// to the operator's role at sign-in and ends after 30 minutes without a call (sliding: last_seen_at moves
// with each call, written at most once a minute so a busy page costs no write per request), when the
// operator signs out, or at once when the operator is disabled or given another role.
// The cookie is separate from the member's `token`: HttpOnly, SameSite=Strict (no other site's page can
// make the browser send it), Path=/, Secure when PUBLIC_URL is https. A mutation authenticated by it must
// also carry an Origin of this platform, like the member's cookie (authenticate.ts).

import type { FastifyReply } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { OperatorRole } from '#core/operators/roles.ts';
import type { Database } from '../db/schema.ts';
import { hashToken, newSecretToken } from '../identity/session-token.ts';

export const OPERATOR_COOKIE = 'op_token';
export const OPERATOR_IDLE_MS = 30 * 60 * 1000;
/** How stale last_seen_at may get before a call writes it again. */
export const OPERATOR_TOUCH_EVERY_MS = 60 * 1000;

const TOKEN = /^op_[A-Za-z0-9_-]{43}$/;

type Db = Kysely<Database> | Transaction<Database>;

export function newOperatorToken(): string {
  return `op_${newSecretToken()}`;
}

/** null for anything that is not exactly an operator token, so nothing malformed reaches the database. */
export function operatorTokenHash(token: string | undefined): string | null {
  if (token === undefined || !TOKEN.test(token)) return null;
  return hashToken(token);
}

export async function startOperatorSession(db: Db, operator: { id: bigint; role: OperatorRole }, ip: string, now: Date): Promise<{ sessionId: bigint; token: string }> {
  const token = newOperatorToken();
  const row = await db
    .insertInto('operator_sessions')
    .values({ operator_id: operator.id, token_hash: hashToken(token), role: operator.role, ip, last_seen_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { sessionId: row.id, token };
}

export async function revokeOperatorSession(db: Db, sessionId: bigint, now: Date): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** True when the session has been idle too long at `now`. */
export function idleExpired(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= OPERATOR_IDLE_MS;
}

/** Moves last_seen_at to now when it is at least a minute old (the condition again in the update: one of many concurrent calls writes). */
export async function touchOperatorSession(db: Db, sessionId: bigint, lastSeenAt: Date, now: Date): Promise<void> {
  if (now.getTime() - lastSeenAt.getTime() < OPERATOR_TOUCH_EVERY_MS) return;
  await db
    .updateTable('operator_sessions')
    .set({ last_seen_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('last_seen_at', '<=', new Date(now.getTime() - OPERATOR_TOUCH_EVERY_MS))
    .execute();
}

function cookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'strict' as const, path: '/', secure };
}

export function setOperatorCookie(reply: FastifyReply, token: string): void {
  // No maxAge: a browser session cookie; the server's idle expiry is what ends the session.
  reply.setCookie(OPERATOR_COOKIE, token, cookieOptions(reply.server.identity.secureCookie));
}

export function clearOperatorCookie(reply: FastifyReply): void {
  reply.clearCookie(OPERATOR_COOKIE, cookieOptions(reply.server.identity.secureCookie));
}
