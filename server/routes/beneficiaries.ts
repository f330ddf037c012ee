// Saved bank accounts for fiat withdrawals (core/contract/withdrawals.ts getUserBeneficiaries,
// addBeneficiary): the IBAN is mod-97 checked, and the same account twice answers the saved one.

import type { FastifyInstance } from 'fastify';
import { addBeneficiary, getUserBeneficiaries } from '#core/contract/withdrawals.ts';
import { route } from '../contract/route.ts';
import { ApiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { addBeneficiary as saveBeneficiary, listBeneficiaries } from '../money/beneficiaries.ts';

export async function beneficiaryRoutes(app: FastifyInstance): Promise<void> {
  // Bank details are personal: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, getUserBeneficiaries, async ({ request }) => ({ beneficiaries: await listBeneficiaries(app.db, sessionOf(request).userId) }));

  route(app, addBeneficiary, async ({ body, request }) => {
    const result = await saveBeneficiary(app.db, sessionOf(request).userId, body);
    if (!result.ok) throw new ApiError(result.error);
    return { beneficiary: result.beneficiary };
  });
}
