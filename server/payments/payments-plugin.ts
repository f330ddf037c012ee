// Merchant payments in the app: the 'payment' address purpose on the chain pipeline, the sweeper, and
// the merchant API routes. Registered after the chain plugin and the rates plugin (server/app.ts).

import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.ts';
import { merchantApiRoutes } from '../mapi/routes.ts';
import { secretBoxFor } from '../webhooks/secret-box.ts';
import { paymentHandlers } from './payment-handlers.ts';
import { paymentSweeper } from './sweeper.ts';

export interface PaymentsPluginOptions {
  /** APP_SECRET opens the webhook signing secrets that sign payment receipts. */
  env: Pick<Env, 'APP_SECRET' | 'MODE'>;
}

export async function paymentsPlugin(app: FastifyInstance, options: PaymentsPluginOptions): Promise<void> {
  app.chain.onPurpose('payment', paymentHandlers());
  await app.register(paymentSweeper);
  await app.register(merchantApiRoutes, { box: secretBoxFor(options.env) });
}
