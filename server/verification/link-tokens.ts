// Mailed single-use link tokens: the password-reset link and the sign-in link (login/token). A
// token is 32 random bytes (base64url), stored only as SHA-256 in password_reset_tokens with its
// purpose; only the newest unused token of a user and purpose works, and at most one is issued per
// user and purpose a minute (the endpoints answer the same either way: this only stops mail bombing).
// Every lookup is by purpose, so one kind of link can never be used as the other.

import type { Kysely, Transaction } from 'kysely';
import type { Database, LinkTokenPurpose } from '../db/schema.ts';
import { hashToken, newSecretToken } from '../identity/session-token.ts';

/** One link mail per user and purpose per minute. */
export const LINK_MAIL_INTERVAL_MS = 60_000;

export interface IssueLinkToken {
  userId: bigint;
  purpose: LinkTokenPurpose;
  validityS: number;
  now: Date;
}

/** A fresh token for the user, ending their earlier unused ones of this purpose; null when one was issued less than a minute ago. */
export async function issueLinkToken(db: Kysely<Database>, request: IssueLinkToken): Promise<string | null> {
  const token = newSecretToken();
  return db.transaction().execute(async (trx) => {
    // The user's row lock makes two simultaneous requests take turns, so the minute limit holds.
    await trx.selectFrom('users').select('id').where('id', '=', request.userId).forUpdate().execute();
    const recent = await trx
      .selectFrom('password_reset_tokens')
      .select('id')
      .where('user_id', '=', request.userId)
      .where('purpose', '=', request.purpose)
      .where('created_at', '>', new Date(request.now.getTime() - LINK_MAIL_INTERVAL_MS))
      .executeTakeFirst();
    if (recent) return null;
    // Only the newest link works: earlier unused ones end here.
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: request.now })
      .where('user_id', '=', request.userId)
      .where('purpose', '=', request.purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_reset_tokens')
      .values({
        user_id: request.userId,
        purpose: request.purpose,
        token_hash: hashToken(token),
        expires_at: new Date(request.now.getTime() + request.validityS * 1000),
      })
      .execute();
    return token;
  });
}

export interface LiveLinkToken {
  userId: bigint;
  tokenHash: string;
}

/** The user a live (unused, unexpired) token of this purpose belongs to, on this provider; null otherwise. */
export async function findLiveLinkToken(
  db: Kysely<Database>,
  request: { providerId: bigint; token: string; purpose: LinkTokenPurpose; now: Date },
): Promise<LiveLinkToken | null> {
  const tokenHash = hashToken(request.token);
  const found = await db
    .selectFrom('password_reset_tokens')
    .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
    .select(['users.id as user_id', 'password_reset_tokens.used_at', 'password_reset_tokens.expires_at'])
    .where('password_reset_tokens.token_hash', '=', tokenHash)
    .where('password_reset_tokens.purpose', '=', request.purpose)
    .where('users.provider_id', '=', request.providerId)
    .executeTakeFirst();
  if (!found || found.used_at !== null || found.expires_at.getTime() <= request.now.getTime()) return null;
  return { userId: found.user_id, tokenHash };
}

/** Uses the token up inside the caller's transaction; false when another request used it first. */
export async function useLinkToken(trx: Transaction<Database>, tokenHash: string, purpose: LinkTokenPurpose, now: Date): Promise<boolean> {
  const used = await trx
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return used.numUpdatedRows > 0n;
}
