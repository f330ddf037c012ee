// The operator console's sign-in (email, password and the authenticator's 6-digit code in one POST),
// sign-out and who is signed in. The session is the HttpOnly, SameSite=Strict `op_token` cookie, never
// in an answer. Any wrong part answers the same operator_sign_in_failed, so a guesser cannot tell which.

import * as v from 'valibot';
import { OPERATOR_ROLES } from '../operators/roles.ts';
import { endpoint } from './endpoint.ts';
import { EmailSchema, REQUIRED_FIELD } from './fields.ts';
import { formObject } from './users.ts';

/** Seconds without a call after which a console session ends. */
export const OPERATOR_IDLE_TIMEOUT_S = 1800;

export const OperatorSignInSchema = formObject({
  email: EmailSchema,
  password: v.pipe(v.string(REQUIRED_FIELD), v.nonEmpty(REQUIRED_FIELD), v.maxLength(128, 'Use at most 128 characters.')),
  code: v.pipe(
    v.string(REQUIRED_FIELD),
    v.transform((raw) => raw.replace(/\s+/g, '')),
    v.nonEmpty(REQUIRED_FIELD),
    v.regex(/^\d{6}$/, 'Enter the 6-digit code your authenticator app shows.'),
  ),
});
export type OperatorSignIn = v.InferOutput<typeof OperatorSignInSchema>;

export const OperatorMeSchema = v.object({
  email: v.string(),
  name: v.string(),
  role: v.picklist(OPERATOR_ROLES),
  /** The provider the operator works for (its label in the console's header). */
  provider_name: v.string(),
  idle_timeout_s: v.number(),
});
export type OperatorMe = v.InferOutput<typeof OperatorMeSchema>;

export const SignedOutSchema = v.object({ signed_out: v.literal(true) });

const EXAMPLE_ME: OperatorMe = { email: 'ana.lopez@harborcoin.example', name: 'Ana López', role: 'compliance', provider_name: 'Harbor Coin', idle_timeout_s: OPERATOR_IDLE_TIMEOUT_S };
const ALL_ROLES = OPERATOR_ROLES;

export const operatorSignIn = endpoint({
  id: 'adminSession.signIn',
  method: 'POST',
  base: 'main',
  path: 'admin/session',
  caller: 'public',
  body: OperatorSignInSchema,
  answer: OperatorMeSchema,
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Signs an operator in to the console with email, password and authenticator code; sets the op_token cookie.',
    description:
      'All three must be right; any wrong part answers `operator_sign_in_failed` without saying which. A code is accepted once (a replayed code fails). ' +
      'Five failures within 15 minutes lock the operator for 15 minutes (`account_locked`). Every attempt is written to the audit log. ' +
      'The session ends after 30 minutes without a call.',
    errors: ['operator_sign_in_failed', 'account_locked', 'provider_not_found', 'provider_not_configured'],
    example: { body: { email: 'ana.lopez@harborcoin.example', password: 'Quay-lantern-2026!', code: '492039' }, answer: EXAMPLE_ME },
  },
});

export const operatorSignOut = endpoint({
  id: 'adminSession.signOut',
  method: 'DELETE',
  base: 'main',
  path: 'admin/session',
  caller: 'operator',
  roles: ALL_ROLES,
  answer: SignedOutSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Signs the operator out of the console: the session ends and the cookie is cleared.',
    errors: ['operator_session_required', 'forbidden'],
    example: { answer: { signed_out: true } },
  },
});

export const operatorMe = endpoint({
  id: 'adminSession.me',
  method: 'GET',
  base: 'main',
  path: 'admin/me',
  caller: 'operator',
  roles: ALL_ROLES,
  answer: OperatorMeSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Who is signed in to the console: name, email, role and the idle timeout.',
    errors: ['operator_session_required'],
    example: { answer: EXAMPLE_ME },
  },
});

export const ADMIN_SESSION_ENDPOINTS = [operatorSignIn, operatorSignOut, operatorMe] as const;
