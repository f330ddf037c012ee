// POST /v1/users/loginLink and POST /v1/users/loginWithToken: sign in with a mailed one-time link
// (the member app's /login/token page). loginLink answers { sent: true } whatever the email, before
// anything is looked up or mailed (like forgetPassword), so neither its answer nor its timing tells
// who has an account. loginWithToken answers exactly what login answers, cookie included.

import type { FastifyInstance } from 'fastify';
import { LoginLinkInputSchema, LoginWithTokenInputSchema, type LoginLinkAnswer } from '#core/contract/users.ts';
import { ok } from '#core/envelope.ts';
import { parseInput } from '../http/validate-input.ts';
import { loginWithToken, requestLoginLink } from '../identity/login-link.ts';
import { authRateLimit, type AuthRouteOptions } from '../http/auth-rate-limit.ts';
import { countryFromHeaders } from './geo.ts';
import { linkOrigin, readyProviderId } from './password-reset.ts';
import { sessionAnswer } from './users.ts';

export async function loginLinkRoutes(app: FastifyInstance, options: AuthRouteOptions = {}): Promise<void> {
  // The answer of loginWithToken carries a session key: never stored by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const limited = { config: { rateLimit: authRateLimit(options.perMinute) } };

  app.post('/v1/users/loginLink', limited, async (request) => {
    const body = parseInput(LoginLinkInputSchema, request.body, 'body');
    const providerId = await readyProviderId(request);
    const wanted = { providerId, email: body.email, language: body.language, origin: linkOrigin(app.notifier.publicUrl, request.hostname), now: app.identity.now() };
    // After the answer: looking the address up and mailing would make a known address answer slower.
    app.notifier.background(
      () => requestLoginLink(app, wanted),
      (error) => request.log.error({ err: error }, 'sign-in link mail failed'),
    );
    const answer: LoginLinkAnswer = { sent: true };
    return ok(answer);
  });

  app.post('/v1/users/loginWithToken', limited, async (request, reply) => {
    const body = parseInput(LoginWithTokenInputSchema, request.body, 'body');
    const providerId = await readyProviderId(request);
    const result = await loginWithToken(app, providerId, body.token, countryFromHeaders(request.headers));
    return sessionAnswer(reply, result, result.userToken, result.doubleAuth);
  });
}
