// What the identity resources share (sessions.ts, registration.ts, profile.ts): the password rules a
// form can check alone, the date of birth and billing address a member fills in, the session every
// sign-in answers, and the user as GET /v1/users/me and GET /v1/currentUser describe it (spec §3).
// The forms of the member app validate with these same schemas, so both ends refuse the same input
// with the same field messages.
//
// Password rules that need data (the common-password list, the email's local part) are checked on
// the server (server/identity/password-policy.ts); here only what a form can check alone.

import * as v from 'valibot';
import { normaliseDateOfBirth } from '../rules/user-normalise.ts';
import { AccountCurrencySchema, CountryCodeSchema, Flag, LanguageSchema, optionalText, required, REQUIRED_FIELD } from './fields.ts';
import { object } from './schema-kit.ts';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** A missing key is a field left empty ('Required field'); a body that is not an object (an array included) says what to send. */
const formObjectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) =>
  issue.input === undefined && issue.path !== undefined ? REQUIRED_FIELD : 'Send a JSON object with the fields of this form.';

/** The object of a form's body (or of a part of it, like billing): arrays refused, the form's messages. */
export const formObject = <const TEntries extends v.ObjectEntries>(entries: TEntries) => object(entries, formObjectMessage);

/** Length only; the server also refuses common passwords and ones containing the email's local part. */
export const PasswordSchema = v.pipe(
  v.string(REQUIRED_FIELD),
  v.nonEmpty(REQUIRED_FIELD),
  v.minLength(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters for the password.`),
  v.maxLength(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters for the password.`),
);

/** A password being checked against the stored one: any non-empty string (old passwords may predate the policy). */
export const CurrentPasswordSchema = v.pipe(v.string(REQUIRED_FIELD), v.nonEmpty(REQUIRED_FIELD), v.maxLength(1024, 'The password is too long.'));

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

/** A country of residence a member may leave empty. */
export const OptionalCountrySchema = v.optional(v.union([v.literal(''), CountryCodeSchema], 'Choose a country (two-letter code such as GB or ES).'));

/** spec §3 billing; every field optional here (an edit may send any of them). */
export const BillingSchema = formObject({
  address1: optionalText(200),
  address2: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  country: OptionalCountrySchema,
  zipCode: optionalText(20),
  issueCountry: OptionalCountrySchema,
});
export type Billing = v.InferOutput<typeof BillingSchema>;

/** The address a member must complete under registration_new_flow (spec §5): address1, city, country, zipCode. */
export const CompleteBillingSchema = formObject({
  address1: required(),
  address2: optionalText(200),
  city: required(),
  state: optionalText(100),
  country: v.pipe(v.string(REQUIRED_FIELD), v.nonEmpty(REQUIRED_FIELD), CountryCodeSchema),
  zipCode: v.pipe(required(), v.maxLength(20, 'Use at most 20 characters.')),
  issueCountry: OptionalCountrySchema,
});

// ---- Answers --------------------------------------------------------------------------------

/** The public id of a user: 'usr_' + 22 base64url characters (not a secret). */
export const UserTokenSchema = v.pipe(v.string(), v.regex(/^usr_[A-Za-z0-9_-]{22}$/));

/** login, loginWithToken, register, onboarding and changePassword answer a session; the server also sets the HttpOnly `token` cookie. */
export const SessionAnswerSchema = v.object({
  user_token: UserTokenSchema,
  session_key: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
  /** spec §4: 1 when the login code of this account is verified, else 0 (also 0 with login codes off). */
  doubleAuth: Flag,
});
export type SessionAnswer = v.InferOutput<typeof SessionAnswerSchema>;

export const UserPermissionsSchema = v.object({
  fiat_withdrawals: v.optional(Flag),
  send: v.optional(Flag),
  withdrawal: v.optional(Flag),
  widget: v.optional(Flag),
});

/** spec §3 "Server user_info", as GET /v1/users/me, GET /v1/currentUser and PATCH /v1/users/edit answer it. */
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
  /**
   * Spec §4 registration attempt marker: present (true) during the first sign-in of a member who opened
   * their account after buying as a guest, so that sign-in lands on /buy.
   */
  registrationAttempt: v.optional(v.literal(true)),
});
export type UserInfo = v.InferOutput<typeof UserInfoSchema>;

/** users/me and users/edit: the member as they are now. */
export const UserInfoAnswerSchema = v.object({ user_info: UserInfoSchema });

// ---- Examples the endpoint docs share -------------------------------------------------------

export const EXAMPLE_SESSION: SessionAnswer = { user_token: 'usr_Q2xhcmFSdWl6MjAyNjAxZg', session_key: 'k7Vx2mQpL9sT4wYb8nRfZc3HdJ6gA1eU5oKiPqXyB0E', doubleAuth: 0 };

export const EXAMPLE_USER: UserInfo = {
  user_token: 'usr_Q2xhcmFSdWl6MjAyNjAxZg',
  client_id: '100231',
  role: 'member',
  firstName: 'Clara',
  lastName: 'Ruiz',
  email: 'clara.ruiz@example.com',
  mobile: '+34612345678',
  dateOfBirth: '1990-04-23',
  billing: { address1: 'Calle Mayor 12', address2: '', city: 'Madrid', state: '', country: 'ES', zipCode: '28013', issueCountry: 'ES' },
  language: 'es',
  emailVerification: 1,
  phoneVerification: 1,
  complianceVerification: 2,
  OTPLogin: 0,
  verifications: { OTPLogin: null },
  doubleAuth: 0,
  permissions: { send: 1 },
  currency: 'EUR',
  wallets: [{ currency: 'EUR' }, { currency: 'BTC' }],
  account_values: { EUR: '1250.00', USD: '1356.25', GBP: '1068.75', CAD: '1850.00', AUD: '2062.50', BTC: '0.01434700' },
  ip_country: 'ES',
  lastLogin: '2026-11-20T18:42:10.000Z',
  firstLogin: '2026-09-02T09:15:00.000Z',
  session: { started_at: '2026-11-23T10:00:00.000Z', last_seen_at: '2026-11-23T10:04:31.000Z' },
};
