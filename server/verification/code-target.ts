// Whom a code request is for. With reg_token: the registration attempt (spec §5, the new flow,
// before the account exists). Otherwise the signed-in member. Without either, a provider on the
// new registration flow answers the spec's 'Registration token Expired!' for the contact checks
// (that is what a registration page with a lost token must show); anything else is a plain 401.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OtpPurpose } from '#core/contract/verify.ts';
import type { Database, RegistrationAttempt } from '../db/schema.ts';
import type { Selectable } from 'kysely';
import { apiError } from '../http/api-error.ts';
import { authenticateRequest, SESSION_COOKIE, type RequestSession } from '../identity/authenticate.ts';
import { liveRegistrationAttempt } from '../identity/registration-attempts.ts';
import type { CodeSubject } from './codes.ts';

type UserRow = Selectable<Database['users']>;

export type CodeTarget =
  | { kind: 'attempt'; providerId: bigint; subject: CodeSubject; attempt: RegistrationAttempt }
  | { kind: 'user'; providerId: bigint; subject: CodeSubject; session: RequestSession; user: UserRow };

function hasCredential(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || Boolean(request.cookies[SESSION_COOKIE]);
}

export async function codeTarget(request: FastifyRequest, reply: FastifyReply, body: { purpose: OtpPurpose; reg_token?: string | undefined }): Promise<CodeTarget> {
  const state = await request.readyProvider();
  const providerId = state.provider.id;
  const contactCheck = body.purpose === 'verify_email' || body.purpose === 'verify_mobile';

  if (body.reg_token !== undefined) {
    if (!contactCheck) throw apiError('validation_failed', undefined, { purpose: ['A registration token only verifies an email address or a mobile number.'] });
    const attempt = await liveRegistrationAttempt(request.server.db, providerId, body.reg_token, request.server.identity.now());
    return { kind: 'attempt', providerId, subject: { attemptId: attempt.id }, attempt };
  }
  if (!hasCredential(request)) {
    if (contactCheck && state.settings.permissions.registration_new_flow) throw apiError('registration_token_expired');
    throw apiError('unauthorized');
  }
  // Only the login code may be asked for and entered while this sign-in's second factor is pending.
  const session = await authenticateRequest(request, reply, { allowPendingDoubleAuth: body.purpose === 'login' });
  const user = await request.server.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', session.userId)
    .where('provider_id', '=', session.providerId)
    .executeTakeFirst();
  if (!user) throw apiError('unauthorized');
  if (body.purpose === 'login' && !session.doubleAuthPending) {
    throw apiError('validation_failed', undefined, { purpose: ['This sign-in needs no login code: login codes are off or the code was already entered.'] });
  }
  return { kind: 'user', providerId, subject: { userId: user.id }, session, user };
}

/** Where the code for `purpose` goes: the e-mail address, or the mobile number for verify_mobile. */
export function destinationOf(target: CodeTarget, purpose: OtpPurpose): string {
  const contact = target.kind === 'attempt' ? target.attempt : target.user;
  if (purpose !== 'verify_mobile') return contact.email;
  if (!contact.mobile) throw apiError('mobile_missing');
  return contact.mobile;
}
