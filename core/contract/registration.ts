// Opening an account (spec §5, §7 /users/registrationAttempt, /users/register, /users/onboarding).
// Under registration_new_flow a registration attempt comes first: its reg_token lets the visitor
// prove their email and mobile with one-time codes (verify.ts) before the account exists, and
// register carries those proofs over. Onboarding then completes the profile details the new flow
// requires (spec §5 address completeness) and hands out a fresh session.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { EmailSchema, LanguageSchema, MobileSchema, NameSchema, OpaqueTokenSchema } from './fields.ts';
import {
  CompleteBillingSchema,
  DateOfBirthSchema,
  EXAMPLE_SESSION,
  formObject,
  OptionalCountrySchema,
  PasswordSchema,
  RequiredDateOfBirthSchema,
  SessionAnswerSchema,
} from './users.ts';

/** How long a registration attempt (its reg_token) lives: the codes and personal details must be done within it. */
export const REGISTRATION_ATTEMPT_TTL_S = 30 * 60;

/** POST /v1/users/registrationAttempt */
export const RegistrationAttemptBodySchema = formObject({ email: EmailSchema, mobile: MobileSchema });
export type RegistrationAttemptBody = v.InferOutput<typeof RegistrationAttemptBodySchema>;

export const RegistrationAttemptAnswerSchema = v.object({ reg_token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)) });
export type RegistrationAttemptAnswer = v.InferOutput<typeof RegistrationAttemptAnswerSchema>;

/** POST /v1/users/register */
export const RegisterBodySchema = formObject({
  reg_token: v.optional(OpaqueTokenSchema),
  firstName: NameSchema,
  lastName: NameSchema,
  email: EmailSchema,
  mobile: MobileSchema,
  password: PasswordSchema,
  dateOfBirth: v.optional(DateOfBirthSchema, ''),
  country: OptionalCountrySchema,
  language: v.optional(LanguageSchema),
});
export type RegisterBody = v.InferOutput<typeof RegisterBodySchema>;

/** POST /v1/users/onboarding: the profile details a new account completes after register. */
export const OnboardingBodySchema = formObject({
  firstName: NameSchema,
  lastName: NameSchema,
  dateOfBirth: RequiredDateOfBirthSchema,
  billing: CompleteBillingSchema,
  language: v.optional(LanguageSchema),
});
export type OnboardingBody = v.InferOutput<typeof OnboardingBodySchema>;

const EXAMPLE_REG_TOKEN = 'Tq4Hn7Wc2Lx9Rb5Vm1Kd8Pf3Zs6Jg0Ya4Ue7Oi2NwXr';

export const registrationAttempt = endpoint({
  id: 'registration.registrationAttempt',
  method: 'POST',
  base: 'main',
  path: 'users/registrationAttempt',
  caller: 'public',
  body: RegistrationAttemptBodySchema,
  answer: RegistrationAttemptAnswerSchema,
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Starts a registration: answers the reg_token that one-time codes verify the email and mobile with before the account exists.',
    errors: ['email_taken', 'provider_not_found'],
    example: { body: { email: 'clara.ruiz@example.com', mobile: '+34 612 345 678' }, answer: { reg_token: EXAMPLE_REG_TOKEN } },
  },
});

export const register = endpoint({
  id: 'registration.register',
  method: 'POST',
  base: 'main',
  path: 'users/register',
  caller: 'public',
  body: RegisterBodySchema,
  answer: SessionAnswerSchema,
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Opens a member account and signs in; answers the session and sets the session cookie.',
    description:
      'With the reg_token of a registration attempt, the email and mobile verified there count for the account (the mobile only if the same number is registered). ' +
      'The server also refuses common passwords and passwords containing the email\'s local part (`validation_failed` on `password`).',
    errors: ['email_taken', 'registration_token_expired', 'provider_not_found'],
    example: {
      body: {
        reg_token: EXAMPLE_REG_TOKEN,
        firstName: 'Clara',
        lastName: 'Ruiz',
        email: 'clara.ruiz@example.com',
        mobile: '+34612345678',
        password: 'Lantern-harbour-42',
        country: 'ES',
        language: 'es',
      },
      answer: EXAMPLE_SESSION,
    },
  },
});

export const onboarding = endpoint({
  id: 'registration.onboarding',
  method: 'POST',
  base: 'main',
  path: 'users/onboarding',
  caller: 'member',
  body: OnboardingBodySchema,
  answer: SessionAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Completes the new member\'s name, date of birth and address; answers a fresh session (the old key stops working).',
    errors: ['unauthorized', 'invalid_session', 'session_expired', 'double_auth_required', 'expired_password', 'forbidden'],
    example: {
      body: {
        firstName: 'Clara',
        lastName: 'Ruiz',
        dateOfBirth: '1990-04-23',
        billing: { address1: 'Calle Mayor 12', city: 'Madrid', country: 'ES', zipCode: '28013' },
        language: 'es',
      },
      answer: EXAMPLE_SESSION,
    },
  },
});

export const REGISTRATION_ENDPOINTS = [registrationAttempt, register, onboarding];
