// POST /v1/transactions/quote: the price of a buy, sell, trade or exchange, held for QUOTE_TTL_S
// seconds. Nothing moves yet; POST /transactions/convert (the lead's) takes the quote once.

import type { FastifyInstance } from 'fastify';
import { QuoteSchema } from '#core/contract/conversions.ts';
import { ok } from '#core/envelope.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate-input.ts';
import { requireSession, sessionOf } from '../identity/authenticate.ts';
import { createQuote } from '../rates/quotes.ts';

export async function quotesRoutes(app: FastifyInstance): Promise<void> {
  app.post('/v1/transactions/quote', { preHandler: requireSession }, async (request, reply) => {
    const body = parseInput(QuoteSchema, request.body, 'body');
    const session = sessionOf(request);
    const state = await request.provider();
    if (state.status === 'unknown_host') throw apiError('provider_not_found');
    if (state.status === 'not_configured') throw apiError('provider_not_configured');
    const result = await createQuote(app.db, app.rates, { providerId: session.providerId, userId: session.userId, permissions: state.settings.permissions }, body);
    if (!result.ok) throw new ApiError(result.error);
    reply.header('cache-control', 'no-store');
    return ok(result.answer);
  });
}
