// The developers section's calls (core/contract/developers.ts) for a signed-in merchant user: secret API
// keys, and in test mode the payment simulator and the webhook fault switch. Every call is scoped to the
// merchant the session's user owns; a member without one is 403 forbidden. The simulator's calls are
// registered in both modes so that live mode answers a clear 403 test_mode_only instead of a 404.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createApiKey,
  createSimulatedPayment,
  driveSimulatedPayment,
  getSimulatedPayment,
  getWebhookFault,
  labelApiKey,
  listApiKeys,
  revokeApiKey,
  rollApiKey,
  setWebhookFault,
} from '#core/contract/developers.ts';
import type { Env } from '../env.ts';
import { route } from '../contract/route.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import * as keys from '../merchants/api-keys.ts';
import { merchantOfUser } from '../webhooks/endpoint.ts';
import { createSimulated, driveSimulated, simulatedPayment } from './simulator.ts';
import { faultState, setFault } from './webhook-fault.ts';

export interface DeveloperRouteOptions {
  env: Pick<Env, 'MODE'>;
}

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: ConstructorParameters<typeof ApiError>[0] }): T {
  if (!result.ok) throw new ApiError(result.error);
  return result.value;
}

export async function developerRoutes(app: FastifyInstance, options: DeveloperRouteOptions): Promise<void> {
  const mode = options.env.MODE;
  const keyMode = mode === 'live' ? 'live' : 'test';

  // A new key's secret is in an answer: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  async function merchantOf(request: FastifyRequest): Promise<bigint> {
    const session = sessionOf(request);
    const merchantId = await merchantOfUser(app.db, session.userId, session.providerId);
    if (merchantId === null) throw apiError('forbidden', 'API keys and the simulator belong to merchant accounts. Sign in with your merchant account.');
    return merchantId;
  }

  /** The merchant, once we know this server is in test mode (checked first: live mode says so to anyone). */
  async function testMerchantOf(request: FastifyRequest): Promise<bigint> {
    if (mode !== 'test' || !app.chain.testNetwork) throw apiError('test_mode_only');
    return merchantOf(request);
  }

  route(app, listApiKeys, async ({ request }) => ({ keys: await keys.listApiKeys(app.db, await merchantOf(request)) }));
  route(app, createApiKey, async ({ body, request }) => unwrap(await keys.createApiKey(app.db, await merchantOf(request), body, keyMode)));
  route(app, labelApiKey, async ({ body, request }) => unwrap(await keys.labelApiKey(app.db, await merchantOf(request), body.key_id, body.label)));
  route(app, revokeApiKey, async ({ body, request }) => unwrap(await keys.revokeOwnApiKey(app.db, await merchantOf(request), body.key_id)));
  route(app, rollApiKey, async ({ body, request }) => unwrap(await keys.rollApiKey(app.db, await merchantOf(request), body, keyMode)));

  route(app, createSimulatedPayment, async ({ body, request }) => createSimulated(app, await testMerchantOf(request), body));
  route(app, driveSimulatedPayment, async ({ body, request }) => driveSimulated(app, await testMerchantOf(request), body.transaction_token, body.outcome));
  route(app, getSimulatedPayment, async ({ query, request }) => simulatedPayment(app, await testMerchantOf(request), query.transaction_token));
  route(app, setWebhookFault, async ({ body, request }) => setFault(app.db, await testMerchantOf(request), body.status_code, body.minutes));
  route(app, getWebhookFault, async ({ request }) => faultState(app.db, await testMerchantOf(request)));
}
