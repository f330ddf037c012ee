// One-time codes and identity verification (spec §4, §5, §7 /verify/*). A code proves a contact
// address (of the signed-in member, or of a registration attempt by its reg_token, before the
// account exists), or is the second factor of a login with login codes on. The verify endpoints are
// public because the caller may have no session yet: the server decides between the session and the
// reg_token, and answers 'Registration token Expired!' when the new registration flow lost its token.
// setVerifyId and setVerificationData move the member's identity verification (spec §4 numbers).
//
// Codes are limited per subject as well as per address (server/verification/codes.ts): 60 s between
// two sends, 5 wrong tries kill a code, 10 minutes of validity.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { Flag, LanguageSchema, REQUIRED_FIELD } from './fields.ts';
import { formObject } from './users.ts';

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
 * sends by itself when a withdrawal is requested and which requestOTP does not accept.
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

export const OtpPurposeSchema = v.picklist(OTP_PURPOSES, `Choose one of: ${OTP_PURPOSES.join(', ')}.`);
/** The language of the message; default: the member's language, else English. */
const language = v.optional(LanguageSchema);

/** 32 random bytes in base64url (43 characters); the server answers a bad one with registration_token_expired. */
const regToken = v.pipe(v.string(), v.maxLength(128, 'The registration token is too long.'));

/** Digits only: a pasted code with spaces around it is trimmed, anything else is refused. */
export const OtpCodeSchema = v.pipe(
  v.string(REQUIRED_FIELD),
  v.trim(),
  v.nonEmpty(REQUIRED_FIELD),
  v.regex(/^\d{6}$/, 'Enter the 6-digit code from the message.'),
);

/** POST /v1/verify/requestOTP and POST /v1/verify/resendOTP: send a (new) code; an earlier live one stops working. */
export const RequestOtpSchema = formObject({
  purpose: OtpPurposeSchema,
  /** Required before the account exists (registration_new_flow); when given, the code is for that attempt. */
  reg_token: v.optional(regToken),
  language,
});
export type RequestOtpInput = v.InferInput<typeof RequestOtpSchema>;

/** Answer of requestOTP and resendOTP. */
export const OtpSentSchema = v.object({
  purpose: OtpPurposeSchema,
  channel: v.picklist(['email', 'sms']),
  /** The masked destination ("m•••@demo.test", "•••• 4567"). */
  to: v.string(),
  /** Seconds the code stays valid, and until another may be asked for. */
  expires_in: v.number(),
  resend_after: v.number(),
});
export type OtpSent = v.InferOutput<typeof OtpSentSchema>;

/** POST /v1/verify/verifyOTP. */
export const VerifyOtpSchema = formObject({
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
export const OtpVerifiedSchema = v.object({
  purpose: OtpPurposeSchema,
  verified: v.literal(true),
  emailVerification: Flag,
  phoneVerification: Flag,
  doubleAuth: Flag,
});
export type OtpVerified = v.InferOutput<typeof OtpVerifiedSchema>;

/** PATCH /v1/verify/setVerifyId: spec §4, pending gives 2 and review gives 3. */
export const SetVerifyIdSchema = formObject({
  compliance: v.picklist(['pending', 'review'], 'Choose pending or review.'),
});
export type SetVerifyIdInput = v.InferInput<typeof SetVerifyIdSchema>;

/** Answer of setVerifyId and setVerificationData: the identity verification number now. */
export const ComplianceAnswerSchema = v.object({ complianceVerification: v.picklist([0, 1, 2, 3]) });
export type ComplianceAnswer = v.InferOutput<typeof ComplianceAnswerSchema>;

export const DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence', 'residence_permit'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** PATCH /v1/verify/setVerificationData: the member's identity document; compliance becomes 'review'. */
export const SetVerificationDataSchema = formObject({
  documentType: v.picklist(DOCUMENT_TYPES, 'Choose passport, id_card, driving_licence or residence_permit.'),
  documentNumber: v.pipe(
    v.string(REQUIRED_FIELD),
    v.trim(),
    v.nonEmpty(REQUIRED_FIELD),
    v.maxLength(40, 'Enter at most 40 characters.'),
    v.regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Use only letters, digits, spaces and dashes, as printed on the document.'),
  ),
  issueCountry: v.pipe(
    v.string(REQUIRED_FIELD),
    v.trim(),
    v.nonEmpty(REQUIRED_FIELD),
    v.toUpperCase(),
    v.regex(/^[A-Z]{2}$/, 'Enter the two-letter country code, such as GB or ES.'),
  ),
});
export type SetVerificationDataInput = v.InferInput<typeof SetVerificationDataSchema>;

const CODE_SUBJECT_ERRORS = [
  'registration_token_expired',
  'unauthorized',
  'invalid_session',
  'session_expired',
  'double_auth_required',
  'expired_password',
  'forbidden',
  'provider_not_found',
  'provider_not_configured',
] as const;

const SEND_DOCS = {
  description:
    'For the signed-in member, or with `reg_token` for a registration attempt (verify_email and verify_mobile only). Without either, a provider on the new registration flow answers ' +
    '`registration_token_expired` for the contact checks, anything else `unauthorized`. Only purpose `login` is allowed while this sign-in\'s login code is pending. ' +
    'A new code makes the earlier one stop working; `code_resend_limited` (with Retry-After) within 60 s of the last send.',
  errors: [...CODE_SUBJECT_ERRORS, 'mobile_missing', 'code_resend_limited'] as const,
  example: {
    body: { purpose: 'verify_mobile' as const, reg_token: 'Tq4Hn7Wc2Lx9Rb5Vm1Kd8Pf3Zs6Jg0Ya4Ue7Oi2NwXr', language: 'es' as const },
    answer: { purpose: 'verify_mobile' as const, channel: 'sms' as const, to: '•••• 5678', expires_in: OTP_VALIDITY_S, resend_after: OTP_RESEND_INTERVAL_S },
  },
};

export const requestOTP = endpoint({
  id: 'verify.requestOTP',
  method: 'POST',
  base: 'main',
  path: 'verify/requestOTP',
  caller: 'public',
  body: RequestOtpSchema,
  answer: OtpSentSchema,
  idempotency: false,
  rate: 'auth',
  docs: { summary: 'Sends a one-time code to the email address or, for verify_mobile, by SMS to the mobile number.', ...SEND_DOCS },
});

export const resendOTP = endpoint({
  id: 'verify.resendOTP',
  method: 'POST',
  base: 'main',
  path: 'verify/resendOTP',
  caller: 'public',
  body: RequestOtpSchema,
  answer: OtpSentSchema,
  idempotency: false,
  rate: 'auth',
  docs: { summary: 'Sends a new one-time code for the same purpose; the earlier code stops working.', ...SEND_DOCS },
});

export const verifyOTP = endpoint({
  id: 'verify.verifyOTP',
  method: 'POST',
  base: 'main',
  path: 'verify/verifyOTP',
  caller: 'public',
  body: VerifyOtpSchema,
  answer: OtpVerifiedSchema,
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Checks a one-time code: verifies the email or mobile, or passes this sign-in\'s login code.',
    description:
      'The answer has the verification flags after the call, so the app can update its user without another call. ' +
      '`invalid_code` says how many tries are left; after 5 wrong tries `code_attempts_exceeded`, and the code no longer works.',
    errors: [...CODE_SUBJECT_ERRORS, 'invalid_code', 'code_expired', 'code_attempts_exceeded'],
    example: {
      body: { purpose: 'verify_email', code: '482913' },
      answer: { purpose: 'verify_email', verified: true, emailVerification: 1, phoneVerification: 0, doubleAuth: 0 },
    },
  },
});

const MEMBER_ERRORS = ['unauthorized', 'invalid_session', 'session_expired', 'double_auth_required', 'expired_password', 'forbidden'] as const;

export const setVerifyId = endpoint({
  id: 'verify.setVerifyId',
  method: 'PATCH',
  base: 'main',
  path: 'verify/setVerifyId',
  caller: 'member',
  body: SetVerifyIdSchema,
  answer: ComplianceAnswerSchema,
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Sets the member\'s identity verification to pending (2) or review (3), unless it is already successful.',
    errors: [...MEMBER_ERRORS, 'compliance_final'],
    example: { body: { compliance: 'review' }, answer: { complianceVerification: 3 } },
  },
});

export const setVerificationData = endpoint({
  id: 'verify.setVerificationData',
  method: 'PATCH',
  base: 'main',
  path: 'verify/setVerificationData',
  caller: 'member',
  body: SetVerificationDataSchema,
  answer: ComplianceAnswerSchema,
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Sends the member\'s identity document; the verification goes to review (3).',
    errors: [...MEMBER_ERRORS, 'compliance_final'],
    example: { body: { documentType: 'id_card', documentNumber: '12345678Z', issueCountry: 'ES' }, answer: { complianceVerification: 3 } },
  },
});

export const VERIFY_ENDPOINTS = [requestOTP, resendOTP, verifyOTP, setVerifyId, setVerificationData];
