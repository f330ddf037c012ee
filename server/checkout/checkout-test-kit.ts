// What the guest checkout's API tests share: a BTC test-network address, a card the test acquirer approves
// without 3-D Secure, a buyer's complete contact details, and a call to the app as the flow (the flow token
// as a bearer, an Idempotency-Key when money moves). How a paid card is cleared is clear-test-kit.ts.

import type { FastifyInstance, InjectOptions } from 'fastify';
import { ORIGIN, randomIp } from '../identity/session-test-kit.ts';
import { runPayouts } from '../chain/payouts/run-payouts-kit.ts';
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
