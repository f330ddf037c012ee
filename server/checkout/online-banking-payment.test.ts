// A guest checkout paid by online banking against the real test bank over HTTP, on every test database:
// paynet/onlineBanking creates the payment at the bank and answers its approval page; the buyer's choice
// there makes the bank post its signed callback, which settles the checkout in the same transaction:
// approved -> money posted, coins reserved, successful; refused or failed -> failed with the reason,
// nothing held. A replayed or later callback changes nothing. Ledger checked after each.

import { createServer } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../test-bank/server.ts';
import { signWebhook } from '../compliance/live-adapter.ts';
import type { Env } from '../env.ts';
import { ORIGIN, randomIp } from '../identity/session-test-kit.ts';
import { checkLedger } from '../ledger/index.ts';
import { BANK_SIGNATURE_HEADER } from '../online-banking/bank-client.ts';
import { bankSecretFor } from '../online-banking/bank-secret.ts';
import { buildTestApp, testDatabases, useTestApp } from '../test-helper.ts';
import { BANK_REASONS } from './online-banking-payment.ts';

const SECRET = bankSecretFor({ APP_SECRET: undefined });
const ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const BILLING = {
  firstName: 'Ana',
  lastName: 'García',
  email: 'ana@example.com',
  mobile: '+34 600 123 456',
  dateOfBirth: '1990-04-12',
  billing: { address1: 'Calle Mayor 12', city: 'Madrid', country: 'es', zipCode: '28013' },
};

let keys = 0;
const newKey = () => `ob-${Date.now()}-${(keys += 1)}`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

async function send(app: FastifyInstance, url: string, token: string | null, body: unknown, key?: string) {
  const headers: Record<string, string> = { host: 'localhost', origin: ORIGIN, 'content-type': 'application/json' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (key !== undefined) headers['idempotency-key'] = key;
  const options: InjectOptions = { method: 'POST', url, headers, remoteAddress: randomIp(), payload: JSON.stringify(body) };
  const response = await app.inject(options);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: response.json<any>() };
}

describe.each(testDatabases())('guest checkout paid by online banking on $name', ({ name }) => {
  const env: Partial<Env> = {};
  let bank: RunningBank;
  beforeAll(async () => {
    const [platformPort, bankPort] = [await freePort(), await freePort()];
    Object.assign(env, { PORT: platformPort, PUBLIC_URL: `http://localhost:${platformPort}`, TEST_BANK_PORT: bankPort });
    bank = await startBank({ secret: SECRET, port: bankPort, retryDelaysMs: [50, 100] });
  });
  const t = useTestApp(name, { env });
  beforeAll(async () => {
    await t.app.listen({ port: env.PORT!, host: 'localhost' });
  });
  afterAll(async () => {
    await bank?.close();
  });
  afterEach(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  async function started(options: { method?: string; verified?: boolean } = {}) {
    const init = await send(t.app, '/v1/checkout/init', null, { test: true, cryptoAddress: ADDRESS, payment_method: options.method ?? 'Online Banking' });
    expect(init.status).toBe(200);
    const token = init.body.data.flow_token as string;
    const id = init.body.data.checkout._id as string;
    expect((await send(t.app, '/v1/checkout/billing', token, BILLING)).status).toBe(200);
    if (options.verified !== false) await t.app.db.updateTable('guest_checkouts').set({ email_verified: true, mobile_verified: true, verified_id: 1 }).where('public_id', '=', id).execute();
    return { id, token };
  }
  const pay = (token: string, body: unknown = {}, key: string | null = newKey()) => send(t.app, '/v1/paynet/onlineBanking', token, body, key ?? undefined);
  const status = (token: string, paymentId: string) => send(t.app, `/v1/paynet/onlineBankingStatus/${paymentId}`, token, {});
  const checkoutRow = (id: string) => t.app.db.selectFrom('guest_checkouts').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();
  async function transfersOf(id: string) {
    const payments = await t.app.db.selectFrom('checkout_payments').innerJoin('guest_checkouts', 'guest_checkouts.id', 'checkout_payments.checkout_id').select('checkout_payments.public_id').where('guest_checkouts.public_id', '=', id).execute();
    return t.app.db.selectFrom('ledger_transfers').select(['id', 'amount']).where('ref', 'in', [id, ...payments.map((p) => p.public_id)]).orderBy('id').execute();
  }
  /** The buyer's choice on the bank's page; the bank posts its signed callback before it redirects. */
  async function decide(approvalUrl: string, decision: 'approved' | 'refused' | 'failed') {
    const choice = await fetch(approvalUrl, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `decision=${decision}` });
    expect(choice.status).toBe(303);
    return choice.headers.get('location');
  }

  it('approved at the bank: the callback posts the money, reserves the coins and makes the checkout successful; the bank returns the buyer to processing_online', async () => {
    const { id, token } = await started();
    const started1 = await pay(token, { module: 'sys-remitflow' });
    expect(started1.status).toBe(200);
    const { payment_id: paymentId, approval_url: approvalUrl, checkout } = started1.body.data;
    expect(started1.body.data.outcome).toBe('redirect');
    expect(new URL(approvalUrl).origin).toBe(bank.url);
    expect(checkout).toMatchObject({ status: 'pending', payment_status: null });
    expect(await transfersOf(id)).toEqual([]);
    const page = await (await fetch(approvalUrl)).text();
    expect(page).toContain('30.00');
    // A reload (a new key) goes to the same bank page.
    expect((await pay(token, { module: 'sys-remitflow' })).body.data).toMatchObject({ payment_id: paymentId, approval_url: approvalUrl });
    expect((await status(token, paymentId)).body.data).toMatchObject({ status: 'awaiting', reason: null });

    const back = await decide(approvalUrl, 'approved');
    expect(back).toBe(`${env.PUBLIC_URL}/sys-remitflow/processing_online?payment=${paymentId}&payment_id=${new URL(approvalUrl).pathname.split('/').pop()}`);
    const read = await status(token, paymentId);
    expect(read.body.data).toMatchObject({ payment_id: paymentId, status: 'approved', reason: null, checkout: { status: 'successful', payment_status: 'successful' } });
    const payment = await t.app.db.selectFrom('checkout_payments').selectAll().where('public_id', '=', paymentId).executeTakeFirstOrThrow();
    const transfers = await transfersOf(id);
    expect(transfers.map((x) => x.id).sort()).toEqual([`${id}:delivery`, `${paymentId}:fee`, `${paymentId}:principal`].sort());
    expect(transfers.find((x) => x.id === `${id}:delivery`)?.amount).toBe(payment.crypto_amount_minor);
    expect((await checkoutRow(id)).status).toBe('successful');
  });

  it.each([
    { decision: 'refused' as const, status: 'refused', reason: BANK_REASONS.refused },
    { decision: 'failed' as const, status: 'failed', reason: BANK_REASONS.failed },
  ])('$decision at the bank: the checkout fails with the reason and nothing is held; a later approval changes nothing', async ({ decision, status: expected, reason }) => {
    const { id, token } = await started({ method: 'Online Banking ZA' });
    const { payment_id: paymentId, approval_url: approvalUrl } = (await pay(token)).body.data;
    await decide(approvalUrl, decision);
    const read = await status(token, paymentId);
    expect(read.body.data).toMatchObject({ status: expected, reason, checkout: { status: 'failed', payment_status: null } });
    expect(await transfersOf(id)).toEqual([]);
    // A forged-free but late second result (another callback id) is acknowledged and changes nothing.
    const payment = await t.app.db.selectFrom('checkout_payments').innerJoin('bank_payments', 'bank_payments.payment_id', 'checkout_payments.bank_payment_id').select(['bank_payments.payment_id', 'bank_payments.reference', 'bank_payments.amount_minor']).where('checkout_payments.public_id', '=', paymentId).executeTakeFirstOrThrow();
    const body = JSON.stringify({ id: 'cb_late00000001', payment_id: payment.payment_id, reference: payment.reference, status: 'approved', amount: payment.amount_minor.toString(), currency: 'EUR' });
    const late = await t.app.inject({ method: 'POST', url: '/v1/paynet/onlineBanking/callback', headers: { host: 'localhost', 'content-type': 'application/json', [BANK_SIGNATURE_HEADER]: signWebhook(SECRET, Math.floor(Date.now() / 1000), body) }, payload: body });
    expect(late.statusCode).toBe(200);
    expect(late.json().request_details).toEqual({ applied: false, status: decision });
    expect((await checkoutRow(id)).status).toBe('failed');
    expect(await transfersOf(id)).toEqual([]);
  });

  it('a replayed approval callback settles the checkout once', async () => {
    const { id, token } = await started();
    const { payment_id: paymentId } = (await pay(token)).body.data;
    const payment = await t.app.db.selectFrom('checkout_payments').innerJoin('bank_payments', 'bank_payments.payment_id', 'checkout_payments.bank_payment_id').select(['bank_payments.payment_id', 'bank_payments.reference', 'bank_payments.amount_minor']).where('checkout_payments.public_id', '=', paymentId).executeTakeFirstOrThrow();
    const body = JSON.stringify({ id: 'cb_replay00000001', payment_id: payment.payment_id, reference: payment.reference, status: 'approved', amount: payment.amount_minor.toString(), currency: 'EUR' });
    const post = () => t.app.inject({ method: 'POST', url: '/v1/paynet/onlineBanking/callback', headers: { host: 'localhost', 'content-type': 'application/json', [BANK_SIGNATURE_HEADER]: signWebhook(SECRET, Math.floor(Date.now() / 1000), body) }, payload: body });
    expect((await post()).json().request_details).toEqual({ applied: true, status: 'approved' });
    expect((await post()).json().request_details).toEqual({ applied: false, status: 'approved' });
    expect((await transfersOf(id)).map((x) => x.id).sort()).toEqual([`${id}:delivery`, `${paymentId}:fee`, `${paymentId}:principal`].sort());
    expect((await status(token, paymentId)).body.data.checkout.status).toBe('successful');
  });

  it.each([
    { case: 'without an Idempotency-Key', options: {}, key: null, code: 'validation_failed', http: 400 },
    { case: 'before the identity is verified', options: { verified: false }, key: 'k', code: 'checkout_verification_required', http: 403 },
    { case: 'for a wire checkout', options: { method: 'SEPA' }, key: 'k', code: 'checkout_method_mismatch', http: 409 },
  ])('is refused $case and nothing is created at the bank', async ({ options, key, code, http }) => {
    const { id, token } = await started(options);
    const answer = await pay(token, {}, key === null ? null : newKey());
    expect(answer.status).toBe(http);
    expect(answer.body.error_message.code).toBe(code);
    const row = await checkoutRow(id);
    expect(row.status).toBe('created');
    expect(await t.app.db.selectFrom('checkout_payments').select('id').where('checkout_id', '=', row.id).execute()).toEqual([]);
  });
});

describe('online banking for a checkout in live mode', () => {
  it('is not served: no test bank in live mode', async () => {
    const live = await buildTestApp('pglite', { seed: false, env: { MODE: 'live', APP_SECRET: 'k'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'no-reply@verdant.example' } });
    try {
      const answer = await live.app.inject({ method: 'POST', url: '/v1/paynet/onlineBanking', headers: { host: 'localhost', 'content-type': 'application/json', 'idempotency-key': 'k' }, payload: '{}' });
      expect(answer.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
