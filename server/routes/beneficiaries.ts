// Saved bank accounts for fiat withdrawals (issue 4): GET /v1/users/getUserBeneficiaries and
// POST /v1/users/addBeneficiary (IBAN mod-97 checked; the same account twice answers the saved one).

import type { FastifyInstance } from 'fastify';
import { AddBeneficiarySchema, type BeneficiariesAnswer } from '#core/contract/withdrawals.ts';
import { ok } from '#core/envelope.ts';
import { ApiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate-input.ts';
import { requireSession, sessionOf } from '../identity/authenticate.ts';
import { addBeneficiary, listBeneficiaries } from '../money/beneficiaries.ts';

export async function beneficiaryRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/v1/users/getUserBeneficiaries', { preHandler: requireSession }, async (request) => {
    const answer: BeneficiariesAnswer = { beneficiaries: await listBeneficiaries(app.db, sessionOf(request).userId) };
    return ok(answer);
  });

  app.post('/v1/users/addBeneficiary', { preHandler: requireSession, config: { idempotency: true } }, async (request) => {
    const body = parseInput(AddBeneficiarySchema, request.body, 'body');
    const result = await addBeneficiary(app.db, sessionOf(request).userId, body);
    if (!result.ok) throw new ApiError(result.error);
    return ok({ beneficiary: result.beneficiary });
  });
}
