// The buyer-facing merchant API calls of the checkout, all public (publishable merchant_id only): the
// script-tag pay button's payment (rate-limited per address, since anyone can call it and it creates a
// row), the buyer's choice of coin, and the signed receipt the widget hands to the shop's page.

import type { FastifyInstance } from 'fastify';
import { checkout, chooseTransactionCurrency, transactionReceipt } from '#core/contract/merchant-payments.ts';
import { route } from '../contract/route.ts';
import { merchantByPublicId } from '../merchants/merchant-context.ts';
import { chooseCurrency } from '../payments/choose-currency.ts';
import { createPayment } from '../payments/create-payment.ts';
import { paymentDeps } from '../payments/payment-deps.ts';
import { merchantPayment } from '../payments/payment-lookup.ts';
import { paymentReceipt } from '../payments/receipt.ts';
import type { SecretBox } from '../webhooks/secret-box.ts';

/** Pay-button payments a minute from one address: the 'pay_button' rate class of server/contract/route.ts. */
export const CHECKOUT_PER_MINUTE = 20;

export interface CheckoutRouteOptions {
  box: SecretBox;
}

export async function checkoutRoutes(app: FastifyInstance, options: CheckoutRouteOptions): Promise<void> {
  const deps = () => paymentDeps(app);

  route(app, checkout, async ({ body }) => {
    const { context } = await merchantByPublicId(app.db, body.merchant_id);
    // The same payment a merchant's server would create without a coin; the order id is its c1.
    return createPayment(deps(), context, {
      merchant_id: body.merchant_id,
      currency: body.currency,
      amount: body.amount,
      transaction_product: body.product ?? null,
      transaction_c1: body.order_id ?? null,
      return_url: null,
    });
  });

  route(app, chooseTransactionCurrency, async ({ body }) => {
    const { merchant, payment } = await merchantPayment(app.db, body.merchant_id, body.transaction_id);
    return chooseCurrency({ ...deps(), merchantReturnUrl: merchant.returnUrl }, payment, body.currency_1_iso);
  });

  route(app, transactionReceipt, async ({ body }) => {
    const { payment } = await merchantPayment(app.db, body.merchant_id, body.transaction_id);
    return { receipt: await paymentReceipt({ db: app.db, box: options.box }, payment) };
  });
}
