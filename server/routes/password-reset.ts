// POST /v1/users/forgetPassword and POST /v1/users/resetPassword. forgetPassword answers the same
// whether or not the address has an account, so it cannot be used to find out who is a member.
//
// The link points at the provider's own host (the request's host name with PUBLIC_URL's scheme and
// port), so a Harbor Coin member lands on Harbor Coin. This is safe from Host-header poisoning:
// only a host registered to a provider resolves at all, and the port is never taken from the request.

import type { FastifyInstance } from 'fastify';
import { forgetPassword, resetPassword } from '#core/contract/profile.ts';
import { route } from '../contract/route.ts';
import { requestPasswordReset, resetPassword as setNewPassword } from '../verification/password-reset.ts';

export function linkOrigin(publicUrl: string, hostname: string): string {
  const url = new URL(publicUrl);
  url.hostname = hostname;
  return url.origin;
}

export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  // Answers say nothing secret, but a reset form's answer has no business in a cache either.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, forgetPassword, async ({ body, request }) => {
    const { provider } = await request.readyProvider();
    const reset = { providerId: provider.id, email: body.email, language: body.language, origin: linkOrigin(app.notifier.publicUrl, request.hostname), now: app.identity.now() };
    // After the answer: looking the address up and mailing would make a known address answer slower.
    app.notifier.background(
      () => requestPasswordReset(app.db, app.notifier, reset),
      (error) => request.log.error({ err: error }, 'password reset mail failed'),
    );
    return { sent: true as const };
  });

  route(app, resetPassword, async ({ body, request }) => {
    const { provider } = await request.readyProvider();
    await setNewPassword(app.db, { providerId: provider.id, resetToken: body.reset_token, password: body.password, now: app.identity.now() });
    return { reset: true as const };
  });
}
