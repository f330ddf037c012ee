// Passwordless sign-in (login/token): POST /v1/users/loginLink mails a single-use link
// `<provider origin>/sys-wallets/login/token?token=<token>` valid 15 minutes (the token machinery of
// the password reset: server/verification/link-tokens.ts, purpose 'login_link'); POST
// /v1/users/loginWithToken redeems it into a session exactly as a password login would (signInUser
// in login.ts: one live session, login codes and double-auth). A locked account cannot use a link:
// the link proves the mailbox, and the lockout is about the account, so the lock wins.

import type { FastifyInstance } from 'fastify';
import { LOGIN_LINK_VALIDITY_S } from '#core/contract/sessions.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { loginLinkEmail } from '../notifications/templates/login-link.ts';
import { findLiveLinkToken, useLinkToken } from '../verification/link-tokens.ts';
import { mailLink, type LinkKind, type LinkMailRequest } from '../verification/mail-link.ts';
import { isLocked, lockedError } from './lockout.ts';
import { signInUser, type LoginResult } from './login.ts';

export type LoginLinkRequest = LinkMailRequest;

const LOGIN_LINK: LinkKind = {
  purpose: 'login_link',
  validityS: LOGIN_LINK_VALIDITY_S,
  path: (token) => `/sys-wallets/login/token?token=${token}`,
  email: loginLinkEmail,
};

/** Mails a sign-in link when the account exists on this provider; says nothing either way. */
export async function requestLoginLink(app: FastifyInstance, request: LoginLinkRequest): Promise<void> {
  await mailLink(app.db, app.notifier, LOGIN_LINK, request);
}

/** Redeems a live sign-in link of this provider; throws login_link_invalid or account_locked. */
export async function loginWithToken(app: FastifyInstance, providerId: bigint, token: string, ipCountry: string): Promise<LoginResult> {
  const now = app.identity.now();
  const found = await findLiveLinkToken(app.db, { providerId, token, purpose: 'login_link', now });
  if (!found) throw apiError('login_link_invalid');
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'provider_id', 'email', 'language', 'user_token', 'otp_login', 'locked_until'])
    .where('id', '=', found.userId)
    .executeTakeFirstOrThrow();
  // Checked before the link is used up: once the lock ends, the same link (if still fresh) works.
  if (isLocked(user, now)) throw new ApiError(lockedError(user.locked_until as Date, now));

  return signInUser(app, user, ipCountry, now, {}, async (trx) => {
    // Two tabs opening one link: the first uses it up, the second is refused and starts no session.
    if (!(await useLinkToken(trx, found.tokenHash, 'login_link', now))) throw apiError('login_link_invalid');
  });
}
