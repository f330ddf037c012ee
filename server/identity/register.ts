// POST /v1/users/register: creates a member of the provider the request is for and signs them in.
// With a reg_token (spec §5, registration_new_flow) the attempt's verified email and mobile carry
// over, so the member does not enter the same codes twice; the attempt is consumed by this one account.

import type { FastifyInstance } from 'fastify';
import type { RegisterBody } from '#core/contract/registration.ts';
import { ERRORS } from '#core/errors.ts';
import { hashPassword } from '../auth/password.ts';
import { toJsonb } from '../db/jsonb.ts';
import { apiError } from '../http/api-error.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { liveRegistrationAttempt } from './registration-attempts.ts';
import { startSession, type StartedSession } from './sessions.ts';

export interface Registered extends StartedSession {
  userId: bigint;
  userToken: string;
}

/** Members start with every action but sending gated off (spec §6: send 1 or absent gates verification and crypto accounts). */
export const NEW_MEMBER_PERMISSIONS = { send: 1, withdrawal: 0, widget: 0, fiat_withdrawals: 0 } as const;

export async function register(app: FastifyInstance, providerId: bigint, body: RegisterBody, ipCountry: string): Promise<Registered> {
  assertPasswordAllowed(body.password, body.email);
  const now = app.identity.now();
  const passwordHash = await hashPassword(body.password);

  return app.db.transaction().execute(async (trx) => {
    const attempt = body.reg_token === undefined ? null : await liveRegistrationAttempt(trx, providerId, body.reg_token, now, { lock: true });
    if (attempt && attempt.email !== body.email) {
      throw apiError('validation_failed', undefined, { email: ['Use the email address you started registering with, or start again.'] });
    }
    const inserted = await trx
      .insertInto('users')
      .values({
        provider_id: providerId,
        email: body.email,
        password_hash: passwordHash,
        role: 'member',
        first_name: body.firstName,
        last_name: body.lastName,
        mobile: body.mobile,
        permissions: toJsonb(NEW_MEMBER_PERMISSIONS),
        date_of_birth: body.dateOfBirth,
        billing: toJsonb(body.country ? { country: body.country } : {}),
        language: body.language ?? null,
        ip_country: ipCountry,
        email_verified: attempt?.email_verified ?? false,
        // A mobile verified in the attempt counts only if the member registers that same number.
        mobile_verified: (attempt?.mobile_verified ?? false) && attempt?.mobile === body.mobile,
        password_changed_at: now,
        first_login_at: now,
        last_login_at: now,
      })
      .onConflict((conflict) => conflict.columns(['provider_id', 'email']).doNothing())
      .returning(['id', 'user_token'])
      .executeTakeFirst();
    if (!inserted) throw apiError('email_taken', undefined, { email: [ERRORS.email_taken.message] });
    if (attempt) await trx.updateTable('registration_attempts').set({ used_at: now }).where('id', '=', attempt.id).execute();
    const session = await startSession(trx, { id: inserted.id, providerId }, now);
    return { ...session, userId: inserted.id, userToken: inserted.user_token };
  });
}
