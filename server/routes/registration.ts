// Registration (core/contract/registration.ts): the registration attempt that proves the email and
// mobile first (registration_new_flow), the account, and the onboarding details completed after it.
// Registration needs a provider that is ready, not merely known: on a provider without (valid)
// settings no later step of the journey works (the codes, the mails, the app itself).

import type { FastifyInstance } from 'fastify';
import { onboarding, register, registrationAttempt } from '#core/contract/registration.ts';
import { ERRORS } from '#core/errors.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';
import { countryFromHeaders } from '../http/visitor-country.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { completeOnboarding } from '../identity/profile.ts';
import { createRegistrationAttempt } from '../identity/registration-attempts.ts';
import { register as createMember } from '../identity/register.ts';
import { sessionAnswer } from '../identity/session-answer.ts';

export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  // Answers carry session keys and registration tokens: never stored by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

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

  route(app, onboarding, async ({ body, request, reply }) => {
    const session = sessionOf(request);
    const result = await completeOnboarding(app, session, body);
    return sessionAnswer(reply, result, session.userToken, result.doubleAuth);
  });
}
