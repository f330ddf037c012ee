// The buy widget's calls (core/contract/buy-widget.ts): its order, POST /v1/checkout/create, and the
// signed receipt of a completed order. The order is a guest checkout started exactly as checkout/init
// starts one (checkouts.ts startCheckout); only the answer differs: the checkout id as spec §7's
// transaction_token, and the flow token, which the frame sends back as `Authorization: Bearer` because a
// third-party frame does not get its cookies (flow-token.ts accepts either; neither is ever logged).

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkoutCreate, checkoutReceipt } from '#core/contract/buy-widget.ts';
import { FLOW_COOKIE_S } from '#core/constants.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { merchantByPublicId } from '../merchants/merchant-context.ts';
import { route } from '../contract/route.ts';
import type { SecretBox } from '../webhooks/secret-box.ts';
import { checkoutAnswer, loadFlowCheckout, merchantPublicId, startCheckout } from './checkouts.ts';
import { orderReceipt } from './order-receipt.ts';
import { flowOf, setFlowCookie } from './flow-token.ts';

export interface BuyWidgetRouteOptions {
  /** Opens the merchants' webhook signing secrets, which sign the receipts. */
  box: SecretBox;
}

export async function buyWidgetRoutes(app: FastifyInstance, options: BuyWidgetRouteOptions): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const now = () => app.identity.now();

  /** A merchant_id of this host's provider; another provider's is as unknown as a made-up one. */
  async function providerMerchant(request: FastifyRequest, merchantId: string) {
    const { provider } = await request.readyProvider();
    const found = await merchantByPublicId(app.db, merchantId);
    if (found.context.providerId !== provider.id) throw apiError('merchant_not_recognized');
    return found;
  }

  route(app, checkoutCreate, async ({ body, request, reply }) => {
    const { provider, settings } = await request.readyProvider();
    const merchant = body.merchant_id === undefined ? null : await providerMerchant(request, body.merchant_id);
    const started = await startCheckout(app.db, app.rates, { providerId: provider.id, permissions: settings.permissions, merchantId: merchant?.context.id ?? null, now: now(), chain: app.chain }, body);
    if (!started.ok) throw new ApiError(started.error);
    setFlowCookie(reply, started.token);
    const checkout = checkoutAnswer(started.checkout, merchant?.context.merchantId ?? null);
    return { transaction_token: checkout._id, checkout, flow_token: started.token, expires_in_s: FLOW_COOKIE_S };
  });

  route(app, checkoutReceipt, async ({ params, request }) => {
    const loaded = await loadFlowCheckout(app.db, flowOf(request), now(), params.id);
    if (!loaded.ok) throw new ApiError(loaded.error);
    const signed = await orderReceipt({ db: app.db, box: options.box, now: now() }, loaded.checkout, await merchantPublicId(app.db, loaded.checkout.merchant_id));
    if (!signed.ok) throw new ApiError(signed.error);
    return { receipt: signed.receipt };
  });
}
