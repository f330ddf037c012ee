// The price of a buy, sell, trade or exchange (core/contract/conversions.ts quote), held for
// QUOTE_TTL_S seconds. Nothing moves yet; converting takes the quote once (conversions.ts).

import type { FastifyInstance } from 'fastify';
import { quote } from '#core/contract/conversions.ts';
import { route } from '../contract/route.ts';
import { ApiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { createQuote } from '../rates/quotes.ts';

export async function quotesRoutes(app: FastifyInstance): Promise<void> {
  route(app, quote, async ({ body, request, reply }) => {
    const session = sessionOf(request);
    const { settings } = await request.readyProvider();
    const result = await createQuote(app.db, app.rates, { providerId: session.providerId, userId: session.userId, permissions: settings.permissions }, body);
    if (!result.ok) throw new ApiError(result.error);
    reply.header('cache-control', 'no-store');
    return result.answer;
  });
}
