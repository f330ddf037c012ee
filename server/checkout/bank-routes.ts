// The guest checkout paid by bank (core/contract/paynet-bank.ts): the wire's two calls, served in both
// modes (live mode answers bank_account_missing until a provider's receiving account is configured: the
// only accounts the platform knows are the labelled test bank's), with the window's sweep; and online
// banking's two calls, registered next to the bank's callback, in test mode only (server/app.ts) while
// the only bank is the test bank.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { onlineBankingPay, onlineBankingStatus, wirePreAuth, wirePreAuthStatus } from '#core/contract/paynet-bank.ts';
import { appError, type AppError } from '#core/errors.ts';
import { route } from '../contract/route.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { ApiError } from '../http/api-error.ts';
import { IDEMPOTENCY_HEADER } from '../http/idempotency.ts';
import type { BankConnection } from '../online-banking/bank-client.ts';
import { startPeriodicJob } from '../plugins/periodic-job.ts';
import { checkoutAnswer, loadFlowCheckout, merchantPublicId } from './checkouts.ts';
import { flowOf } from './flow-token.ts';
import { onlineBankingStatusOf, startOnlineBanking } from './online-banking-payment.ts';
import { closeExpiredWires, startWire, wireStatus } from './wire-payment.ts';

/** Wires past their window are closed within a minute. */
const WIRE_SWEEP_MS = 60_000;

function fail(error: AppError): never {
  throw new ApiError(error);
}

function requireIdempotencyKey(request: FastifyRequest): void {
  // Money moves: a retry must replay, never start a second payment, so the key is not optional here.
  if (request.headers[IDEMPOTENCY_HEADER] === undefined) fail(appError('validation_failed', 'Send an Idempotency-Key header (a new UUID for each payment) so a retry can never pay twice.', { 'Idempotency-Key': ['Send an Idempotency-Key header.'] }));
}

function flowHelpers(app: FastifyInstance) {
  const now = () => app.identity.now();
  const ownCheckout = async (request: FastifyRequest): Promise<CheckoutRow> => {
    const loaded = await loadFlowCheckout(app.db, flowOf(request), now());
    return loaded.ok ? loaded.checkout : fail(loaded.error);
  };
  const answer = async (checkout: CheckoutRow) => checkoutAnswer(checkout, await merchantPublicId(app.db, checkout.merchant_id));
  return { now, ownCheckout, answer };
}

export async function checkoutWireRoutes(app: FastifyInstance, options: { mode: 'test' | 'live' }): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const { now, ownCheckout, answer } = flowHelpers(app);

  startPeriodicJob(app, {
    name: 'checkout wire window',
    everyMs: WIRE_SWEEP_MS,
    run: () => closeExpiredWires(app.db, now()),
    report: (closed) => {
      if (closed > 0) app.log.info({ closed }, 'guest wires past their window closed');
    },
  });

  route(app, wirePreAuth, async ({ request }) => {
    requireIdempotencyKey(request);
    if (options.mode === 'live') fail(appError('bank_account_missing'));
    const { provider } = await request.readyProvider();
    const started = await startWire({ db: app.db, rates: app.rates, provider, now: now() }, await ownCheckout(request));
    if (!started.ok) fail(started.error);
    return { outcome: started.outcome, checkout: await answer(started.checkout), wire: started.wire };
  });

  route(app, wirePreAuthStatus, async ({ params, request }) => {
    const { provider } = await request.readyProvider();
    const found = await wireStatus({ db: app.db, provider, now: now() }, await ownCheckout(request), params.id);
    if (!found.ok) fail(found.error);
    return { wire: found.wire, checkout: await answer(found.checkout) };
  });
}

export async function checkoutOnlineBankingRoutes(app: FastifyInstance, options: { bank: BankConnection; publicUrl: string }): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const { now, ownCheckout, answer } = flowHelpers(app);

  route(app, onlineBankingPay, async ({ body, request }) => {
    requireIdempotencyKey(request);
    const { provider } = await request.readyProvider();
    const ctx = { db: app.db, rates: app.rates, bank: options.bank, publicUrl: options.publicUrl, provider, now: now() };
    const started = await startOnlineBanking(ctx, await ownCheckout(request), body.module);
    if (!started.ok) fail(started.error);
    if (started.outcome === 'repriced') return { outcome: 'repriced' as const, checkout: await answer(started.checkout), payment_id: null, approval_url: null };
    return { outcome: 'redirect' as const, checkout: await answer(started.checkout), payment_id: started.paymentId, approval_url: started.approvalUrl };
  });

  route(app, onlineBankingStatus, async ({ params, request }) => {
    const found = await onlineBankingStatusOf(app.db, await ownCheckout(request), params.id);
    if (!found.ok) fail(found.error);
    return { payment_id: found.payment.public_id, status: found.status, reason: found.reason, checkout: await answer(found.checkout) };
  });
}
