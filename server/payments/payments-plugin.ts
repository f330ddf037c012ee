// Merchant payments in the app: the 'payment' address purpose on the chain pipeline, the sweeper, and
// the merchant API routes. Registered after the chain plugin and the rates plugin (server/app.ts).

import type { FastifyInstance } from 'fastify';
import { merchantApiRoutes } from '../mapi/routes.ts';
import { paymentHandlers } from './payment-handlers.ts';
import { paymentSweeper } from './sweeper.ts';

export async function paymentsPlugin(app: FastifyInstance): Promise<void> {
  app.chain.onPurpose('payment', paymentHandlers());
  await app.register(paymentSweeper);
  await app.register(merchantApiRoutes);
}
