// What a correct code proves, written down: an attempt's or a member's e-mail or mobile is theirs,
// or this sign-in passed its second factor (otp_login_state 'verified', so doubleAuth becomes 1).

import type { Kysely } from 'kysely';
import type { OtpVerified } from '#core/contract/verify.ts';
import type { Database } from '../db/schema.ts';
import type { CodeTarget } from './code-target.ts';

export async function markVerified(db: Kysely<Database>, target: CodeTarget, purpose: 'verify_email' | 'verify_mobile' | 'login'): Promise<OtpVerified> {
  if (target.kind === 'attempt') {
    const row = await db
      .updateTable('registration_attempts')
      .set(purpose === 'verify_email' ? { email_verified: true } : { mobile_verified: true })
      .where('id', '=', target.attempt.id)
      .returning(['email_verified', 'mobile_verified'])
      .executeTakeFirstOrThrow();
    return { purpose, verified: true, emailVerification: row.email_verified ? 1 : 0, phoneVerification: row.mobile_verified ? 1 : 0, doubleAuth: 0 };
  }
  const change =
    purpose === 'verify_email' ? { email_verified: true } : purpose === 'verify_mobile' ? { mobile_verified: true } : { otp_login_state: 'verified' as const };
  const row = await db
    .updateTable('users')
    .set(change)
    .where('id', '=', target.user.id)
    .where('provider_id', '=', target.providerId)
    .returning(['email_verified', 'mobile_verified', 'otp_login_state'])
    .executeTakeFirstOrThrow();
  return {
    purpose,
    verified: true,
    emailVerification: row.email_verified ? 1 : 0,
    phoneVerification: row.mobile_verified ? 1 : 0,
    doubleAuth: row.otp_login_state === 'verified' ? 1 : 0,
  };
}
