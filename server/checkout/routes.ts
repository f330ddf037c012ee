// The guest checkout's calls (core/contract/checkout.ts). checkout/init is public and sets the flow
// cookie; the others run with the flow token (route()'s guard puts its checkout in request.flow) and
// reach only that checkout. The merchant reads take a publishable merchant_id of this host's provider.
// Nothing here moves money. Answers are about one guest: never kept by a shared cache. A periodic job
// expires abandoned checkouts (expire-checkouts.ts).

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkoutBilling, checkoutInit, checkoutMerchant, checkoutMerchantFees, getCheckout, getCheckoutCookie, setCheckoutStatus } from '#core/contract/checkout.ts';
import { FLOW_COOKIE_S } from '#core/constants.ts';
import { appError, type AppError } from '#core/errors.ts';
import { cardPaymentsOn } from '../capabilities.ts';
import { bpsAsPercent } from '#core/payments/merchant-fee.ts';
import { widgetSettingsAnswer } from '#core/payments/widget-settings.ts';
import { route } from '../contract/route.ts';
import { merchantFee } from '../fees/merchant-fees.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { merchantByPublicId } from '../merchants/merchant-context.ts';
import { startPeriodicJob } from '../plugins/periodic-job.ts';
import { changeStatus, checkoutAnswer, loadFlowCheckout, merchantPublicId, saveBilling, startCheckout } from './checkouts.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { checkoutCookie, transactionData } from './checkout-cookie.ts';
import { expireAbandonedCheckouts } from './expire-checkouts.ts';
import { flowOf, setFlowCookie } from './flow-token.ts';
import { paynetDeposit } from '#core/contract/paynet.ts';
import { cardFingerprinter } from '../money/cards.ts';
import { IDEMPOTENCY_HEADER } from '../http/idempotency.ts';
import { answerCheckoutChallenge, payCheckoutByCard, THREE_D_SECURE_MESSAGE } from './card-payment.ts';
import { startDeliveryWorker } from './deliver-checkouts.ts';
import { cancelAuthorised } from './clearance.ts';
import type { Env } from '../env.ts';
import { checkoutStepRoutes } from './step-routes.ts';
import { adminGuestIdentityRoutes } from './admin-identity-routes.ts';
import { requestLanguage } from '../limits/request-language.ts';
import type { BankConnection } from '../online-banking/bank-client.ts';

/** Abandoned checkouts are marked expired within a minute of their expiry. */
const EXPIRY_SWEEP_MS = 60_000;

function fail(error: AppError): never {
  throw new ApiError(error);
}

export async function checkoutRoutes(app: FastifyInstance, options: { env: Pick<Env, 'APP_SECRET' | 'MODE'>; bank?: BankConnection | null }): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const now = () => app.identity.now();

  startPeriodicJob(app, {
    name: 'checkout expiry',
    everyMs: EXPIRY_SWEEP_MS,
    run: () => expireAbandonedCheckouts(app.db, now()),
    report: (expired) => {
      if (expired > 0) app.log.info({ expired }, 'abandoned checkouts expired');
    },
  });

  /** A merchant_id of this host's provider; another provider's is as unknown as a made-up one. */
  async function providerMerchant(request: FastifyRequest, merchantId: string) {
    const { provider } = await request.readyProvider();
    const found = await merchantByPublicId(app.db, merchantId);
    if (found.context.providerId !== provider.id) throw apiError('merchant_not_recognized');
    return found;
  }

  async function ownCheckout(request: FastifyRequest, publicId?: string): Promise<CheckoutRow> {
    const loaded = await loadFlowCheckout(app.db, flowOf(request), now(), publicId);
    return loaded.ok ? loaded.checkout : fail(loaded.error);
  }

  const answer = async (checkout: CheckoutRow) => checkoutAnswer(checkout, await merchantPublicId(app.db, checkout.merchant_id));

  route(app, checkoutInit, async ({ body, request, reply }) => {
    const { provider, settings } = await request.readyProvider();
    const merchant = body.merchant_id === undefined ? null : await providerMerchant(request, body.merchant_id);
    const started = await startCheckout(app.db, app.rates, { providerId: provider.id, permissions: settings.permissions, merchantId: merchant?.context.id ?? null, now: now(), language: requestLanguage(request), chain: app.chain }, body);
    if (!started.ok) fail(started.error);
    setFlowCookie(reply, started.token);
    return { checkout: await answer(started.checkout), flow_token: started.token, expires_in_s: FLOW_COOKIE_S };
  });

  route(app, getCheckoutCookie, async ({ request }) => {
    const checkout = await ownCheckout(request);
    const merchantId = await merchantPublicId(app.db, checkout.merchant_id);
    return { _id: checkout.public_id, transaction_data: JSON.stringify(transactionData(checkout, merchantId)), checkout_cookie: checkoutCookie(checkout, merchantId) };
  });

  route(app, getCheckout, async ({ params, request }) => answer(await ownCheckout(request, params.id)));

  route(app, setCheckoutStatus, async ({ params, body, request }) => {
    const checkout = await ownCheckout(request, params.id);
    // An authorised card is held: giving it up releases the hold and the coins' reservation (clearance.ts).
    if (checkout.status === 'authorized' && body.status === 'canceled') {
      const canceled = await cancelAuthorised(app.db, checkout.id, now());
      if (canceled) return answer(canceled);
    }
    const changed = await changeStatus(app.db, checkout, body.status, now());
    return changed.ok ? answer(changed.checkout) : fail(changed.error);
  });

  route(app, checkoutBilling, async ({ body, request }) => {
    const saved = await saveBilling(app.db, await ownCheckout(request), body, now());
    return saved.ok ? answer(saved.checkout) : fail(saved.error);
  });

  route(app, checkoutMerchant, async ({ params, request }) => {
    const { context, widgetSettings } = await providerMerchant(request, params.id);
    const widget = widgetSettingsAnswer(widgetSettings);
    return { merchant_id: context.merchantId, name: widget.widget_merchant_name || context.name, logo_url: widget.widget_theme_logo_url, logo_size: widget.widget_logo_size };
  });

  route(app, checkoutMerchantFees, async ({ params, request }) => {
    const { context } = await providerMerchant(request, params.id);
    const [fee, pricing] = await Promise.all([merchantFee(app.db, context.id), app.rates.pricing(context.providerId)]);
    return { merchant_id: context.merchantId, fee_bps: fee.effectiveBps, fee_percent: bpsAsPercent(fee.effectiveBps), buy_fee_percent: pricing.conversionFeePercent.buy };
  });

  // The payment method, the verify account codes and the guest's identity (step-routes.ts).
  await app.register(checkoutStepRoutes, { env: options.env });
  // The console's decisions on guest identity checks that wait for a person (admin-identity-routes.ts).
  await app.register(adminGuestIdentityRoutes, { env: options.env });

  // Paying the checkout (card, 3-D Secure) and delivering its coins (deliver-checkouts.ts).
  startDeliveryWorker(app, { bank: options.bank ?? null, coins: app.chain.assets });

  route(app, paynetDeposit, async ({ body, request }) => {
    // Money moves: a retry must replay, never charge again, so the key is not optional here.
    if (request.headers[IDEMPOTENCY_HEADER] === undefined) fail(appError('validation_failed', 'Send an Idempotency-Key header (a new UUID for each payment) so a retry can never charge twice.', { 'Idempotency-Key': ['Send an Idempotency-Key header.'] }));
    // The test acquirer must never take live money: without a card processor, cards are off.
    if (!cardPaymentsOn(options.env.MODE)) fail(appError('card_processor_missing'));
    const checkout = await ownCheckout(request);
    const ctx = { db: app.db, rates: app.rates, fingerprintOf: cardFingerprinter(app.notifier.codeKey), now: now() };
    const paid = body.step === 'card' ? await payCheckoutByCard(ctx, checkout, body.card) : await answerCheckoutChallenge(ctx, checkout, body.outcome);
    if (!paid.ok) fail(paid.error);
    const nextAction = paid.outcome === 'three_d_secure' ? { type: 'three_d_secure' as const, message: THREE_D_SECURE_MESSAGE } : null;
    return { outcome: paid.outcome, checkout: await answer(paid.checkout), card: paid.card, next_action: nextAction };
  });
}
