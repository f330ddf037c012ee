// Fiat deposits (issue 4): POST /v1/transactions/deposit (card through the TEST ACQUIRER, a saved
// card, or wire), POST /v1/transactions/deposit/3ds (the test acquirer's 3-D Secure challenge) and
// GET /v1/users/getUserCards. Deposits take an Idempotency-Key, so a retried request charges once.
// Card numbers and security codes are parsed here and handed to the acquirer; they are never stored
// or logged (request bodies are not logged: server/plugins/logging.ts).

import type { FastifyInstance } from 'fastify';
import { DepositSchema, ThreeDSecureSchema, type DepositAnswer } from '#core/contract/deposits.ts';
import { ok } from '#core/envelope.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate-input.ts';
import { requireSession, sessionOf } from '../identity/authenticate.ts';
import { cardFingerprinter, listCards } from '../money/cards.ts';
import { depositByCard, type DepositResult } from '../money/deposits/card-deposit.ts';
import { loadMoneyTerms } from '../money/deposits/terms.ts';
import { answerThreeDSecure } from '../money/deposits/three-d-secure.ts';
import { depositByWire } from '../money/deposits/wire-deposit.ts';

function answered(result: DepositResult): { request_status: '1'; request_details: DepositAnswer } {
  if (!result.ok) throw new ApiError(result.error);
  return ok(result.answer);
}

export async function depositRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/v1/transactions/deposit', { preHandler: requireSession, config: { idempotency: true } }, async (request) => {
    const body = parseInput(DepositSchema, request.body, 'body');
    const session = sessionOf(request);
    const state = await request.provider();
    if (state.status !== 'ready') throw apiError(state.status === 'unknown_host' ? 'provider_not_found' : 'provider_not_configured');
    const base = { db: app.db, providerId: session.providerId, userId: session.userId, terms: await loadMoneyTerms(app.db, session.providerId), now: new Date() };
    if (body.method === 'wire') return answered(await depositByWire({ ...base, provider: state.provider }, body));
    return answered(await depositByCard({ ...base, fingerprintOf: cardFingerprinter(app.notifier.codeKey) }, body));
  });

  app.post('/v1/transactions/deposit/3ds', { preHandler: requireSession, config: { idempotency: true } }, async (request) => {
    const body = parseInput(ThreeDSecureSchema, request.body, 'body');
    const session = sessionOf(request);
    return answered(await answerThreeDSecure(app.db, { providerId: session.providerId, userId: session.userId }, body.transaction_id, body.outcome));
  });

  app.get('/v1/users/getUserCards', { preHandler: requireSession }, async (request) => {
    return ok(await listCards(app.db, sessionOf(request).userId));
  });
}
