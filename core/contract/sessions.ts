// Signing in and out, and who is signed in (spec §7 /users/login, /currentUser, /users/me): a
// password or a mailed one-time link starts a session, answered in the body for API clients and set
// as the HttpOnly `token` cookie for the browser. currentUser is what every page load of the member
// app asks first; its failures also carry error_message.me.error[0] (spec §7/§8), which decides
// between /login, /change-password and the Session Timeout modal.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { EmailSchema, LanguageSchema, OpaqueTokenSchema } from './fields.ts';
import { CurrentPasswordSchema, EXAMPLE_SESSION, EXAMPLE_USER, formObject, SessionAnswerSchema, UserInfoAnswerSchema, UserInfoSchema, UserTokenSchema } from './users.ts';
import { object } from './schema-kit.ts';

/** POST /v1/users/login */
export const LoginBodySchema = formObject({ email: EmailSchema, password: CurrentPasswordSchema });
export type LoginBody = v.InferOutput<typeof LoginBodySchema>;

/** Seconds a sign-in link (login/token) stays valid: 15 minutes. */
export const LOGIN_LINK_VALIDITY_S = 900;

/** POST /v1/users/loginLink */
export const LoginLinkInputSchema = formObject({ email: EmailSchema, language: v.optional(LanguageSchema) });
export type LoginLinkInput = v.InferOutput<typeof LoginLinkInputSchema>;

export const LoginLinkAnswerSchema = v.object({
  /** Always true: "if an account exists for this address, a sign-in link is on its way". */
  sent: v.literal(true),
});
export type LoginLinkAnswer = v.InferOutput<typeof LoginLinkAnswerSchema>;

/** POST /v1/users/loginWithToken: the token of the link (?token=). */
export const LoginWithTokenInputSchema = formObject({ token: OpaqueTokenSchema });
export type LoginWithTokenInput = v.InferOutput<typeof LoginWithTokenInputSchema>;

export const LogoutAnswerSchema = v.object({ logged_out: v.literal(true) });
export type LogoutAnswer = v.InferOutput<typeof LogoutAnswerSchema>;

/** GET /v1/currentUser and GET /v1/users/me: `is_flow=1` belongs to the guest checkout and is accepted and ignored here. */
export const CurrentUserQuerySchema = object({
  ip: v.optional(v.pipe(v.string(), v.maxLength(64))),
  is_flow: v.optional(v.picklist(['0', '1'])),
});

/** GET /v1/currentUser never echoes the session key. */
export const CurrentUserAnswerSchema = v.object({ user_info: UserInfoSchema, user_token: UserTokenSchema });
export type CurrentUserAnswer = v.InferOutput<typeof CurrentUserAnswerSchema>;

/** GET /v1/users/me */
export const MeAnswerSchema = UserInfoAnswerSchema;
export type MeAnswer = v.InferOutput<typeof MeAnswerSchema>;

export const login = endpoint({
  id: 'sessions.login',
  method: 'POST',
  base: 'main',
  path: 'users/login',
  caller: 'public',
  body: LoginBodySchema,
  answer: SessionAnswerSchema,
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Signs in with email and password; answers the session and sets the session cookie.',
    description:
      'Five wrong passwords within 15 minutes lock the account for 15 minutes (`account_locked`, the message says when to retry). ' +
      'With login codes on, a code is mailed and `doubleAuth` is 0 until POST /v1/verify/verifyOTP (purpose `login`) accepts it. A new login ends the earlier session.',
    errors: ['invalid_credentials', 'account_locked', 'account_blocked', 'provider_not_found'],
    example: { body: { email: 'clara.ruiz@example.com', password: 'Lantern-harbour-42' }, answer: EXAMPLE_SESSION },
  },
});

export const logout = endpoint({
  id: 'sessions.logout',
  method: 'POST',
  base: 'main',
  path: 'users/logout',
  caller: 'member',
  session: 'optional',
  answer: LogoutAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Signs out: ends the session and clears the session cookie, even when the session had already ended.',
    description: 'A cookie call from another site (no Origin of this platform) clears the cookie but cannot end the session.',
    errors: [],
    example: { answer: { logged_out: true } },
  },
});

export const loginLink = endpoint({
  id: 'sessions.loginLink',
  method: 'POST',
  base: 'main',
  path: 'users/loginLink',
  caller: 'public',
  body: LoginLinkInputSchema,
  answer: LoginLinkAnswerSchema,
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Mails a one-time sign-in link, valid 15 minutes, if an account exists for the address.',
    description: 'Always answers `{sent: true}` before anything is looked up, so neither the answer nor its timing tells who has an account.',
    errors: ['provider_not_found', 'provider_not_configured'],
    example: { body: { email: 'clara.ruiz@example.com', language: 'es' }, answer: { sent: true } },
  },
});

export const loginWithToken = endpoint({
  id: 'sessions.loginWithToken',
  method: 'POST',
  base: 'main',
  path: 'users/loginWithToken',
  caller: 'public',
  body: LoginWithTokenInputSchema,
  answer: SessionAnswerSchema,
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Signs in with the token of a mailed sign-in link; answers exactly what login answers.',
    description: 'A link works once and for 15 minutes.',
    errors: ['login_link_invalid', 'account_locked', 'account_blocked', 'provider_not_found', 'provider_not_configured'],
    example: { body: { token: 'Zb3Lq9XwR2mT7vKc4nHs8pJd1fYg6aUe0oWiExNrQkM' }, answer: EXAMPLE_SESSION },
  },
});

export const currentUser = endpoint({
  id: 'sessions.currentUser',
  method: 'GET',
  base: 'main',
  path: 'currentUser',
  caller: 'member',
  session: 'during_double_auth',
  query: CurrentUserQuerySchema,
  answer: CurrentUserAnswerSchema,
  format: 'current_user',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The signed-in user and their user token, also while this sign-in\'s login code is pending.',
    description:
      'A failure also carries `error_message.me.error[0]`, the code (spec §7): `expired_password` sends the member to /change-password, ' +
      '`invalid_session` shows the Session Timeout modal, anything else signs out. The session key is never answered.',
    errors: ['unauthorized', 'invalid_session', 'session_expired', 'expired_password', 'provider_not_found'],
    example: { query: { is_flow: '1' }, answer: { user_info: EXAMPLE_USER, user_token: EXAMPLE_USER.user_token } },
  },
});

export const me = endpoint({
  id: 'sessions.me',
  method: 'GET',
  base: 'main',
  path: 'users/me',
  caller: 'member',
  session: 'during_double_auth',
  query: CurrentUserQuerySchema,
  answer: MeAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The signed-in user, also while this sign-in\'s login code is pending.',
    errors: ['unauthorized', 'invalid_session', 'session_expired', 'expired_password', 'provider_not_found'],
    example: { query: {}, answer: { user_info: EXAMPLE_USER } },
  },
});

export const SESSIONS_ENDPOINTS = [login, logout, loginLink, loginWithToken, currentUser, me];
