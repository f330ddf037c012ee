// POST /v1/users/forgetPassword and POST /v1/users/resetPassword. forgetPassword answers the same
// whether or not the address has an account, so it cannot be used to find out who is a member.
//
// The link points at the provider's own host (the request's host name with PUBLIC_URL's scheme and
// port), so a Harbor Coin member lands on Harbor Coin. This is safe from Host-header poisoning:
// only a host registered to a provider resolves at all, and the port is never taken from the request.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForgetPasswordSchema, ResetPasswordSchema, type ForgetPasswordAnswer, type ResetPasswordAnswer } from '#core/contract/verify.ts';
import { ok } from '#core/envelope.ts';
import { apiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate-input.ts';
import { requestPasswordReset, resetPassword } from '../verification/password-reset.ts';
import { authRateLimit, DEFAULT_AUTH_RATE_LIMIT_PER_MINUTE, type AuthRouteOptions } from '../http/auth-rate-limit.ts';

export function linkOrigin(publicUrl: string, hostname: string): string {
  const url = new URL(publicUrl);
  url.hostname = hostname;
  return url.origin;
}

export async function readyProviderId(request: FastifyRequest): Promise<bigint> {
  const state = await request.provider();
  if (state.status === 'unknown_host') throw apiError('provider_not_found');
  if (state.status === 'not_configured') throw apiError('provider_not_configured');
  return state.provider.id;
}

export async function passwordResetRoutes(app: FastifyInstance, options: AuthRouteOptions = {}): Promise<void> {
  // Half the sign-in limit: a reset mails a stranger's inbox, so it is the cheaper one to abuse.
  const rateLimit = authRateLimit(Math.max(1, Math.ceil((options.perMinute ?? DEFAULT_AUTH_RATE_LIMIT_PER_MINUTE) / 2)));
  // Answers name where codes went and what is verified: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/v1/users/forgetPassword', { config: { rateLimit } }, async (request) => {
    const body = parseInput(ForgetPasswordSchema, request.body, 'body');
    const providerId = await readyProviderId(request);
    const reset = { providerId, email: body.email, language: body.language, origin: linkOrigin(app.notifier.publicUrl, request.hostname), now: app.identity.now() };
    // After the answer: looking the address up and mailing would make a known address answer slower.
    app.notifier.background(
      () => requestPasswordReset(app.db, app.notifier, reset),
      (error) => request.log.error({ err: error }, 'password reset mail failed'),
    );
    const answer: ForgetPasswordAnswer = { sent: true };
    return ok(answer);
  });

  app.post('/v1/users/resetPassword', { config: { rateLimit } }, async (request) => {
    const body = parseInput(ResetPasswordSchema, request.body, 'body');
    const providerId = await readyProviderId(request);
    await resetPassword(app.db, { providerId, resetToken: body.reset_token, password: body.password, now: app.identity.now() });
    const answer: ResetPasswordAnswer = { reset: true };
    return ok(answer);
  });
}
