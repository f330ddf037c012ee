// Merchant webhooks (issue 5, spec §7 /users/updateWebhook), for a signed-in merchant user:
//   PATCH /v1/users/updateWebhook        {webhook_url, rotate_secret?} -> the URL, and the signing secret once
//   GET   /v1/users/webhook              -> the URL, whether a secret exists (never the secret), the log
//   POST  /v1/users/webhook/redeliver    {event_id} -> queued again, due now
//   POST  /v1/users/webhook/secret       -> the current signing secret (Stripe's "reveal"), created if there is none
// The reveal exists because the secret also signs checkout receipts, and a merchant without a webhook URL
// gets one on their first receipt: they must be able to read it without rotating it (which would break
// every receipt signed so far). It is a POST so no prefetch, crawler or cache ever fetches it.
// A member's session gets 403 forbidden: webhooks belong to merchant accounts. The delivery worker
// starts with these routes and stops when the app closes.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RedeliverWebhookSchema, UpdateWebhookSchema } from '#core/contract/webhooks.ts';
import { ok } from '#core/envelope.ts';
import type { Env } from '../env.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate-input.ts';
import { requireSession, sessionOf } from '../identity/authenticate.ts';
import { startDeliveryWorker } from '../webhooks/delivery-worker.ts';
import { merchantOfUser, redeliver, signingSecret, updateWebhook, webhookDetails } from '../webhooks/endpoint.ts';
import { secretBoxFor } from '../webhooks/secret-box.ts';

export interface WebhookRouteOptions {
  env: Pick<Env, 'APP_SECRET' | 'MODE'>;
}

export async function webhookRoutes(app: FastifyInstance, options: WebhookRouteOptions): Promise<void> {
  const box = secretBoxFor(options.env);
  const mode = options.env.MODE;
  startDeliveryWorker(app, box, mode);

  // The first answer carries the signing secret: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  async function merchantOf(request: FastifyRequest): Promise<bigint> {
    const session = sessionOf(request);
    const merchantId = await merchantOfUser(app.db, session.userId, session.providerId);
    if (merchantId === null) throw apiError('forbidden', 'Webhooks belong to merchant accounts. Sign in with your merchant account.');
    return merchantId;
  }

  app.patch('/v1/users/updateWebhook', { preHandler: requireSession }, async (request) => {
    const body = parseInput(UpdateWebhookSchema, request.body, 'body');
    const merchantId = await merchantOf(request);
    const result = await updateWebhook(app.db, box, merchantId, body, mode);
    if (!result.ok) throw new ApiError(result.error);
    return ok(result.value);
  });

  app.get('/v1/users/webhook', { preHandler: requireSession }, async (request) => {
    const merchantId = await merchantOf(request);
    return ok(await webhookDetails(app.db, merchantId));
  });

  app.post('/v1/users/webhook/redeliver', { preHandler: requireSession }, async (request) => {
    const body = parseInput(RedeliverWebhookSchema, request.body, 'body');
    const merchantId = await merchantOf(request);
    const result = await redeliver(app.db, merchantId, body.event_id);
    if (!result.ok) throw new ApiError(result.error);
    return ok(result.value);
  });

  app.post('/v1/users/webhook/secret', { preHandler: requireSession }, async (request) => {
    const merchantId = await merchantOf(request);
    return ok({ webhook_secret: await signingSecret(app.db, box, merchantId) });
  });
}
