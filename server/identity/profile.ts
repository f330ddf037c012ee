// The signed-in user's own account: change password, edit the profile, complete onboarding. Each
// reads and writes only the session's user row; changePassword and onboarding hand out a fresh
// session key (the old one stops working), so a key seen before the change is worth nothing after it.

import type { FastifyInstance } from 'fastify';
import type { Billing } from '#core/contract/users.ts';
import type { ChangePasswordBody, EditProfileBody } from '#core/contract/profile.ts';
import type { OnboardingBody } from '#core/contract/registration.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { toJsonb } from '../db/jsonb.ts';
import type { UserBilling } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import type { RequestSession } from './authenticate.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { endLiveSessions, startSession, type StartedSession } from './sessions.ts';

export interface RenewedSession extends StartedSession {
  doubleAuth: 0 | 1;
}

export async function changePassword(app: FastifyInstance, session: RequestSession, body: ChangePasswordBody): Promise<RenewedSession> {
  const user = await ownRow(app, session);
  if (!(await verifyPassword(body.oldPassword, user.password_hash))) {
    throw apiError('current_password_wrong', undefined, { oldPassword: ['Your current password is not correct. Enter it again.'] });
  }
  if (body.oldPassword === body.newPassword) throw apiError('password_unchanged', undefined, { newPassword: ['Choose a new password that differs from your current one.'] });
  assertPasswordAllowed(body.newPassword, user.email, 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  const now = app.identity.now();
  return app.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash, password_changed_at: now }).where('id', '=', user.id).execute();
    await endLiveSessions(trx, user.id, 'password_changed', now);
    const started = await startSession(trx, { id: user.id, providerId: session.providerId }, now);
    return { ...started, doubleAuth: user.otp_login_state === 'verified' ? 1 : 0 };
  });
}

export async function editProfile(app: FastifyInstance, session: RequestSession, body: EditProfileBody): Promise<void> {
  const user = await ownRow(app, session);
  await app.db
    .updateTable('users')
    .set({
      ...(body.firstName !== undefined ? { first_name: body.firstName } : {}),
      ...(body.lastName !== undefined ? { last_name: body.lastName } : {}),
      ...(body.dateOfBirth !== undefined ? { date_of_birth: body.dateOfBirth } : {}),
      ...(body.billing !== undefined ? { billing: toJsonb(mergeBilling(user.billing, body.billing)) } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
      ...(body.currency !== undefined ? { currency: body.currency } : {}),
    })
    .where('id', '=', user.id)
    .execute();
}

export async function completeOnboarding(app: FastifyInstance, session: RequestSession, body: OnboardingBody): Promise<RenewedSession> {
  const user = await ownRow(app, session);
  const now = app.identity.now();
  return app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        first_name: body.firstName,
        last_name: body.lastName,
        date_of_birth: body.dateOfBirth,
        billing: toJsonb(mergeBilling(user.billing, body.billing)),
        ...(body.language !== undefined ? { language: body.language } : {}),
      })
      .where('id', '=', user.id)
      .execute();
    const started = await startSession(trx, { id: user.id, providerId: session.providerId }, now);
    return { ...started, doubleAuth: user.otp_login_state === 'verified' ? 1 : 0 };
  });
}

/** Fields sent replace stored ones; fields not sent stay as they were. */
function mergeBilling(stored: UserBilling, sent: Billing): UserBilling {
  const merged: UserBilling = { ...stored };
  for (const [key, value] of Object.entries(sent) as [keyof UserBilling, string | undefined][]) {
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

async function ownRow(app: FastifyInstance, session: RequestSession) {
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'billing', 'otp_login_state'])
    .where('id', '=', session.userId)
    .where('provider_id', '=', session.providerId)
    .executeTakeFirst();
  if (!user) throw apiError('unauthorized');
  return user;
}
