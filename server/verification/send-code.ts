// Issue a code and deliver it: e-mail for verify_email, login and otp_settings, SMS for
// verify_mobile, branded for the subject's provider and in its language. The plaintext code
// exists only here, in the message, and never in a log line.

import type { Kysely } from 'kysely';
import { OTP_RESEND_INTERVAL_S, OTP_VALIDITY_S, type OtpPurpose, type OtpSent } from '#core/contract/verify.ts';
import type { AppError } from '#core/errors.ts';
import type { Database } from '../db/schema.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { brandFor } from '../notifications/templates/brand.ts';
import { codeEmail, codeSms } from '../notifications/templates/code-message.ts';
import { messageLocale } from '../notifications/templates/locale.ts';
import { issueCode, type CodeSubject } from './codes.ts';
import { maskDestination } from './mask-destination.ts';

export interface SendCodeRequest {
  providerId: bigint;
  subject: CodeSubject;
  purpose: OtpPurpose;
  /** The e-mail address (email channel) or mobile number (sms channel). */
  to: string;
  language: string | null | undefined;
  /** See IssueRequest.afterPasswordLogin. */
  afterPasswordLogin?: boolean;
}

export type SendCodeResult = { ok: true; sent: OtpSent } | { ok: false; error: AppError; retryAfterS: number };

export async function sendCode(db: Kysely<Database>, notifier: Notifier, request: SendCodeRequest): Promise<SendCodeResult> {
  const issued = await issueCode(db, notifier.codeKey, { ...request, destination: request.to });
  if (!issued.ok) return issued;
  const brand = await brandFor(db, request.providerId);
  const locale = messageLocale(request.language);
  if (issued.channel === 'sms') {
    await notifier.sms.send({ providerId: request.providerId, to: request.to, text: codeSms(brand, locale, issued.code, OTP_VALIDITY_S) });
  } else {
    await notifier.mailer.send({ providerId: request.providerId, to: request.to, ...codeEmail(brand, locale, request.purpose, issued.code, OTP_VALIDITY_S) });
  }
  return {
    ok: true,
    sent: { purpose: request.purpose, channel: issued.channel, to: maskDestination(request.to), expires_in: OTP_VALIDITY_S, resend_after: OTP_RESEND_INTERVAL_S },
  };
}
