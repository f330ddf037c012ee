// The buyer-facing merchant API calls of the checkout (issue 5), all public (publishable merchant_id only):
//   POST /mapi/api/checkout {merchant_id, amount, currency, product?, order_id?, lang?}  (return_url refused: see CheckoutSchema)
//        the script-tag pay button creates a payment without a coin (like BTCPay Server's pay button);
//        rate-limited per address, since anyone can call it
//   POST /mapi/api/transaction/currency {merchant_id, transaction_id, currency_1_iso}
//        the buyer chooses the coin: priced, fresh address, 900 s (idempotent for the same coin)
//   POST /mapi/api/transaction/receipt {merchant_id, transaction_id}
//        the signed receipt of a settled payment, for the widget's payment-success event

import type { FastifyInstance } from 'fastify';
import { CheckoutSchema, ChooseCurrencySchema, ReceiptRequestSchema, type ReceiptAnswer } from '#core/contract/merchant-api.ts';
import { ok } from '#core/envelope.ts';
import { parseInput } from '../http/validate-input.ts';
import { chooseCurrency } from '../payments/choose-currency.ts';
import { createPayment } from '../payments/create-payment.ts';
import { paymentReceipt } from '../payments/receipt.ts';
import type { SecretBox } from '../webhooks/secret-box.ts';
import { merchantByPublicId } from '../merchants/merchant-context.ts';
import { merchantPayment } from '../payments/payment-lookup.ts';

/** Pay-button payments a minute from one address: plenty for a buyer, too few to fill the table. */
export const CHECKOUT_PER_MINUTE = 20;

export interface CheckoutRouteOptions {
  box: SecretBox;
}

export async function checkoutRoutes(app: FastifyInstance, options: CheckoutRouteOptions): Promise<void> {
  const deps = () => ({ db: app.db, rates: app.rates, network: app.chain.network });

  app.post('/mapi/api/checkout', { config: { rateLimit: { max: CHECKOUT_PER_MINUTE, timeWindow: 60_000 } } }, async (request) => {
    const body = parseInput(CheckoutSchema, request.body, 'body');
    const { context } = await merchantByPublicId(app.db, body.merchant_id);
    // The same payment a merchant's server would create without a coin; the order id is its c1.
    const answer = await createPayment(deps(), context, {
      merchant_id: body.merchant_id,
      currency: body.currency,
      amount: body.amount,
      transaction_product: body.product ?? null,
      transaction_c1: body.order_id ?? null,
      return_url: null,
    });
    return ok(answer);
  });

  app.post('/mapi/api/transaction/currency', async (request) => {
    const body = parseInput(ChooseCurrencySchema, request.body, 'body');
    const { merchant, payment } = await merchantPayment(app.db, body.merchant_id, body.transaction_id);
    return ok(await chooseCurrency({ ...deps(), merchantReturnUrl: merchant.returnUrl }, payment, body.currency_1_iso));
  });

  app.post('/mapi/api/transaction/receipt', async (request) => {
    const body = parseInput(ReceiptRequestSchema, request.body, 'body');
    const { payment } = await merchantPayment(app.db, body.merchant_id, body.transaction_id);
    const answer: ReceiptAnswer = { receipt: await paymentReceipt({ db: app.db, box: options.box }, payment) };
    return ok(answer);
  });
}
