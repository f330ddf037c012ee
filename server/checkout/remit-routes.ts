// The remittance flow's calls (core/contract/remittance.ts): the sender names the recipient of the flow
// token's checkout, and reads where the remittance stands. Both run with the flow token and reach only its
// checkout; neither moves money (the payment is the checkout's, paynet/*). Registered by server/app.ts next
// to the checkout's routes, with the bank that pays remittances out to an IBAN (test mode: the test bank).

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getRemittance, saveRemitRecipient } from '#core/contract/remittance.ts';
import { appError } from '#core/errors.ts';
import { route } from '../contract/route.ts';
import { ApiError } from '../http/api-error.ts';
import type { BankConnection } from '../online-banking/bank-client.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { loadFlowCheckout, merchantPublicId } from './checkouts.ts';
import { flowOf } from './flow-token.ts';
import { loadRecipient, remittanceAnswer, saveRecipient } from './remit-recipient.ts';

export interface RemitRouteOptions {
  /** The bank that pays out to an IBAN; null: none connected, so only coins can be sent. */
  bank: BankConnection | null;
}

export async function remitRoutes(app: FastifyInstance, options: RemitRouteOptions): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const now = () => app.identity.now();

  async function ownRemittance(request: FastifyRequest): Promise<CheckoutRow> {
    const loaded = await loadFlowCheckout(app.db, flowOf(request), now());
    if (!loaded.ok) throw new ApiError(loaded.error);
    if (loaded.checkout.flow !== 'remit') throw new ApiError(appError('checkout_not_remittance'));
    return loaded.checkout;
  }

  route(app, saveRemitRecipient, async ({ body, request }) => {
    const checkout = await ownRemittance(request);
    const saved = await saveRecipient({ db: app.db, rates: app.rates, bankPayouts: options.bank !== null, now: now(), chain: app.chain }, checkout, body);
    if (!saved.ok) throw new ApiError(saved.error);
    return remittanceAnswer(saved.checkout, saved.recipient, await merchantPublicId(app.db, saved.checkout.merchant_id));
  });

  route(app, getRemittance, async ({ request }) => {
    const checkout = await ownRemittance(request);
    return remittanceAnswer(checkout, await loadRecipient(app.db, checkout.id), await merchantPublicId(app.db, checkout.merchant_id));
  });
}
