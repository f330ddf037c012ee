// Sign-in and sessions (core/contract/sessions.ts): login, logout, the mailed sign-in link, and who is
// signed in (users/me, currentUser). Sessions and their rules live in server/identity/; these handlers
// only join the two. Sign-in needs a provider that is ready, not merely known: on a provider without
// (valid) settings no later step of the journey works.
//
// loginLink answers { sent: true } whatever the email, before anything is looked up or mailed (like
// forgetPassword), so neither its answer nor its timing tells who has an account.

import type { FastifyInstance } from 'fastify';
import { currentUser, login, loginLink, loginWithToken, logout, me } from '#core/contract/sessions.ts';
import { route } from '../contract/route.ts';
import { countryFromHeaders } from '../http/visitor-country.ts';
import { clearSessionCookie, sessionOf } from '../identity/authenticate.ts';
import { login as signIn } from '../identity/login.ts';
import { loginWithToken as signInWithToken, requestLoginLink } from '../identity/login-link.ts';
import { sessionAnswer } from '../identity/session-answer.ts';
import { endSession } from '../identity/sessions.ts';
import { userInfoWithMoney } from '../money/user-info-money.ts';
import { linkOrigin } from '../verification/link-origin.ts';

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  // Answers carry personal data and session keys: never stored by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
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

  route(app, loginLink, async ({ body, request }) => {
    const { provider } = await request.readyProvider();
    const wanted = { providerId: provider.id, email: body.email, language: body.language, origin: linkOrigin(app.notifier.publicUrl, request.hostname), now: app.identity.now() };
    // After the answer: looking the address up and mailing would make a known address answer slower.
    app.notifier.background(
      () => requestLoginLink(app, wanted),
      (error) => request.log.error({ err: error }, 'sign-in link mail failed'),
    );
    return { sent: true as const };
  });

  route(app, loginWithToken, async ({ body, request, reply }) => {
    const { provider } = await request.readyProvider();
    const result = await signInWithToken(app, provider.id, body.token, countryFromHeaders(request.headers));
    return sessionAnswer(reply, result, result.userToken, result.doubleAuth);
  });

  route(app, me, async ({ request }) => ({ user_info: await userInfoWithMoney(app, sessionOf(request)) }));

  // Its failures carry error_message.me.error[0] (spec §7/§8): the endpoint's format asks the error handler for it.
  route(app, currentUser, async ({ request }) => {
    const session = sessionOf(request);
    return { user_info: await userInfoWithMoney(app, session), user_token: session.userToken };
  });
}
