// The users resource of the main API (spec §7): every request body and query the server validates,
// and every answer the member app validates, as valibot schemas. The server reads input through
// parseInput(Schema, ...) and the app's forms use the same schemas, so both refuse the same input
// with the same field messages.
//
// Password rules that need data (the common-password list, the email's local part) are checked on
// the server (server/identity/password-policy.ts); here only what a form can check alone.

import * as v from 'valibot';
import { ACCOUNT_FIAT } from '../assets.ts';
import { LOCALES } from '../language.ts';
import { normaliseDateOfBirth, normaliseEmail } from '../rules/user-normalise.ts';

export const REQUIRED_FIELD = 'Required field';
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** A missing key is a field left empty ('Required field'); a body that is not an object says what to send. */
const objectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) => (issue.input === undefined && issue.path !== undefined ? REQUIRED_FIELD : 'Send a JSON object with the fields of this form.');
const object = <const TEntries extends v.ObjectEntries>(entries: TEntries) => v.object(entries, objectMessage);

const required = (message = REQUIRED_FIELD) => v.pipe(v.string(REQUIRED_FIELD), v.trim(), v.nonEmpty(message));

/** Lowercased and trimmed before the format check, so 'Ana@Example.COM ' is accepted as 'ana@example.com'. */
export const EmailSchema = v.pipe(
  v.string(REQUIRED_FIELD),
  v.transform(normaliseEmail),
  v.nonEmpty(REQUIRED_FIELD),
  v.maxLength(254, 'Enter an email address of at most 254 characters.'),
  v.email('Enter a valid email address, like name@example.com.'),
);

/** International format: spaces, dashes, dots and brackets are dropped, then + and 7 to 15 digits remain. */
export const MobileSchema = v.pipe(
  v.string(REQUIRED_FIELD),
  v.transform((raw) => raw.replace(/[\s().-]/g, '')),
  v.nonEmpty(REQUIRED_FIELD),
  v.regex(/^\+[1-9][0-9]{6,14}$/, 'Enter the mobile number in international format, starting with + and the country code, like +44 7700 900123.'),
);

/** Length only; the server also refuses common passwords and ones containing the email's local part. */
export const PasswordSchema = v.pipe(
  v.string(REQUIRED_FIELD),
  v.nonEmpty(REQUIRED_FIELD),
  v.minLength(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters for the password.`),
  v.maxLength(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters for the password.`),
);

/** A password being checked against the stored one: any non-empty string (old passwords may predate the policy). */
const CurrentPasswordSchema = v.pipe(v.string(REQUIRED_FIELD), v.nonEmpty(REQUIRED_FIELD), v.maxLength(1024, 'The password is too long.'));

const NameSchema = v.pipe(required(), v.maxLength(100, 'Use at most 100 characters.'));

function isRealDate(value: string): boolean {
  const [year, month, day] = value.split('-').map((part) => Number.parseInt(part, 10));
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900;
}

/** YYYY-MM-DD or empty; the string "null" (spec §3) becomes empty. */
export const DateOfBirthSchema = v.pipe(
  v.nullish(v.string(), ''),
  v.transform((raw) => normaliseDateOfBirth(raw)),
  v.check((value) => value === '' || (/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value) && isRealDate(value)), 'Enter the date of birth as YYYY-MM-DD, like 1990-04-23.'),
);

/** A required date of birth (onboarding, address details). */
export const RequiredDateOfBirthSchema = v.pipe(DateOfBirthSchema, v.nonEmpty(REQUIRED_FIELD));

export const CountryCodeSchema = v.pipe(
  v.string(REQUIRED_FIELD),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z]{2}$/, 'Choose a country (two-letter code such as GB or ES).'),
);

const OptionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `Use at most ${max} characters.`)));
const OptionalCountry = v.optional(v.union([v.literal(''), CountryCodeSchema], 'Choose a country (two-letter code such as GB or ES).'));

/** spec §3 billing; every field optional here (an edit may send any of them). */
export const BillingSchema = object({
  address1: OptionalText(200),
  address2: OptionalText(200),
  city: OptionalText(100),
  state: OptionalText(100),
  country: OptionalCountry,
  zipCode: OptionalText(20),
  issueCountry: OptionalCountry,
});
export type Billing = v.InferOutput<typeof BillingSchema>;

/** The address a member must complete under registration_new_flow (spec §5): address1, city, country, zipCode. */
export const CompleteBillingSchema = object({
  address1: required(),
  address2: OptionalText(200),
  city: required(),
  state: OptionalText(100),
  country: v.pipe(v.string(REQUIRED_FIELD), v.nonEmpty(REQUIRED_FIELD), CountryCodeSchema),
  zipCode: v.pipe(required(), v.maxLength(20, 'Use at most 20 characters.')),
  issueCountry: OptionalCountry,
});

export const LanguageSchema = v.picklist(LOCALES, 'Choose English (en) or Spanish (es).');
export const AccountCurrencySchema = v.picklist(ACCOUNT_FIAT, `Choose one of ${ACCOUNT_FIAT.join(', ')}.`);

/** Opaque tokens: base64url, bounded, so a huge header or body cannot reach a hash function. */
export const OpaqueTokenSchema = v.pipe(v.string(REQUIRED_FIELD), v.nonEmpty(REQUIRED_FIELD), v.maxLength(200), v.regex(/^[A-Za-z0-9_-]+$/, 'The token is malformed.'));

// ---- Requests -------------------------------------------------------------------------------

/** POST /v1/users/registrationAttempt */
export const RegistrationAttemptBodySchema = object({ email: EmailSchema, mobile: MobileSchema });
export type RegistrationAttemptBody = v.InferOutput<typeof RegistrationAttemptBodySchema>;

/** POST /v1/users/register */
export const RegisterBodySchema = object({
  reg_token: v.optional(OpaqueTokenSchema),
  firstName: NameSchema,
  lastName: NameSchema,
  email: EmailSchema,
  mobile: MobileSchema,
  password: PasswordSchema,
  dateOfBirth: v.optional(DateOfBirthSchema, ''),
  country: v.optional(v.union([v.literal(''), CountryCodeSchema], 'Choose a country (two-letter code such as GB or ES).')),
  language: v.optional(LanguageSchema),
});
export type RegisterBody = v.InferOutput<typeof RegisterBodySchema>;

/** POST /v1/users/login */
export const LoginBodySchema = object({ email: EmailSchema, password: CurrentPasswordSchema });
export type LoginBody = v.InferOutput<typeof LoginBodySchema>;

/** Seconds a sign-in link (login/token) stays valid: 15 minutes. */
export const LOGIN_LINK_VALIDITY_S = 900;

/** POST /v1/users/loginLink: always answers { sent: true }, so it cannot tell who has an account. */
export const LoginLinkInputSchema = object({ email: EmailSchema, language: v.optional(LanguageSchema) });
export type LoginLinkInput = v.InferOutput<typeof LoginLinkInputSchema>;

export interface LoginLinkAnswer {
  /** Always true: "if an account exists for this address, a sign-in link is on its way". */
  sent: true;
}

/** POST /v1/users/loginWithToken: the token of the link (?token=); answers a session like login. */
export const LoginWithTokenInputSchema = object({ token: OpaqueTokenSchema });
export type LoginWithTokenInput = v.InferOutput<typeof LoginWithTokenInputSchema>;

/** GET /v1/currentUser and GET /v1/users/me: `is_flow=1` belongs to the guest checkout and is accepted and ignored here. */
export const CurrentUserQuerySchema = object({
  ip: v.optional(v.pipe(v.string(), v.maxLength(64))),
  is_flow: v.optional(v.picklist(['0', '1'])),
});

/** PATCH /v1/users/changePassword */
export const ChangePasswordBodySchema = object({ oldPassword: CurrentPasswordSchema, newPassword: PasswordSchema });
export type ChangePasswordBody = v.InferOutput<typeof ChangePasswordBodySchema>;

/** PATCH /v1/users/edit: any subset of the profile; email and mobile change through verification, not here. */
export const EditProfileBodySchema = v.pipe(
  object({
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

/** POST /v1/users/onboarding: the profile details a new account completes after register. */
export const OnboardingBodySchema = object({
  firstName: NameSchema,
  lastName: NameSchema,
  dateOfBirth: RequiredDateOfBirthSchema,
  billing: CompleteBillingSchema,
  language: v.optional(LanguageSchema),
});
export type OnboardingBody = v.InferOutput<typeof OnboardingBodySchema>;

// ---- Answers (request_details) --------------------------------------------------------------

/** The public id of a user: 'usr_' + 22 base64url characters (not a secret). */
export const UserTokenSchema = v.pipe(v.string(), v.regex(/^usr_[A-Za-z0-9_-]{22}$/));

/** login, register and onboarding answer a session; the server also sets the HttpOnly `token` cookie. */
export const SessionAnswerSchema = v.object({
  user_token: UserTokenSchema,
  session_key: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
  doubleAuth: v.picklist([0, 1]),
});
export type SessionAnswer = v.InferOutput<typeof SessionAnswerSchema>;

export const RegistrationAttemptAnswerSchema = v.object({ reg_token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)) });
export type RegistrationAttemptAnswer = v.InferOutput<typeof RegistrationAttemptAnswerSchema>;

const Flag = v.picklist([0, 1]);

export const UserPermissionsSchema = v.object({
  fiat_withdrawals: v.optional(Flag),
  send: v.optional(Flag),
  withdrawal: v.optional(Flag),
  widget: v.optional(Flag),
});

/** spec §3 "Server user_info", as GET /v1/users/me and GET /v1/currentUser answer it. */
export const UserInfoSchema = v.object({
  user_token: UserTokenSchema,
  client_id: v.string(),
  role: v.picklist(['member', 'merchant']),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  mobile: v.string(),
  dateOfBirth: v.string(),
  billing: v.object({
    address1: v.string(),
    address2: v.string(),
    city: v.string(),
    state: v.string(),
    country: v.string(),
    zipCode: v.string(),
    issueCountry: v.string(),
  }),
  language: v.nullable(LanguageSchema),
  emailVerification: Flag,
  phoneVerification: Flag,
  complianceVerification: v.picklist([0, 1, 2, 3]),
  OTPLogin: Flag,
  verifications: v.object({ OTPLogin: v.nullable(v.picklist(['sent', 'verified'])) }),
  doubleAuth: Flag,
  permissions: UserPermissionsSchema,
  currency: AccountCurrencySchema,
  /** From the ledger (server/money/user-info-money.ts): the wallets held and their total value per fiat and in BTC. */
  wallets: v.array(v.object({ currency: v.string() })),
  account_values: v.record(v.string(), v.string()),
  ip_country: v.string(),
  /** ISO 8601 times: the previous sign-in (null before the second) and the first one (null before any). */
  lastLogin: v.nullable(v.string()),
  firstLogin: v.nullable(v.string()),
  /** Merchants only. */
  companyName: v.optional(v.string()),
  merchant_id: v.optional(v.string()),
  /** The current session, for profile#security. */
  session: v.object({ started_at: v.string(), last_seen_at: v.string() }),
});
export type UserInfo = v.InferOutput<typeof UserInfoSchema>;

/** GET /v1/currentUser never echoes the session key. */
export const CurrentUserAnswerSchema = v.object({ user_info: UserInfoSchema, user_token: UserTokenSchema });
export type CurrentUserAnswer = v.InferOutput<typeof CurrentUserAnswerSchema>;

/** GET /v1/users/me */
export const MeAnswerSchema = v.object({ user_info: UserInfoSchema });
export type MeAnswer = v.InferOutput<typeof MeAnswerSchema>;
