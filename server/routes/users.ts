// The users resource (spec §7): registration attempt, register, login, logout, the current user
// (users/me and currentUser), change password, profile edit and onboarding, each registered from its
// endpoint in core/contract (sessions.ts, registration.ts, profile.ts). Sessions and the rules behind
// them live in server/identity/; these handlers only join the two.
//
// Sign-in and registration need a provider that is ready, not merely known: on a provider without
// (valid) settings no later step of those journeys works (the codes, the mails, the app itself).

import type { FastifyInstance, FastifyReply } from 'fastify';
import { changePassword, editProfile } from '#core/contract/profile.ts';
import { onboarding, register, registrationAttempt } from '#core/contract/registration.ts';
import { currentUser, login, logout, me } from '#core/contract/sessions.ts';
import type { SessionAnswer } from '#core/contract/users.ts';
import { ERRORS } from '#core/errors.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';
import { clearSessionCookie, sessionOf, setSessionCookie, type RequestSession } from '../identity/authenticate.ts';
import { login as signIn } from '../identity/login.ts';
import * as profile from '../identity/profile.ts';
import { createRegistrationAttempt } from '../identity/registration-attempts.ts';
import { register as createMember } from '../identity/register.ts';
import { endSession, type StartedSession } from '../identity/sessions.ts';
import { loadUserInfo } from '../identity/user-info.ts';
import { withMoney } from '../money/user-info-money.ts';
import { countryFromHeaders } from './geo.ts';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  // Answers carry personal data and session keys: never stored by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const userInfoOf = async (session: RequestSession) => withMoney(app, session, await loadUserInfo(app.db, session));

  route(app, registrationAttempt, async ({ body, request }) => {
    const { provider } = await request.readyProvider();
    const taken = await app.db.selectFrom('users').select('id').where('provider_id', '=', provider.id).where('email', '=', body.email).executeTakeFirst();
    if (taken) throw apiError('email_taken', undefined, { email: [ERRORS.email_taken.message] });
    const { regToken } = await createRegistrationAttempt(app.db, { providerId: provider.id, ...body }, app.identity.now());
    return { reg_token: regToken };
  });

  route(app, register, async ({ body, request, reply }) => {
    const { provider } = await request.readyProvider();
    const created = await createMember(app, provider.id, body, countryFromHeaders(request.headers));
    return sessionAnswer(reply, created, created.userToken, 0);
  });

  route(app, login, async ({ body, request, reply }) => {
    const { provider } = await request.readyProvider();
    const result = await signIn(app, provider.id, body, countryFromHeaders(request.headers));
    return sessionAnswer(reply, result, result.userToken, result.doubleAuth);
  });

  // Signing out always succeeds and always clears the cookie, even when the session had already ended.
  route(app, logout, async ({ request, reply }) => {
    if (request.session) await endSession(app.db, request.session.sessionId, 'logout', app.identity.now());
    clearSessionCookie(reply);
    return { logged_out: true as const };
  });

  route(app, me, async ({ request }) => ({ user_info: await userInfoOf(sessionOf(request)) }));

  // Its failures carry error_message.me.error[0] (spec §7/§8): the endpoint's format asks the error handler for it.
  route(app, currentUser, async ({ request }) => {
    const session = sessionOf(request);
    return { user_info: await userInfoOf(session), user_token: session.userToken };
  });

  route(app, changePassword, async ({ body, request, reply }) => {
    const session = sessionOf(request);
    const result = await profile.changePassword(app, session, body);
    return sessionAnswer(reply, result, session.userToken, result.doubleAuth);
  });

  route(app, editProfile, async ({ body, request }) => {
    const session = sessionOf(request);
    await profile.editProfile(app, session, body);
    return { user_info: await userInfoOf(session) };
  });

  route(app, onboarding, async ({ body, request, reply }) => {
    const session = sessionOf(request);
    const result = await profile.completeOnboarding(app, session, body);
    return sessionAnswer(reply, result, session.userToken, result.doubleAuth);
  });
}

/** login, register, changePassword, onboarding and loginWithToken: the session in the body for API clients, and in the HttpOnly cookie for the browser. */
export function sessionAnswer(reply: FastifyReply, started: StartedSession, userToken: string, doubleAuth: 0 | 1): SessionAnswer {
  setSessionCookie(reply, { userToken, sessionKey: started.sessionKey });
  return { user_token: userToken, session_key: started.sessionKey, doubleAuth };
}
