// Prices and fees (core/contract/rates.ts): the public /checkout reads the widget, the flow and the
// member app's price boards call without a session, and the member's coupon check and fees.

import type { FastifyInstance } from 'fastify';
import { parseRateKey, rateKey } from '#core/assets.ts';
import { getChartRates, getFees, getRates, validateCoupon, type CouponAnswer } from '#core/contract/rates.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { couponAnswer, findValidCoupon } from '../rates/coupons.ts';
import { CHART_STEPS } from '../rates/feed.ts';
import { chartRates } from '../rates/price-history.ts';

/** Prices move every second; a few seconds of caching lets a busy page share one answer. */
const RATES_MAX_AGE_S = 5;
const CHART_MAX_AGE_S = 30;

export async function ratesRoutes(app: FastifyInstance): Promise<void> {
  route(app, getRates, async ({ query, request, reply }) => {
    const { provider } = await request.readyProvider();
    let coupon: CouponAnswer | undefined;
    if (query.coupon_code !== undefined && query.coupon_code !== '') {
      const found = await findValidCoupon(app.db, provider.id, query.coupon_code, app.rates.now());
      if (!found.ok) throw apiError('coupon_invalid');
      coupon = couponAnswer(found.coupon);
    }
    const result = await app.rates.clientRates(provider.id);
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
  });

  route(app, getChartRates, async ({ query, request, reply }) => {
    const { provider } = await request.readyProvider();
    const pair = parseRateKey(query.pair);
    if (!pair || pair.from === pair.to) throw apiError('pair_not_supported');
    const chart = await chartRates(app.db, { providerId: provider.id, base: pair.from, quote: pair.to, range: query.range, now: app.rates.now() });
    // A known pair without history: the recorder has not written any yet (a fresh live server backfilling).
    if (!chart) throw apiError('rates_unavailable');
    reply.header('cache-control', `public, max-age=${CHART_MAX_AGE_S}`);
    return {
      pair: rateKey(pair.from, pair.to),
      range: query.range,
      step_s: CHART_STEPS[query.range].stepMs / 1000,
      points: chart.points,
      change: chart.change,
      source: app.rates.source,
    };
  });

  route(app, validateCoupon, async ({ body, request }) => {
    const session = sessionOf(request);
    const found = await findValidCoupon(app.db, session.providerId, body.coupon_code, app.rates.now());
    if (!found.ok) throw apiError('coupon_invalid');
    return couponAnswer(found.coupon);
  });

  route(app, getFees, async ({ request, reply }) => {
    const session = sessionOf(request);
    reply.header('cache-control', 'private, max-age=60');
    return app.rates.fees(session.providerId);
  });
}
