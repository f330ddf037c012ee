// Confirming a quote (core/contract/conversions.ts convert). Idempotent by Idempotency-Key, and by
// the quote itself: a quote converts at most once.

import type { FastifyInstance } from 'fastify';
import { convert } from '#core/contract/conversions.ts';
import { route } from '../contract/route.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { convertAtQuote } from '../money/convert.ts';

export async function conversionRoutes(app: FastifyInstance): Promise<void> {
  route(app, convert, async ({ body, request, reply }) => {
    const session = sessionOf(request);
    const transaction = await convertAtQuote(app.db, { providerId: session.providerId, userId: session.userId, quoteId: body.quote_id, now: app.rates.now() });
    reply.header('cache-control', 'no-store');
    return { transaction };
  });
}
