// Forgotten passwords: a single-use link token (link-tokens.ts: 32 random bytes, base64url, stored
// only as SHA-256) mailed to the account's address, valid 30 minutes; only the newest link of a
// user works. Using it sets the new password (S1's policy and scrypt hashing), clears a lockout, and ends every
// session of the user, since whoever held them may be the reason for the reset.

import type { Kysely } from 'kysely';
import { RESET_LINK_VALIDITY_S } from '#core/contract/profile.ts';
import type { Database } from '../db/schema.ts';
import { hashPassword } from '../auth/password.ts';
import { apiError } from '../http/api-error.ts';
import { assertPasswordAllowed } from '../identity/password-policy.ts';
import { endLiveSessions } from '../identity/sessions.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { resetLinkEmail } from '../notifications/templates/reset-link.ts';
import { findLiveLinkToken, LINK_MAIL_INTERVAL_MS, useLinkToken } from './link-tokens.ts';
import { mailLink, type LinkKind, type LinkMailRequest } from './mail-link.ts';

/** One reset mail per user per minute: the endpoint answers the same either way, so this only stops mail bombing. */
export const RESET_MAIL_INTERVAL_MS = LINK_MAIL_INTERVAL_MS;

export type ResetRequest = LinkMailRequest;

const RESET_LINK: LinkKind = {
  purpose: 'password_reset',
  validityS: RESET_LINK_VALIDITY_S,
  path: (token) => `/sys-wallets/change-password?reset=${token}`,
  email: resetLinkEmail,
};

/** Sends a link when the account exists on this provider; says nothing either way. */
export async function requestPasswordReset(db: Kysely<Database>, notifier: Notifier, request: ResetRequest): Promise<void> {
  await mailLink(db, notifier, RESET_LINK, request);
}

/** Sets the new password with a live link token; throws reset_token_invalid or the policy's 400. */
export async function resetPassword(db: Kysely<Database>, request: { providerId: bigint; resetToken: string; password: string; now: Date }): Promise<void> {
  const found = await findLiveLinkToken(db, { providerId: request.providerId, token: request.resetToken, purpose: 'password_reset', now: request.now });
  if (!found) throw apiError('reset_token_invalid');
  const user = await db.selectFrom('users').select('email').where('id', '=', found.userId).executeTakeFirstOrThrow();

  // The policy is checked before the token is used up, so a refused password does not cost the link.
  assertPasswordAllowed(request.password, user.email);
  const passwordHash = await hashPassword(request.password);

  await db.transaction().execute(async (trx) => {
    const used = await useLinkToken(trx, found.tokenHash, 'password_reset', request.now);
    if (!used) throw apiError('reset_token_invalid');
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: request.now, failed_login_count: 0, failed_login_since: null, locked_until: null })
      .where('id', '=', found.userId)
      .execute();
    await endLiveSessions(trx, found.userId, 'password_reset', request.now);
  });
}
