// Merchant payments in the app: the 'payment' address purpose on the chain pipeline and the sweeper
// that expires and settles payments. Registered after the chain plugin and the rates plugin
// (server/app.ts); the merchant API's routes are registered there too, like every route module.

import type { FastifyInstance } from 'fastify';
import { paymentHandlers } from './payment-handlers.ts';
import { paymentSweeper } from './sweeper.ts';

export async function paymentsPlugin(app: FastifyInstance): Promise<void> {
  app.chain.onPurpose('payment', paymentHandlers(undefined, app.rates));
  await app.register(paymentSweeper);
}
