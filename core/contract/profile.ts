// The member's own account (spec §7 /users/edit, /users/changePassword, /users/changeOTP,
// /users/forgetPassword, /users/resetPassword): profile details, the password (changed while
// signed in, or reset through a mailed link when forgotten) and login codes on or off. Email and
// mobile are not edited here: they change only through verification.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { AccountCurrencySchema, EmailSchema, Flag, LanguageSchema, NameSchema, REQUIRED_FIELD } from './fields.ts';
import {
  BillingSchema,
  CurrentPasswordSchema,
  DateOfBirthSchema,
  EXAMPLE_SESSION,
  EXAMPLE_USER,
  formObject,
  PasswordSchema,
  SessionAnswerSchema,
  UserInfoAnswerSchema,
} from './users.ts';
import { OtpCodeSchema } from './verify.ts';

/** PATCH /v1/users/edit: any subset of the profile. Every level refuses arrays (formObject), billing included. */
export const EditProfileBodySchema = v.pipe(
  formObject({
    firstName: v.optional(NameSchema),
    lastName: v.optional(NameSchema),
    dateOfBirth: v.optional(DateOfBirthSchema),
    billing: v.optional(BillingSchema),
    language: v.optional(LanguageSchema),
    currency: v.optional(AccountCurrencySchema),
  }),
  v.check((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one field to change.'),
);
export type EditProfileBody = v.InferOutput<typeof EditProfileBodySchema>;

/** PATCH /v1/users/changePassword */
export const ChangePasswordBodySchema = formObject({ oldPassword: CurrentPasswordSchema, newPassword: PasswordSchema });
export type ChangePasswordBody = v.InferOutput<typeof ChangePasswordBodySchema>;

/** PATCH /v1/users/changeOTP: login codes on (1, with a verified otp_settings code) or off (0). */
export const ChangeOtpSchema = formObject({
  OTPLogin: v.picklist([0, 1], 'Send 1 to turn login codes on or 0 to turn them off.'),
  /** Required to turn login codes on: the code from requestOTP with purpose otp_settings. */
  code: v.optional(OtpCodeSchema),
});
export type ChangeOtpInput = v.InferInput<typeof ChangeOtpSchema>;

export const ChangeOtpAnswerSchema = v.object({ OTPLogin: Flag, doubleAuth: Flag });
export type ChangeOtpAnswer = v.InferOutput<typeof ChangeOtpAnswerSchema>;

/** POST /v1/users/forgetPassword: always answers the same, so it cannot tell who has an account. */
export const ForgetPasswordSchema = formObject({
  email: EmailSchema,
  /** The language of the mail; default: the member's language, else English. */
  language: v.optional(LanguageSchema),
});
export type ForgetPasswordInput = v.InferInput<typeof ForgetPasswordSchema>;

export const ForgetPasswordAnswerSchema = v.object({
  /** Always true: "if an account exists for this address, a link is on its way". */
  sent: v.literal(true),
});
export type ForgetPasswordAnswer = v.InferOutput<typeof ForgetPasswordAnswerSchema>;

/** Seconds a password-reset link stays valid (30 minutes). */
export const RESET_LINK_VALIDITY_S = 1800;

/** POST /v1/users/resetPassword: the token from the link (?reset=) and the new password. */
export const ResetPasswordSchema = formObject({
  reset_token: v.pipe(v.string(REQUIRED_FIELD), v.nonEmpty(REQUIRED_FIELD), v.maxLength(128, 'The reset link is not valid.')),
  /** Length here; the server also refuses common passwords and ones containing the email's local part. */
  password: PasswordSchema,
});
export type ResetPasswordInput = v.InferInput<typeof ResetPasswordSchema>;

export const ResetPasswordAnswerSchema = v.object({
  /** The member signs in with the new password; every earlier session has ended. */
  reset: v.literal(true),
});
export type ResetPasswordAnswer = v.InferOutput<typeof ResetPasswordAnswerSchema>;

export const editProfile = endpoint({
  id: 'profile.edit',
  method: 'PATCH',
  base: 'main',
  path: 'users/edit',
  caller: 'member',
  body: EditProfileBodySchema,
  answer: UserInfoAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Changes the fields sent of the member\'s name, date of birth, address, language or account currency; answers the user.',
    description: 'Fields not sent stay as they were; billing is merged field by field. Send at least one field.',
    errors: ['unauthorized', 'invalid_session', 'session_expired', 'double_auth_required', 'expired_password', 'forbidden'],
    example: { body: { billing: { address1: 'Calle Mayor 12', city: 'Madrid', country: 'ES' }, currency: 'EUR' }, answer: { user_info: EXAMPLE_USER } },
  },
});

export const changePassword = endpoint({
  id: 'profile.changePassword',
  method: 'PATCH',
  base: 'main',
  path: 'users/changePassword',
  caller: 'member',
  session: 'expired_password',
  body: ChangePasswordBodySchema,
  answer: SessionAnswerSchema,
  idempotency: false,
  // Limited like login: a stolen session must not become a way to guess the current password.
  rate: 'auth',
  docs: {
    summary: 'Changes the password, also an expired one; answers a fresh session and every other session ends.',
    description: 'The server also refuses common passwords and passwords containing the email\'s local part (`validation_failed` on `newPassword`).',
    errors: ['current_password_wrong', 'password_unchanged', 'unauthorized', 'invalid_session', 'session_expired', 'double_auth_required', 'forbidden'],
    example: { body: { oldPassword: 'Lantern-harbour-42', newPassword: 'Tidal-compass-7781' }, answer: EXAMPLE_SESSION },
  },
});

export const changeOTP = endpoint({
  id: 'profile.changeOTP',
  method: 'PATCH',
  base: 'main',
  path: 'users/changeOTP',
  caller: 'member',
  body: ChangeOtpSchema,
  answer: ChangeOtpAnswerSchema,
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Turns login codes on (with a code from requestOTP, purpose otp_settings) or off.',
    description: 'Turning them on proves the member receives what every later login asks for, so this sign-in counts as verified (`doubleAuth` 1).',
    errors: ['invalid_code', 'code_expired', 'code_attempts_exceeded', 'unauthorized', 'invalid_session', 'session_expired', 'double_auth_required', 'expired_password', 'forbidden'],
    example: { body: { OTPLogin: 1, code: '482913' }, answer: { OTPLogin: 1, doubleAuth: 1 } },
  },
});

export const forgetPassword = endpoint({
  id: 'profile.forgetPassword',
  method: 'POST',
  base: 'main',
  path: 'users/forgetPassword',
  caller: 'public',
  body: ForgetPasswordSchema,
  answer: ForgetPasswordAnswerSchema,
  idempotency: false,
  rate: 'reset',
  docs: {
    summary: 'Mails a password-reset link, valid 30 minutes, if an account exists for the address.',
    description: 'Always answers `{sent: true}` before anything is looked up, so neither the answer nor its timing tells who has an account.',
    errors: ['provider_not_found', 'provider_not_configured'],
    example: { body: { email: 'clara.ruiz@example.com', language: 'es' }, answer: { sent: true } },
  },
});

export const resetPassword = endpoint({
  id: 'profile.resetPassword',
  method: 'POST',
  base: 'main',
  path: 'users/resetPassword',
  caller: 'public',
  body: ResetPasswordSchema,
  answer: ResetPasswordAnswerSchema,
  idempotency: false,
  rate: 'reset',
  docs: {
    summary: 'Sets a new password with the token of a reset link; every session ends and a lockout is lifted.',
    description: 'A link works once. The server also refuses common passwords and passwords containing the email\'s local part (`validation_failed` on `password`).',
    errors: ['reset_token_invalid', 'provider_not_found', 'provider_not_configured'],
    example: { body: { reset_token: 'Hc8Wq1Ld5Zr9Xm3Tv7Kb2Nf6Pj0Sg4Ya8Ue1Oi5RwE', password: 'Tidal-compass-7781' }, answer: { reset: true } },
  },
});

export const PROFILE_ENDPOINTS = [editProfile, changePassword, changeOTP, forgetPassword, resetPassword];
