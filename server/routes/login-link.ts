// Sign in with a mailed one-time link (the member app's /login/token page). loginLink answers
// { sent: true } whatever the email, before anything is looked up or mailed (like forgetPassword),
// so neither its answer nor its timing tells who has an account. loginWithToken answers exactly what
// login answers, cookie included.

import type { FastifyInstance } from 'fastify';
import { loginLink, loginWithToken } from '#core/contract/sessions.ts';
import { route } from '../contract/route.ts';
import { loginWithToken as signInWithToken, requestLoginLink } from '../identity/login-link.ts';
import { countryFromHeaders } from './geo.ts';
import { linkOrigin } from './password-reset.ts';
import { sessionAnswer } from './users.ts';

export async function loginLinkRoutes(app: FastifyInstance): Promise<void> {
  // The answer of loginWithToken carries a session key: never stored by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
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
}
