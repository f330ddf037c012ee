// Refunds and accepted exceptions (core/contract/refunds.ts): the merchant's calls, for a signed-in
// merchant user only (a member without a merchant gets 403 forbidden), each on its own payments only;
// and the buyer's public claim calls. The releaser of expired claims starts with these routes.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptPayment, createRefund, listRefunds, readRefundClaim, sendRefundLink, submitRefundClaim } from '#core/contract/refunds.ts';
import type { Env } from '../env.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';
import { IDEMPOTENCY_HEADER } from '../http/idempotency.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { merchantOfUser } from '../webhooks/endpoint.ts';
import { secretBoxFor } from '../webhooks/secret-box.ts';
import { acceptPayment as accept } from './accept-payment.ts';
import { createRefund as create, sendRefundLink as sendLink, type Merchant } from './create-refund.ts';
import { paymentRefunds } from './payment-refunds.ts';
import { readRefundClaim as readClaim, submitRefundClaim as submitClaim } from './refund-claim.ts';
import { refundPayoutHandlers } from './refund-payout-handlers.ts';
import { startRefundReleaser } from './release-expired.ts';

export interface RefundRouteOptions {
  env: Pick<Env, 'APP_SECRET' | 'MODE'>;
}

export async function refundRoutes(app: FastifyInstance, options: RefundRouteOptions): Promise<void> {
  const box = secretBoxFor(options.env);
  const deps = () => ({ db: app.db, box, mailer: app.notifier.mailer, publicUrl: app.notifier.publicUrl, chain: app.chain });
  startRefundReleaser(app);
  app.chain.payouts.onPayout('refund', refundPayoutHandlers);

  // Answers carry claim links (bearer tokens for the buyer's money): never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  async function merchantOf(request: FastifyRequest): Promise<Merchant> {
    const session = sessionOf(request);
    const merchantId = await merchantOfUser(app.db, session.userId, session.providerId);
    if (merchantId === null) throw apiError('forbidden', 'Refunds belong to merchant accounts. Sign in with your merchant account.');
    const row = await app.db.selectFrom('merchants').select('name').where('id', '=', merchantId).executeTakeFirstOrThrow();
    return { id: merchantId, providerId: session.providerId, name: row.name };
  }

  route(app, acceptPayment, async ({ body, request }) => accept(app.db, (await merchantOf(request)).id, body.transaction_id, app.rates));

  route(app, createRefund, async ({ body, request }) => {
    const merchant = await merchantOf(request);
    const raw = request.headers[IDEMPOTENCY_HEADER];
    const key = (Array.isArray(raw) ? raw[0] : raw) ?? null;
    return create(deps(), merchant, body, key);
  });

  route(app, listRefunds, async ({ query, request }) => paymentRefunds(app.db, deps(), (await merchantOf(request)).id, query.transaction_id));

  route(app, sendRefundLink, async ({ body, request }) => sendLink(deps(), await merchantOf(request), body));

  route(app, readRefundClaim, async ({ body }) => readClaim(app.db, app.chain, body.token));

  route(app, submitRefundClaim, async ({ body }) => submitClaim(app.db, app.chain, body));
}
