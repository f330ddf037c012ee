// GET /v1/users/limits (core/contract/limits.ts): the signed-in member's level and limits; and in test
// mode only (route() does not register it in live mode) POST /v1/test-mode/verifyIdentity.

import type { FastifyInstance } from 'fastify';
import { getUserLimits, testVerifyIdentity } from '#core/contract/limits.ts';
import { route } from '../contract/route.ts';
import { sessionOf } from '../identity/authenticate.ts';
import type { Env } from '../env.ts';
import { memberLimits } from './member-limits.ts';
import { approveTestProofOfAddress } from './test-proof-of-address.ts';

export async function limitsRoutes(app: FastifyInstance, options: { env: Pick<Env, 'APP_SECRET' | 'MODE'> }): Promise<void> {
  // One member's figures: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, getUserLimits, async ({ request }) => {
    const session = sessionOf(request);
    return memberLimits(app.db, { providerId: session.providerId, userId: session.userId }, app.rates.now());
  });

  route(app, testVerifyIdentity, async ({ request, body }) => {
    const session = sessionOf(request);
    await app.db.updateTable('users').set({ compliance_status: 'successful' }).where('id', '=', session.userId).where('provider_id', '=', session.providerId).execute();
    if (body.level === 'enhanced') await approveTestProofOfAddress(app.db, options.env, { providerId: session.providerId, userId: session.userId });
    return memberLimits(app.db, { providerId: session.providerId, userId: session.userId }, app.rates.now());
  });
}
