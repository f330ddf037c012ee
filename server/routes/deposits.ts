// Fiat deposits (core/contract/deposits.ts): by card through the TEST ACQUIRER, a saved card, or
// wire; the test acquirer's 3-D Secure challenge; the saved cards. Card numbers and security codes
// are parsed here and handed to the acquirer; they are never stored or logged (request bodies are
// not logged: server/plugins/logging.ts).

import type { FastifyInstance } from 'fastify';
import { deposit, depositThreeDSecure, getUserCards, type DepositAnswer } from '#core/contract/deposits.ts';
import { route } from '../contract/route.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { cardPaymentsOn } from '../capabilities.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { requestLanguage } from '../limits/request-language.ts';
import { cardFingerprinter, listCards } from '../money/cards.ts';
import { depositByCard, type DepositResult } from '../money/deposits/card-deposit.ts';
import { loadMoneyTerms } from '../money/deposits/terms.ts';
import { answerThreeDSecure } from '../money/deposits/three-d-secure.ts';
import { depositByWire } from '../money/deposits/wire-deposit.ts';

function answered(result: DepositResult): DepositAnswer {
  if (!result.ok) throw new ApiError(result.error);
  return result.answer;
}

export async function depositRoutes(app: FastifyInstance, options: { mode: 'test' | 'live' }): Promise<void> {
  // Card and bank details are personal: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, deposit, async ({ body, request }) => {
    const session = sessionOf(request);
    const { provider } = await request.readyProvider();
    const base = { db: app.db, providerId: session.providerId, userId: session.userId, terms: await loadMoneyTerms(app.db, session.providerId), now: new Date(), limits: { rates: app.rates, language: requestLanguage(request) } };
    if (body.method === 'wire') return answered(await depositByWire({ ...base, provider }, body));
    // The test acquirer must never take live money: without a card processor, cards are off.
    if (!cardPaymentsOn(options.mode)) throw apiError('card_processor_missing');
    return answered(await depositByCard({ ...base, fingerprintOf: cardFingerprinter(app.notifier.codeKey) }, body));
  });

  route(app, depositThreeDSecure, async ({ body, request }) => {
    if (!cardPaymentsOn(options.mode)) throw apiError('card_processor_missing');
    const session = sessionOf(request);
    return answered(await answerThreeDSecure(app.db, { providerId: session.providerId, userId: session.userId }, body.transaction_id, body.outcome));
  });

  route(app, getUserCards, async ({ request }) => listCards(app.db, sessionOf(request).userId));
}
