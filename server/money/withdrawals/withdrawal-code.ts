// The one-time code that turns a 2-FA Pending withdrawal into a reserved one, e-mailed to the member
// with purpose 'withdrawal' through the same code store as every other code (server/verification):
// HMAC at rest, ten minutes, used once, five tries. A new withdrawal's code supersedes an earlier
// unconfirmed one's (only the newest code of a purpose counts); that withdrawal can still be canceled
// or get a fresh code (resend). Each code is bound to its withdrawal (details.code_id): the code of
// one withdrawal never confirms another.

import type { Kysely } from 'kysely';
import { OTP_VALIDITY_S } from '#core/contract/verify.ts';
import type { AppError } from '#core/errors.ts';
import type { Database } from '../../db/schema.ts';
import type { Notifier } from '../../notifications/notifier.ts';
import { brandFor } from '../../notifications/templates/brand.ts';
import { codeEmail } from '../../notifications/templates/code-message.ts';
import { messageLocale } from '../../notifications/templates/locale.ts';
import { checkCode, issueCode, type CheckResult } from '../../verification/codes.ts';
import { maskDestination } from '../../verification/mask-destination.ts';

export interface CodeRecipient {
  providerId: bigint;
  userId: bigint;
  email: string;
  language: string | null;
}

export type SendResult = { ok: true; sentTo: string } | { ok: false; error: AppError; retryAfterS: number };

/** Issues the code (send limits apply) without sending it yet: the caller records the withdrawal first. */
export async function issueWithdrawalCode(
  db: Kysely<Database>,
  notifier: Notifier,
  to: CodeRecipient,
  options: { resend?: boolean } = {},
): Promise<{ ok: true; codeId: bigint; send: () => Promise<string> } | Extract<SendResult, { ok: false }>> {
  const issued = await issueCode(db, notifier.codeKey, {
    providerId: to.providerId,
    subject: { userId: to.userId },
    purpose: 'withdrawal',
    destination: to.email,
    // A new withdrawal is a deliberate request behind a signed-in session, not a "resend" button, so
    // the once-a-minute resend rule would only stop a second withdrawal; a resend obeys it. The hourly
    // caps always apply.
    afterPasswordLogin: !options.resend,
  });
  if (!issued.ok) return issued;
  return {
    ok: true,
    codeId: issued.codeId,
    send: async () => {
      const brand = await brandFor(db, to.providerId);
      await notifier.mailer.send({ providerId: to.providerId, to: to.email, ...codeEmail(brand, messageLocale(to.language), 'withdrawal', issued.code, OTP_VALIDITY_S) });
      return maskDestination(to.email);
    },
  };
}

export function checkWithdrawalCode(db: Kysely<Database>, notifier: Notifier, userId: bigint, code: string, codeId: bigint): Promise<CheckResult> {
  return checkCode(db, notifier.codeKey, { subject: { userId }, purpose: 'withdrawal', code, codeId });
}
