// Merchant webhooks (core/contract/webhooks.ts), for a signed-in merchant user: set the endpoint, read
// the delivery log, redeliver an event, send a test event, reveal the signing secret. A member's session gets 403
// forbidden: webhooks belong to merchant accounts. The delivery worker starts with these routes and
// stops when the app closes.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getWebhook, redeliverWebhook, revealWebhookSecret, sendTestWebhook, updateWebhook } from '#core/contract/webhooks.ts';
import type { Env } from '../env.ts';
import { route } from '../contract/route.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { startDeliveryWorker } from '../webhooks/delivery-worker.ts';
import { merchantOfUser, redeliver, sendTestEvent, signingSecret, updateWebhook as saveWebhook, webhookDetails } from '../webhooks/endpoint.ts';
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

  route(app, updateWebhook, async ({ body, request }) => {
    const merchantId = await merchantOf(request);
    const result = await saveWebhook(app.db, box, merchantId, body, mode);
    if (!result.ok) throw new ApiError(result.error);
    return result.value;
  });

  route(app, getWebhook, async ({ request }) => webhookDetails(app.db, await merchantOf(request)));

  route(app, redeliverWebhook, async ({ body, request }) => {
    const merchantId = await merchantOf(request);
    const result = await redeliver(app.db, merchantId, body.event_id);
    if (!result.ok) throw new ApiError(result.error);
    return result.value;
  });

  route(app, sendTestWebhook, async ({ request }) => {
    const result = await sendTestEvent(app.db, await merchantOf(request));
    if (!result.ok) throw new ApiError(result.error);
    return result.value;
  });

  route(app, revealWebhookSecret, async ({ request }) => ({ webhook_secret: await signingSecret(app.db, box, await merchantOf(request)) }));
}
