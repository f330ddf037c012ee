// The users resource (spec §7, issue 3): registration attempt, register, login, logout, the current
// user (users/me and currentUser), change password, profile edit and onboarding. Sessions and the
// rules behind them live in server/identity/; these handlers read input through the contract schemas
// of core/contract/users.ts and answer the envelope.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ChangePasswordBodySchema,
  CurrentUserQuerySchema,
  EditProfileBodySchema,
  LoginBodySchema,
  OnboardingBodySchema,
  RegisterBodySchema,
  RegistrationAttemptBodySchema,
  type SessionAnswer,
} from '#core/contract/users.ts';
import { ok } from '#core/envelope.ts';
import { ERRORS } from '#core/errors.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate-input.ts';
import {
  authenticateRequest,
  clearSessionCookie,
  optionalSession,
  requireSession,
  requireSessionDuringDoubleAuth,
  requireSessionWithExpiredPassword,
  sessionOf,
  setSessionCookie,
} from '../identity/authenticate.ts';
import { login } from '../identity/login.ts';
import { changePassword, editProfile, completeOnboarding } from '../identity/profile.ts';
import { createRegistrationAttempt } from '../identity/registration-attempts.ts';
import { register } from '../identity/register.ts';
import { endSession, type StartedSession } from '../identity/sessions.ts';
import { loadUserInfo } from '../identity/user-info.ts';
import { withMoney } from '../money/user-info-money.ts';
import { authRateLimit, type AuthRouteOptions } from '../http/auth-rate-limit.ts';
import { countryFromHeaders } from './geo.ts';

export async function usersRoutes(app: FastifyInstance, options: AuthRouteOptions = {}): Promise<void> {
  // Answers carry personal data and session keys: never stored by a browser or proxy cache.
  app.addHook('onSend', async (request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const limited = { config: { rateLimit: authRateLimit(options.perMinute) } };

  app.post('/v1/users/registrationAttempt', limited, async (request) => {
    const body = parseInput(RegistrationAttemptBodySchema, request.body, 'body');
    const providerId = await providerIdOf(request);
    const taken = await app.db.selectFrom('users').select('id').where('provider_id', '=', providerId).where('email', '=', body.email).executeTakeFirst();
    if (taken) throw apiError('email_taken', undefined, { email: [ERRORS.email_taken.message] });
    const { regToken } = await createRegistrationAttempt(app.db, { providerId, ...body }, app.identity.now());
    return ok({ reg_token: regToken });
  });

  app.post('/v1/users/register', limited, async (request, reply) => {
    const body = parseInput(RegisterBodySchema, request.body, 'body');
    const providerId = await providerIdOf(request);
    const created = await register(app, providerId, body, countryFromHeaders(request.headers));
    return sessionAnswer(reply, created, created.userToken, 0);
  });

  app.post('/v1/users/login', limited, async (request, reply) => {
    const body = parseInput(LoginBodySchema, request.body, 'body');
    const providerId = await providerIdOf(request);
    const result = await login(app, providerId, body, countryFromHeaders(request.headers));
    return sessionAnswer(reply, result, result.userToken, result.doubleAuth);
  });

  // Signing out always succeeds and always clears the cookie, even when the session had already ended.
  app.post('/v1/users/logout', { preHandler: optionalSession }, async (request, reply) => {
    if (request.session) await endSession(app.db, request.session.sessionId, 'logout', app.identity.now());
    clearSessionCookie(reply);
    return ok({ logged_out: true });
  });

  app.get('/v1/users/me', { preHandler: requireSessionDuringDoubleAuth }, async (request) => {
    parseInput(CurrentUserQuerySchema, request.query, 'query');
    const session = sessionOf(request);
    return ok({ user_info: await withMoney(app, session, await loadUserInfo(app.db, session)) });
  });

  // Spec §7/§8: the app reads error_message.me.error[0] (expired_password sends it to /change-password,
  // invalid_session shows the Session Timeout modal), so this route shapes its own failures.
  app.get('/v1/currentUser', async (request, reply) => {
    parseInput(CurrentUserQuerySchema, request.query, 'query');
    try {
      const session = await authenticateRequest(request, reply, { allowPendingDoubleAuth: true });
      return ok({ user_info: await withMoney(app, session, await loadUserInfo(app.db, session)), user_token: session.userToken });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      request.log.info({ code: error.body.code, status: error.statusCode }, 'request refused');
      return reply.code(error.statusCode).send({ request_status: '0', error_message: { ...error.body, me: { error: [error.body.code] } } });
    }
  });

  // Limited like login: a stolen session must not become a way to guess the current password.
  app.patch('/v1/users/changePassword', { preHandler: requireSessionWithExpiredPassword, ...limited }, async (request, reply) => {
    const body = parseInput(ChangePasswordBodySchema, request.body, 'body');
    const session = sessionOf(request);
    const result = await changePassword(app, session, body);
    return sessionAnswer(reply, result, session.userToken, result.doubleAuth);
  });

  app.patch('/v1/users/edit', { preHandler: requireSession }, async (request) => {
    const body = parseInput(EditProfileBodySchema, request.body, 'body');
    const session = sessionOf(request);
    await editProfile(app, session, body);
    return ok({ user_info: await withMoney(app, session, await loadUserInfo(app.db, session)) });
  });

  app.post('/v1/users/onboarding', { preHandler: requireSession }, async (request, reply) => {
    const body = parseInput(OnboardingBodySchema, request.body, 'body');
    const session = sessionOf(request);
    const result = await completeOnboarding(app, session, body);
    return sessionAnswer(reply, result, session.userToken, result.doubleAuth);
  });
}

async function providerIdOf(request: FastifyRequest): Promise<bigint> {
  const state = await request.provider();
  if (state.status === 'unknown_host') throw apiError('provider_not_found');
  return state.provider.id;
}

/** login, register, changePassword and onboarding: the session in the body for API clients, and in the HttpOnly cookie for the browser. */
export function sessionAnswer(reply: FastifyReply, started: StartedSession, userToken: string, doubleAuth: 0 | 1) {
  setSessionCookie(reply, { userToken, sessionKey: started.sessionKey });
  const details: SessionAnswer = { user_token: userToken, session_key: started.sessionKey, doubleAuth };
  return ok(details);
}

