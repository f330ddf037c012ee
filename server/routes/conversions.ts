// POST /v1/transactions/convert { quote_id }: confirm a quote from POST /v1/transactions/quote.
// Idempotent by Idempotency-Key, and by the quote itself: a quote converts at most once.

import type { FastifyInstance } from 'fastify';
import { ConvertSchema } from '#core/contract/conversions.ts';
import { ok } from '#core/envelope.ts';
import { parseInput } from '../http/validate-input.ts';
import { requireSession, sessionOf } from '../identity/authenticate.ts';
import { convertAtQuote } from '../money/convert.ts';

export async function conversionRoutes(app: FastifyInstance): Promise<void> {
  app.post('/v1/transactions/convert', { config: { idempotency: true }, preHandler: requireSession }, async (request, reply) => {
    const body = parseInput(ConvertSchema, request.body, 'body');
    const session = sessionOf(request);
    const transaction = await convertAtQuote(app.db, { providerId: session.providerId, userId: session.userId, quoteId: body.quote_id, now: app.rates.now() });
    reply.header('cache-control', 'no-store');
    return ok({ transaction });
  });
}
