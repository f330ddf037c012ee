// The merchant API (core/contract/merchant-info.ts and merchant-payments.ts), in the main API's
// envelope. The public reads take only the publishable merchant_id (an unknown one is 404
// merchant_not_recognized); the merchant's own calls carry its secret key, which route()'s guard turns
// into request.merchantAuth, and must name the key's own merchant. The buyer's checkout calls are in
// checkout-routes.ts.

import type { FastifyInstance } from 'fastify';
import { CRYPTO, FIAT, FIAT_SIGNS, parseRateKey, rateKey, type RateKey } from '#core/assets.ts';
import {
  getMerchant,
  getMerchantRates,
  listMerchantCurrencies,
  listMerchantMarkets,
  pickMerchantRates,
  type MarketsAnswer,
  type MerchantRatesAnswer,
} from '#core/contract/merchant-info.ts';
import { coinsOn } from '#core/chain/coin-availability.ts';
import { getMarketRates } from '#core/contract/markets-rates.ts';
import { createTransaction, expireTransaction, sendPaymentLink, transactionDetails, transactionQr, transactionStatus } from '#core/contract/merchant-payments.ts';
import { paymentUri } from '#core/chain/payment-uri.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';
import { merchantByPublicId } from '../merchants/merchant-context.ts';
import { merchantAnswer, supportedCoins } from '../merchants/merchant-answer.ts';
import { HORIZONS_MS, pairChange } from '../rates/price-history.ts';
import { authenticatedMerchant } from '../merchants/secret-key-guard.ts';
import { createPayment } from '../payments/create-payment.ts';
import { paymentDeps } from '../payments/payment-deps.ts';
import { expirePayment } from '../payments/expire-payment.ts';
import { sendPaymentLink as mailPaymentLink } from '../payments/payment-link.ts';
import { merchantPayment, paymentStatus } from '../payments/payment-lookup.ts';
import { qrSvg } from '../payments/payment-qr.ts';
import { isPriced } from '../db/tables/payments.ts';
import { transactionStatusAnswer } from '../payments/status-answer.ts';
import { paymentDetailsAnswer } from '../payments/public-payment-state.ts';
import type { SecretBox } from '../webhooks/secret-box.ts';
import { checkoutRoutes } from './checkout-routes.ts';

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

  // One function with the widget's shell (server/payments/public-payment-state.ts), which renders the same answer.
  route(app, getMerchant, async ({ query }) => merchantAnswer(app, await merchantByPublicId(app.db, query.merchant_id)));

  route(app, getMerchantRates, async ({ query }) => {
    const { context } = await merchantByPublicId(app.db, query.merchant_id);
    const result = await clientRates(context.providerId);
    return { rates: result.rates, as_of: result.asOf.toISOString(), source: result.source };
  });

  route(app, pickMerchantRates, async ({ body }) => {
    const { context } = await merchantByPublicId(app.db, body.merchant_id);
    const unknown = body.currencies.filter((pair) => {
      const parsed = parseRateKey(pair);
      return !parsed || parsed.from === parsed.to;
    });
    if (unknown.length > 0) throw apiError('pair_not_supported', `These pairs are not supported: ${unknown.join(', ')}.`, { currencies: unknown.map((pair) => `${pair} is not a supported pair.`) });
    const result = await clientRates(context.providerId);
    const rates: MerchantRatesAnswer['rates'] = {};
    for (const pair of body.currencies) rates[pair as RateKey] = result.rates[pair as RateKey];
    return { rates, as_of: result.asOf.toISOString(), source: result.source };
  });

  route(app, listMerchantCurrencies, async ({ body }) => {
    await merchantByPublicId(app.db, body.merchant_id);
    return { crypto: supportedCoins(app), fiat: FIAT.map((iso) => ({ iso, sign: FIAT_SIGNS[iso] })) };
  });

  route(app, listMerchantMarkets, async ({ body }) => {
    const { context } = await merchantByPublicId(app.db, body.merchant_id);
    const result = await clientRates(context.providerId);
    const markets: MarketsAnswer['markets'] = [];
    for (const coin of coinsOn(CRYPTO, app.chain.assets)) {
      const mid = await app.rates.mid(context.providerId, coin, body.currency);
      if (!mid.ok) throw apiError('rates_unavailable');
      const pair = rateKey(coin, body.currency);
      markets.push({ pair, coin, price: result.rates[pair], mid: mid.rate });
    }
    return { currency: body.currency, as_of: result.asOf.toISOString(), markets };
  });

  // The same prices as POST api/markets, with the 24 h change from the recorded price history.
  route(app, getMarketRates, async ({ query }) => {
    const { context } = await merchantByPublicId(app.db, query.merchant_id);
    const result = await clientRates(context.providerId);
    const now = app.rates.now();
    const markets = await Promise.all(
      coinsOn(CRYPTO, app.chain.assets).map(async (coin) => {
        const [mid, change] = await Promise.all([
          app.rates.mid(context.providerId, coin, query.currency),
          pairChange(app.db, { base: coin, quote: query.currency, agoMs: HORIZONS_MS.change24h, now }),
        ]);
        if (!mid.ok) throw apiError('rates_unavailable');
        const pair = rateKey(coin, query.currency);
        return { pair, coin, price: result.rates[pair], mid: mid.rate, change_24h: change };
      }),
    );
    return { currency: query.currency, as_of: result.asOf.toISOString(), source: result.source, markets };
  });

  // The payment and its Idempotency-Key are written in one statement (server/http/idempotency-in-statement.ts).
  route(
    app,
    createTransaction,
    async ({ body, request, keyInStatement }) => {
      const merchant = await authenticatedMerchant(request, body.merchant_id);
      return createPayment(paymentDeps(app), merchant, body, keyInStatement);
    },
    { idempotency: 'in_statement' },
  );

  // A retried call must not mail the buyer twice: Idempotency-Key replays the first answer.
  route(app, sendPaymentLink, async ({ body, request }) => {
    const merchant = await authenticatedMerchant(request, body.merchant_id);
    const sent = await mailPaymentLink({ db: app.db, mailer: app.notifier.mailer, publicUrl: app.notifier.publicUrl }, merchant, { token: body.transaction_id, email: body.email, lang: body.lang });
    return { sent: true as const, link: sent.link, expires_at: sent.expiresAt.toISOString() };
  });

  // A retried cancel answers what the first one did (Idempotency-Key); without the key it is idempotent
  // anyway (an expired payment is answered as it is), and payment.expired is emitted once either way.
  route(app, expireTransaction, async ({ body, request }) => {
    const merchant = await authenticatedMerchant(request, body.merchant_id);
    // Looked up under the authenticated merchant: another merchant's token is 404, like a made-up one.
    const { payment } = await merchantPayment(app.db, merchant.merchantId, body.transaction_id);
    return transactionStatusAnswer(await expirePayment(app.db, payment));
  });

  // The widget shows the payment to the buyer: the address and QR code are what the buyer pays to, not secrets.
  route(app, transactionDetails, async ({ body }) => {
    const { merchant, payment } = await merchantPayment(app.db, body.merchant_id, body.transaction_id);
    return paymentDetailsAnswer(app, merchant, payment);
  });

  // The create's QR link (payment-qr.ts): the image of what the buyer pays to, as public as the details.
  route(app, transactionQr, async ({ query, reply }) => {
    const { payment } = await merchantPayment(app.db, query.merchant_id, query.transaction_id);
    if (!isPriced(payment)) throw apiError('payment_coin_not_chosen');
    // A payment's address and amount never change once its coin is chosen, so neither does its code; and a
    // shop's own page or mail shows it (the API's same-origin resource policy would block that <img>).
    reply.header('cache-control', 'public, max-age=86400, immutable').header('cross-origin-resource-policy', 'cross-origin');
    return qrSvg(paymentUri(payment.coin, payment.address, payment.amount_due_minor, app.chain.network));
  });

  route(app, transactionStatus, async ({ body }) => transactionStatusAnswer(await paymentStatus(app.db, body.merchant_id, body.transaction_id)));
}
