// Buy, sell, trade and exchange (core/contract/conversions.ts): the quote holds a price for one
// member for QUOTE_TTL_S seconds and moves nothing; convert takes the quote at most once and moves
// the money (convert.ts). Idempotent by Idempotency-Key, and by the quote itself.

import type { FastifyInstance } from 'fastify';
import { convert, quote } from '#core/contract/conversions.ts';
import { route } from '../contract/route.ts';
import { ApiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { checkOperationLimit, conversionLimitOperation } from '../limits/enforce-limit.ts';
import { requestLanguage } from '../limits/request-language.ts';
import { convertAtQuote } from './convert.ts';
import { createQuote } from './quotes.ts';

export async function conversionRoutes(app: FastifyInstance): Promise<void> {
  // Prices and balances of one member: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, quote, async ({ body, request }) => {
    const session = sessionOf(request);
    const { settings } = await request.readyProvider();
    const checkLimit = async (amountMinor: bigint) => {
      // Said before the member confirms, valued at the mid price; convert checks again at the quote's
      // own rate under the member's lock (server/limits/).
      const limit = await checkOperationLimit(app.db, app.rates, {
        providerId: session.providerId,
        userId: session.userId,
        operation: conversionLimitOperation(body.operation),
        asset: body.from_currency,
        amountMinor,
        now: app.rates.now(),
        language: requestLanguage(request),
      });
      return limit.ok ? null : limit.error;
    };
    const result = await createQuote(app.db, app.rates, { providerId: session.providerId, userId: session.userId, permissions: settings.permissions, checkLimit }, body);
    if (!result.ok) throw new ApiError(result.error);
    return result.answer;
  });

  route(app, convert, async ({ body, request }) => {
    const session = sessionOf(request);
    const transaction = await convertAtQuote(app.db, { providerId: session.providerId, userId: session.userId, quoteId: body.quote_id, now: app.rates.now(), rates: app.rates, language: requestLanguage(request) });
    return { transaction };
  });
}
