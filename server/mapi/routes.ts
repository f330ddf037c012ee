// The merchant API (spec §7 "Merchant API", issue 5), in the main API's envelope:
//   GET  /mapi/api/merchant?merchant_id        public: name, widget settings (spec §3 defaults), coins
//   GET  /mapi/api/rates?merchant_id           public: every pair at the merchant's prices
//   POST /mapi/api/rates {merchant_id, currencies[]}   public: the named pairs only
//   POST /mapi/api/currencies {merchant_id}    public: the coins and fiat currencies it can price in
//   POST /mapi/api/markets {merchant_id, currency?}    public: each coin's price in the fiat, and the mid
//   POST /mapi/api/transaction                 SECRET KEY + Idempotency-Key: create a payment
//   POST /mapi/api/transaction/expire {merchant_id, transaction_id}  SECRET KEY + Idempotency-Key: cancel a payment nobody paid
//   POST /mapi/api/transaction/status {transaction_id, merchant_id}   public: status, no secrets
//   POST /mapi/api/sendlink {merchant_id, transaction_id, email, lang?}  SECRET KEY + Idempotency-Key: mail a payment link
//   POST /mapi/api/transaction/details {transaction_id, merchant_id}  public: what the widget shows (address, amounts, QR,
//                                              or the coins to choose from while none is chosen)
//   + the buyer's checkout calls (checkout-routes.ts): /checkout, /transaction/currency, /transaction/receipt
// "Public" reads take only the publishable merchant_id; an unknown one is 404 merchant_not_recognized.

import type { FastifyInstance } from 'fastify';
import { CRYPTO, CRYPTO_DISPLAY_NAMES, FIAT, FIAT_SIGNS, parseRateKey, rateKey, type RateKey } from '#core/assets.ts';
import {
  CreateTransactionSchema,
  ExpireTransactionSchema,
  MarketsRequestSchema,
  MerchantQuerySchema,
  RatesRequestSchema,
  SendLinkSchema,
  TransactionStatusSchema,
  type CurrenciesAnswer,
  type MarketsAnswer,
  type MerchantAnswer,
  type MerchantRatesAnswer,
  type SendLinkAnswer,
} from '#core/contract/merchant-api.ts';
import { ok } from '#core/envelope.ts';
import { widgetSettingsAnswer } from '#core/payments/widget-settings.ts';
import { apiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate-input.ts';
import { createPayment } from '../payments/create-payment.ts';
import { expirePayment } from '../payments/expire-payment.ts';
import { sendPaymentLink } from '../payments/payment-link.ts';
import { transactionStatusAnswer } from '../payments/status-answer.ts';
import { transactionAnswer } from '../payments/transaction-answer.ts';
import type { SecretBox } from '../webhooks/secret-box.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import { merchantByPublicId } from '../merchants/merchant-context.ts';
import { authenticatedMerchant, requireSecretKey } from '../merchants/secret-key-guard.ts';
import { merchantPayment } from '../payments/payment-lookup.ts';

const SUPPORTED_COINS = CRYPTO.map((iso) => ({ iso, name: CRYPTO_DISPLAY_NAMES[iso] }));

export interface MerchantApiRouteOptions {
  /** Opens the merchant's webhook signing secret, which signs payment receipts. */
  box: SecretBox;
}

export async function merchantApiRoutes(app: FastifyInstance, options: MerchantApiRouteOptions): Promise<void> {
  await app.register(checkoutRoutes, { box: options.box });

  const clientRates = async (providerId: bigint) => {
    const result = await app.rates.clientRates(providerId);
    if (!result.ok) throw apiError('rates_unavailable');
    return result;
  };

  app.get('/mapi/api/merchant', async (request) => {
    const query = parseInput(MerchantQuerySchema, request.query, 'query');
    const { context, widgetSettings } = await merchantByPublicId(app.db, query.merchant_id);
    const answer: MerchantAnswer = {
      merchant_id: context.merchantId,
      name: context.name,
      widget: widgetSettingsAnswer(widgetSettings),
      supported_coins: SUPPORTED_COINS,
      test_mode: app.chain.network === 'test',
    };
    return ok(answer);
  });

  app.get('/mapi/api/rates', async (request) => {
    const query = parseInput(MerchantQuerySchema, request.query, 'query');
    const { context } = await merchantByPublicId(app.db, query.merchant_id);
    const result = await clientRates(context.providerId);
    const answer: MerchantRatesAnswer = { rates: result.rates, as_of: result.asOf.toISOString(), source: result.source };
    return ok(answer);
  });

  app.post('/mapi/api/rates', async (request) => {
    const body = parseInput(RatesRequestSchema, request.body, 'body');
    const { context } = await merchantByPublicId(app.db, body.merchant_id);
    const unknown = body.currencies.filter((pair) => {
      const parsed = parseRateKey(pair);
      return !parsed || parsed.from === parsed.to;
    });
    if (unknown.length > 0) throw apiError('pair_not_supported', `These pairs are not supported: ${unknown.join(', ')}.`, { currencies: unknown.map((pair) => `${pair} is not a supported pair.`) });
    const result = await clientRates(context.providerId);
    const rates: Partial<Record<RateKey, string>> = {};
    for (const pair of body.currencies) rates[pair as RateKey] = result.rates[pair as RateKey];
    const answer: MerchantRatesAnswer = { rates, as_of: result.asOf.toISOString(), source: result.source };
    return ok(answer);
  });

  app.post('/mapi/api/currencies', async (request) => {
    const body = parseInput(MerchantQuerySchema, request.body, 'body');
    await merchantByPublicId(app.db, body.merchant_id);
    const answer: CurrenciesAnswer = { crypto: SUPPORTED_COINS, fiat: FIAT.map((iso) => ({ iso, sign: FIAT_SIGNS[iso] })) };
    return ok(answer);
  });

  app.post('/mapi/api/markets', async (request) => {
    const body = parseInput(MarketsRequestSchema, request.body, 'body');
    const { context } = await merchantByPublicId(app.db, body.merchant_id);
    const result = await clientRates(context.providerId);
    const markets: MarketsAnswer['markets'] = [];
    for (const coin of CRYPTO) {
      const mid = await app.rates.mid(context.providerId, coin, body.currency);
      if (!mid.ok) throw apiError('rates_unavailable');
      const pair = rateKey(coin, body.currency);
      markets.push({ pair, coin, price: result.rates[pair], mid: mid.rate });
    }
    const answer: MarketsAnswer = { currency: body.currency, as_of: result.asOf.toISOString(), markets };
    return ok(answer);
  });

  app.post('/mapi/api/transaction', { preHandler: requireSecretKey, config: { idempotency: true } }, async (request) => {
    const body = parseInput(CreateTransactionSchema, request.body, 'body');
    const merchant = await authenticatedMerchant(request, body.merchant_id);
    return ok(await createPayment({ db: app.db, rates: app.rates, network: app.chain.network }, merchant, body));
  });

  // A retried call must not mail the buyer twice: Idempotency-Key replays the first answer.
  app.post('/mapi/api/sendlink', { preHandler: requireSecretKey, config: { idempotency: true } }, async (request) => {
    const body = parseInput(SendLinkSchema, request.body, 'body');
    const merchant = await authenticatedMerchant(request, body.merchant_id);
    const sent = await sendPaymentLink({ db: app.db, mailer: app.notifier.mailer, publicUrl: app.notifier.publicUrl }, merchant, { token: body.transaction_id, email: body.email, lang: body.lang });
    const answer: SendLinkAnswer = { sent: true, link: sent.link, expires_at: sent.expiresAt.toISOString() };
    return ok(answer);
  });

  // A retried cancel answers what the first one did (Idempotency-Key); without the key it is idempotent
  // anyway (an expired payment is answered as it is), and payment.expired is emitted once either way.
  app.post('/mapi/api/transaction/expire', { preHandler: requireSecretKey, config: { idempotency: true } }, async (request) => {
    const body = parseInput(ExpireTransactionSchema, request.body, 'body');
    const merchant = await authenticatedMerchant(request, body.merchant_id);
    // Looked up under the authenticated merchant: another merchant's token is 404, like a made-up one.
    const { payment } = await merchantPayment(app.db, merchant.merchantId, body.transaction_id);
    return ok(transactionStatusAnswer(await expirePayment(app.db, payment)));
  });

  /** The merchant's payment by token; a token of another merchant is as unknown as a made-up one. */
  const paymentOf = async (body: unknown) => {
    const input = parseInput(TransactionStatusSchema, body, 'body');
    return merchantPayment(app.db, input.merchant_id, input.transaction_id);
  };

  // The widget shows the payment to the buyer: the address and QR code are what the buyer pays to, not secrets.
  app.post('/mapi/api/transaction/details', async (request) => {
    const { merchant, payment } = await paymentOf(request.body);
    return ok(await transactionAnswer(payment, { network: app.chain.network, rates: app.rates, merchantReturnUrl: merchant.returnUrl }));
  });

  app.post('/mapi/api/transaction/status', async (request) => ok(transactionStatusAnswer((await paymentOf(request.body)).payment)));
}
