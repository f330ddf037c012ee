// What creating, pricing and answering a merchant payment needs from the app, built in one place so
// every route answers alike: the chain's network and the coins that are on (app.chain), whether this
// server runs in test mode (MODE=test, whether on the built-in test network or on local regtest nodes), and
// the public origin a create's QR link points at (PUBLIC_URL).

import type { FastifyInstance } from 'fastify';
import type { CreatePaymentDeps } from './create-payment.ts';

export function paymentDeps(app: FastifyInstance): Omit<CreatePaymentDeps, 'now'> {
  return { db: app.db, rates: app.rates, network: app.chain.network, testMode: app.contract.mode === 'test', coins: app.chain.assets, publicUrl: app.notifier.publicUrl };
}
