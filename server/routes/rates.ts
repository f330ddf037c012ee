// Prices and fees: GET /v1/checkout/getRates[?coupon_code], GET /v1/checkout/getChartRates?pair&range
// (public: the widget and the member app's price boards call them without a session), and, for a
// signed-in member, POST /v1/coupons/validate and GET /v1/transactions/getFees.
// /checkout/* answers { success, data } and fails as { success: false, error_message } (core/envelope.ts).

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GetChartRatesQuerySchema, GetRatesQuerySchema, ValidateCouponSchema, type CouponAnswer, type RatesAnswer } from '#core/contract/money.ts';
import type { CheckoutFailure, CheckoutSuccess } from '#core/envelope.ts';
import { ok } from '#core/envelope.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate-input.ts';
import { requireSession, sessionOf } from '../identity/authenticate.ts';
import { couponAnswer, findValidCoupon } from '../rates/coupons.ts';

/** Prices move every second; a few seconds of caching lets a busy page share one answer. */
const RATES_MAX_AGE_S = 5;
const CHART_MAX_AGE_S = 30;

async function providerIdOf(request: FastifyRequest): Promise<bigint> {
  const state = await request.provider();
  if (state.status === 'unknown_host') throw apiError('provider_not_found');
  if (state.status === 'not_configured') throw apiError('provider_not_configured');
  return state.provider.id;
}

/** Runs a /checkout handler and answers its failures in the checkout envelope instead of the main one. */
async function checkout<T>(request: FastifyRequest, reply: FastifyReply, handler: () => Promise<T>): Promise<CheckoutSuccess<T> | CheckoutFailure> {
  try {
    return { success: true, data: await handler() };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    request.log.info({ code: error.body.code, status: error.statusCode }, 'request refused');
    reply.removeHeader('cache-control');
    reply.code(error.statusCode);
    return { success: false, error_message: error.body };
  }
}

export async function ratesRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/checkout/getRates', { config: { rateLimit: false } }, (request, reply) =>
    checkout(request, reply, async (): Promise<RatesAnswer> => {
      const query = parseInput(GetRatesQuerySchema, request.query, 'query');
      const providerId = await providerIdOf(request);
      let coupon: CouponAnswer | undefined;
      if (query.coupon_code !== undefined && query.coupon_code !== '') {
        const found = await findValidCoupon(app.db, providerId, query.coupon_code, app.rates.now());
        if (!found.ok) throw apiError('coupon_invalid');
        coupon = couponAnswer(found.coupon);
      }
      const result = await app.rates.clientRates(providerId);
      if (!result.ok) throw apiError('rates_unavailable');
      // A coupon answer is about one member's code: not for shared caches.
      reply.header('cache-control', coupon ? 'private, no-store' : `public, max-age=${RATES_MAX_AGE_S}`);
      return {
        rates: result.rates,
        as_of: result.asOf.toISOString(),
        source: result.source,
        quote_ttl_s: app.rates.quoteTtlS,
        ...(coupon ? { coupon } : {}),
      };
    }),
  );

  app.get('/v1/checkout/getChartRates', { config: { rateLimit: false } }, (request, reply) =>
    checkout(request, reply, async () => {
      const query = parseInput(GetChartRatesQuerySchema, request.query, 'query');
      await providerIdOf(request);
      const result = await app.rates.chart(query.pair, query.range);
      if (!result.ok) throw apiError(result.code);
      reply.header('cache-control', `public, max-age=${CHART_MAX_AGE_S}`);
      return result.chart;
    }),
  );

  app.post('/v1/coupons/validate', { preHandler: requireSession }, async (request) => {
    const body = parseInput(ValidateCouponSchema, request.body, 'body');
    const session = sessionOf(request);
    const found = await findValidCoupon(app.db, session.providerId, body.coupon_code, app.rates.now());
    if (!found.ok) throw apiError('coupon_invalid');
    return ok(couponAnswer(found.coupon));
  });

  app.get('/v1/transactions/getFees', { preHandler: requireSession }, async (request, reply) => {
    const session = sessionOf(request);
    reply.header('cache-control', 'private, max-age=60');
    return ok(await app.rates.fees(session.providerId));
  });
}
