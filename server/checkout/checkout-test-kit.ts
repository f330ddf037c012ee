// What the guest checkout's API tests share: a BTC test-network address, a card the test acquirer approves
// without 3-D Secure, a buyer's complete contact details, and a call to the app as the flow (the flow token
// as a bearer, an Idempotency-Key when money moves), and a card checkout taken to captured in one call for
// tests about what follows (deliveries). How a paid card is cleared through its codes is clear-test-kit.ts.

import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { CryptoAsset } from '#core/assets.ts';
import { ORIGIN, randomIp } from '../identity/session-test-kit.ts';
import { runPayouts } from '../chain/payouts/run-payouts-kit.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { settleIfCleared } from './clearance.ts';
import { deliverCheckouts, type DeliveryOptions, type DeliveryRun } from './deliver-checkouts.ts';

export const ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
export const CARD = { number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2030', cvc: '123', holder: 'Ana García' };
export const BILLING = {
  firstName: 'Ana',
  lastName: 'García',
  email: 'ana@example.com',
  mobile: '+34 600 123 456',
  dateOfBirth: '1990-04-12',
  billing: { address1: 'Calle Mayor 12', city: 'Madrid', country: 'es', zipCode: '28013' },
};

/** One call as the guest's page makes it: the flow token (or none), a JSON body, an Idempotency-Key when given. */
export async function flowSend(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, body?: unknown, key?: string) {
  const headers: Record<string, string> = { host: 'localhost', origin: ORIGIN };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (key !== undefined) headers['idempotency-key'] = key;
  const options: InjectOptions = { method, url, headers, remoteAddress: randomIp() };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(body);
  }
  const response = await app.inject(options);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: response.json<any>(), response };
}

/**
 * The delivery worker's run, then the chain payouts taken to the end (sent, mined): `sent` and `rejected`
 * count the coins as the guest sees them afterwards, remittances to an IBAN included.
 */
export async function deliverAll(app: FastifyInstance, now: Date = new Date(), options: DeliveryOptions = { bank: null }): Promise<DeliveryRun> {
  const run = await deliverCheckouts(app.db, app.chain.payouts, now, options);
  const paid = await runPayouts(app);
  return { queued: run.queued, sent: run.sent + paid.confirmed, rejected: run.rejected + paid.failed, waiting: run.waiting };
}

/**
 * A guest's card checkout of `coin` to `address`, paid and captured: started, billed, authorised at
 * paynet/deposit, its codes marked verified (the code journey is clear-test-kit.ts's), then cleared.
 * Answers the checkout's row as it was when captured (its public_id, the crypto amount sold), ready for the delivery worker.
 */
export async function capturedCardCheckout(app: FastifyInstance, coin: CryptoAsset, address: string): Promise<CheckoutRow> {
  const init = await flowSend(app, 'POST', '/v1/checkout/init', null, { test: true, coin, cryptoAddress: address });
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  const token = init.body.data.flow_token as string;
  const id = init.body.data.checkout._id as string;
  expect((await flowSend(app, 'POST', '/v1/checkout/billing', token, BILLING)).status).toBe(200);
  const paid = await flowSend(app, 'POST', '/v1/paynet/deposit', token, { step: 'card', card: CARD }, `key-${id}`);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const row = await app.db.updateTable('guest_checkouts').set({ email_verified: true, mobile_verified: true }).where('public_id', '=', id).returningAll().executeTakeFirstOrThrow();
  expect(await settleIfCleared(app.db, app.rates, row.id, new Date())).toBe('captured');
  return row;
}
