// The second factor of a login with login codes on (users.otp_login = 1). S1's login marks
// otp_login_state 'sent' and calls sendLoginCode; POST /v1/verify/verifyOTP with purpose 'login'
// checks the code and sets otp_login_state 'verified' (doubleAuth 1).

import type { Kysely } from 'kysely';
import type { Database, User } from '../db/schema.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { sendCode, type SendCodeResult } from './send-code.ts';

export type LoginCodeUser = Pick<User, 'id' | 'provider_id' | 'email' | 'language'>;

/**
 * Mails a fresh login code to the user (the one-a-minute limit does not apply after a correct
 * password; the hourly cap does). A refusal is a value, not an exception: the login still succeeds
 * and the user enters the newest code already sent, or resends later.
 */
export function sendLoginCode(db: Kysely<Database>, notifier: Notifier, user: LoginCodeUser): Promise<SendCodeResult> {
  return sendCode(db, notifier, {
    providerId: user.provider_id,
    subject: { userId: user.id },
    purpose: 'login',
    to: user.email,
    language: user.language,
    afterPasswordLogin: true,
  });
}
