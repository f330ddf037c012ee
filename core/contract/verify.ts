// The wire contract of the one-time-code, identity-verification and password-reset endpoints
// (spec §7 /verify/*, /users/changeOTP, /users/forgetPassword, /users/resetPassword). The server
// parses every body with these schemas and the member app's forms validate with the same ones, so
// a field the form accepts is a field the server accepts.
//
// Failures (error_message.code, see core/errors.ts), besides 400 validation_failed with fields:
//   requestOTP / resendOTP  401 registration_token_expired ('Registration token Expired!': reg_token
//                           missing under registration_new_flow, unknown, expired or used),
//                           401 unauthorized, 403 double_auth_required (only purpose login is allowed
//                           while this sign-in's login code is pending), 409 mobile_missing,
//                           429 code_resend_limited (message says how long to wait; Retry-After header)
//   verifyOTP               as above, plus 400 invalid_code (message says how many tries are left),
//                           400 code_expired (expired, already used or superseded: ask for a new code),
//                           429 code_attempts_exceeded (5 wrong tries: ask for a new code)
//   setVerifyId / setVerificationData   401, 403 double_auth_required, 409 compliance_final
//   changeOTP               400 invalid_code / code_expired / code_attempts_exceeded, 401, 403
//   forgetPassword          always { sent: true } for a well-formed address
//   resetPassword           400 reset_token_invalid, 400 validation_failed on password (policy)

import * as v from 'valibot';
import { LOCALES } from '../language.ts';
import { EmailSchema, PasswordSchema, REQUIRED_FIELD } from './users.ts';

const REQUIRED = REQUIRED_FIELD;

/**
 * What a one-time code is for. verify_email and verify_mobile prove a contact address (of the
 * signed-in member, or of a registration attempt with reg_token); login is the second factor of a
 * login with login codes on; otp_settings proves the member can receive codes before changeOTP
 * turns login codes on.
 */
export const OTP_PURPOSES = ['verify_email', 'verify_mobile', 'login', 'otp_settings'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/**
 * Every purpose a code can have: the requestable ones above, plus withdrawal, whose code the server
 * sends by itself when a withdrawal is requested (issue 4) and which requestOTP does not accept.
 */
export type CodePurpose = OtpPurpose | 'withdrawal';

/** Where each purpose's code is sent: mobile codes by SMS, the others by e-mail. */
export const OTP_CHANNEL: Record<CodePurpose, OtpChannel> = {
  verify_email: 'email',
  verify_mobile: 'sms',
  login: 'email',
  otp_settings: 'email',
  withdrawal: 'email',
};
export type OtpChannel = 'email' | 'sms';

/** Seconds a code stays valid, and the least wait between two sends on one channel. */
export const OTP_VALIDITY_S = 600;
export const OTP_RESEND_INTERVAL_S = 60;
export const OTP_CODE_LENGTH = 6;

const purpose = v.picklist(OTP_PURPOSES, `Choose one of: ${OTP_PURPOSES.join(', ')}.`);
/** The language of the message; default: the member's language, else English. */
const language = v.optional(v.picklist(LOCALES, `Choose one of: ${LOCALES.join(', ')}.`));

/** 32 random bytes in base64url (43 characters); the server answers a bad one with registration_token_expired. */
const regToken = v.pipe(v.string(), v.maxLength(128, 'The registration token is too long.'));

/** Digits only: a pasted code with spaces around it is trimmed, anything else is refused. */
export const OtpCodeSchema = v.pipe(
  v.string(REQUIRED),
  v.trim(),
  v.nonEmpty(REQUIRED),
  v.regex(/^\d{6}$/, 'Enter the 6-digit code from the message.'),
);

/** POST /v1/verify/requestOTP and POST /v1/verify/resendOTP: send a (new) code; an earlier live one stops working. */
export const RequestOtpSchema = v.object({
  purpose,
  /** Required before the account exists (registration_new_flow); when given, the code is for that attempt. */
  reg_token: v.optional(regToken),
  language,
});
export type RequestOtpInput = v.InferInput<typeof RequestOtpSchema>;

/** Answer of requestOTP and resendOTP. `to` is the masked destination ("m•••@demo.test", "•••• 4567"). */
export interface OtpSent {
  purpose: OtpPurpose;
  channel: OtpChannel;
  to: string;
  expires_in: number;
  resend_after: number;
}

/** POST /v1/verify/verifyOTP. */
export const VerifyOtpSchema = v.object({
  /** otp_settings codes are entered through changeOTP, which they unlock, not here. */
  purpose: v.picklist(['verify_email', 'verify_mobile', 'login'], 'Choose one of: verify_email, verify_mobile, login (an otp_settings code goes to changeOTP).'),
  code: OtpCodeSchema,
  reg_token: v.optional(regToken),
});
export type VerifyOtpInput = v.InferInput<typeof VerifyOtpSchema>;

/**
 * Answer of verifyOTP. emailVerification / phoneVerification / doubleAuth are the values after
 * the call, so the app can update its user without another round trip.
 */
export interface OtpVerified {
  purpose: OtpPurpose;
  verified: true;
  emailVerification: 0 | 1;
  phoneVerification: 0 | 1;
  doubleAuth: 0 | 1;
}

/** PATCH /v1/verify/setVerifyId: spec §4, pending gives 2 and review gives 3. */
export const SetVerifyIdSchema = v.object({
  compliance: v.picklist(['pending', 'review'], 'Choose pending or review.'),
});
export type SetVerifyIdInput = v.InferInput<typeof SetVerifyIdSchema>;

/** Answer of setVerifyId and setVerificationData: the identity verification number now. */
export interface ComplianceAnswer {
  complianceVerification: 0 | 1 | 2 | 3;
}

export const DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence', 'residence_permit'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** PATCH /v1/verify/setVerificationData: the member's identity document; compliance becomes 'review'. */
export const SetVerificationDataSchema = v.object({
  documentType: v.picklist(DOCUMENT_TYPES, 'Choose passport, id_card, driving_licence or residence_permit.'),
  documentNumber: v.pipe(
    v.string(REQUIRED),
    v.trim(),
    v.nonEmpty(REQUIRED),
    v.maxLength(40, 'Enter at most 40 characters.'),
    v.regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Use only letters, digits, spaces and dashes, as printed on the document.'),
  ),
  issueCountry: v.pipe(
    v.string(REQUIRED),
    v.trim(),
    v.nonEmpty(REQUIRED),
    v.toUpperCase(),
    v.regex(/^[A-Z]{2}$/, 'Enter the two-letter country code, such as GB or ES.'),
  ),
});
export type SetVerificationDataInput = v.InferInput<typeof SetVerificationDataSchema>;

/** PATCH /v1/users/changeOTP: login codes on (1, with a verified otp_settings code) or off (0). */
export const ChangeOtpSchema = v.object({
  OTPLogin: v.picklist([0, 1], 'Send 1 to turn login codes on or 0 to turn them off.'),
  /** Required to turn login codes on: the code from requestOTP with purpose otp_settings. */
  code: v.optional(OtpCodeSchema),
});
export type ChangeOtpInput = v.InferInput<typeof ChangeOtpSchema>;

export interface ChangeOtpAnswer {
  OTPLogin: 0 | 1;
  doubleAuth: 0 | 1;
}

/** POST /v1/users/forgetPassword: always answers the same, so it cannot tell who has an account. */
export const ForgetPasswordSchema = v.object({
  email: EmailSchema,
  language,
});
export type ForgetPasswordInput = v.InferInput<typeof ForgetPasswordSchema>;

export interface ForgetPasswordAnswer {
  /** Always true: "if an account exists for this address, a link is on its way". */
  sent: true;
}

/** Seconds a password-reset link stays valid (30 minutes). */
export const RESET_LINK_VALIDITY_S = 1800;

/** POST /v1/users/resetPassword: the token from the link (?reset=) and the new password. */
export const ResetPasswordSchema = v.object({
  reset_token: v.pipe(v.string(REQUIRED), v.nonEmpty(REQUIRED), v.maxLength(128, 'The reset link is not valid.')),
  /** Length here; the server also refuses common passwords and ones containing the email's local part. */
  password: PasswordSchema,
});
export type ResetPasswordInput = v.InferInput<typeof ResetPasswordSchema>;

export interface ResetPasswordAnswer {
  /** The member signs in with the new password; every earlier session has ended. */
  reset: true;
}
