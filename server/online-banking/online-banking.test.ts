// Online banking on the platform's side: the callback's signature (valid, tampered, another secret,
// stale), its replay rule and the route on both databases, and the whole redirect against the real test
// bank over HTTP: create, the buyer's choice on the bank's page, the signed callback stored, the return.

import { createServer } from 'node:net';
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { startBank, type RunningBank } from '../../test-bank/server.ts';
import type { Env } from '../env.ts';
import { buildTestApp, testDatabases, useTestApp } from '../test-helper.ts';
import { signWebhook } from '../compliance/live-adapter.ts';
import Fastify from 'fastify';
import { BANK_SIGNATURE_HEADER, createBankPayment } from './bank-client.ts';
import { verifyBankCallback } from './bank-callback.ts';
import { bankSecretFor } from './bank-secret.ts';

const SECRET = bankSecretFor({ APP_SECRET: undefined });
const NOW = 1_795_000_000;
const CALLBACK = { id: 'cb_aaaaaaaaaaaa', payment_id: 'bp_bbbbbbbbbbbb', reference: 'ob_cccc', status: 'approved', amount: '1250', currency: 'EUR' } as const;
const BODY = JSON.stringify(CALLBACK);

describe('verifyBankCallback', () => {
  it.each([
    { case: 'a valid signature', header: signWebhook(SECRET, NOW, BODY), body: BODY, now: NOW, result: { ok: true, callback: CALLBACK } },
    { case: 'a tampered body', header: signWebhook(SECRET, NOW, BODY), body: BODY.replace('approved', 'refused'), now: NOW, result: { ok: false, why: 'mismatch' } },
    { case: 'a tampered amount', header: signWebhook(SECRET, NOW, BODY), body: BODY.replace('1250', '9250'), now: NOW, result: { ok: false, why: 'mismatch' } },
    { case: 'another secret', header: signWebhook(bankSecretFor({ APP_SECRET: 'x'.repeat(32) }), NOW, BODY), body: BODY, now: NOW, result: { ok: false, why: 'mismatch' } },
    { case: 'a stale timestamp (5 minutes and 1 s old)', header: signWebhook(SECRET, NOW - 301, BODY), body: BODY, now: NOW, result: { ok: false, why: 'stale' } },
    { case: 'no header', header: undefined, body: BODY, now: NOW, result: { ok: false, why: 'missing' } },
    { case: 'a signed body that is not a callback', header: signWebhook(SECRET, NOW, '{"status":"approved"}'), body: '{"status":"approved"}', now: NOW, result: { ok: false, why: 'body' } },
  ])('$case', ({ header, body, now, result }) => {
    expect(verifyBankCallback(SECRET, header, body, now)).toEqual(result);
  });

  it('the secret comes from APP_SECRET through HKDF: another APP_SECRET, another key, never APP_SECRET itself', () => {
    const appSecret = 'y'.repeat(40);
    expect(bankSecretFor({ APP_SECRET: appSecret })).toMatch(/^[0-9a-f]{64}$/);
    expect(bankSecretFor({ APP_SECRET: appSecret })).not.toBe(bankSecretFor({ APP_SECRET: 'z'.repeat(40) }));
    expect(bankSecretFor({ APP_SECRET: appSecret })).not.toContain(appSecret);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

describe.each(testDatabases())('online banking on $name', ({ name }) => {
  const env: Partial<Env> = {};
  let bank: RunningBank;
  beforeAll(async () => {
    const [platformPort, bankPort] = [await freePort(), await freePort()];
    Object.assign(env, { PORT: platformPort, PUBLIC_URL: `http://localhost:${platformPort}`, TEST_BANK_PORT: bankPort });
    bank = await startBank({ secret: SECRET, port: bankPort, retryDelaysMs: [50, 100] });
  });
  const t = useTestApp(name, { env, seed: false });
  beforeAll(async () => {
    await t.app.listen({ port: env.PORT!, host: 'localhost' });
  });
  afterAll(async () => {
    await bank?.close();
  });

  const start = async (amount = '1250') => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/paynet/onlineBanking/testPayment', headers: { host: 'localhost' }, payload: { amount, currency: 'EUR', description: 'Blue mug' } });
    expect(response.statusCode).toBe(200);
    return response.json().request_details as { payment_id: string; reference: string; approval_url: string };
  };
  const stored = async (paymentId: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/paynet/onlineBanking/testPayment?payment_id=${paymentId}`, headers: { host: 'localhost' } });
    return { statusCode: response.statusCode, payment: response.json().request_details as { status: string; amount: string; currency: string; reference: string; callback_received_at: string | null } };
  };
  const postCallback = (body: string, header: string | undefined) =>
    t.app.inject({ method: 'POST', url: '/v1/paynet/onlineBanking/callback', headers: { host: 'localhost', 'content-type': 'application/json', ...(header ? { [BANK_SIGNATURE_HEADER]: header } : {}) }, payload: body });
  const now = () => Math.floor(Date.now() / 1000);

  it('creates the payment at the bank and stores it pending; the buyer is sent to the bank\'s own origin', async () => {
    const payment = await start();
    expect(payment.approval_url).toBe(`${bank.url}/approve/${payment.payment_id}`);
    const { payment: row } = await stored(payment.payment_id);
    expect(row).toMatchObject({ status: 'pending', amount: '1250', currency: 'EUR', reference: payment.reference, callback_received_at: null });
    const page = await fetch(payment.approval_url);
    expect(await page.text()).toContain('Blue mug');
  });

  it.each(['approved', 'refused', 'failed'])('the buyer\'s %s at the bank is stored from the signed callback before the browser is back', async (decision) => {
    const payment = await start();
    const choice = await fetch(`${bank.url}/approve/${payment.payment_id}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `decision=${decision}` });
    expect(choice.status).toBe(303);
    expect(choice.headers.get('location')).toBe(`${env.PUBLIC_URL}/v1/paynet/onlineBanking/testPayment?payment_id=${payment.payment_id}`);
    const { payment: row } = await stored(payment.payment_id);
    expect(row.status).toBe(decision);
    expect(row.callback_received_at).not.toBeNull();
  });

  it('a callback applies once: its replay and a later different result are acknowledged and change nothing', async () => {
    const payment = await start();
    const callback = { id: 'cb_replay000001', payment_id: payment.payment_id, reference: payment.reference, status: 'refused', amount: '1250', currency: 'EUR' };
    const body = JSON.stringify(callback);
    const first = await postCallback(body, signWebhook(SECRET, now(), body));
    expect(first.statusCode).toBe(200);
    expect(first.json().request_details).toEqual({ applied: true, status: 'refused' });
    const received = (await stored(payment.payment_id)).payment.callback_received_at;
    const replay = await postCallback(body, signWebhook(SECRET, now(), body));
    expect(replay.statusCode).toBe(200);
    expect(replay.json().request_details).toEqual({ applied: false, status: 'refused' });
    const other = JSON.stringify({ ...callback, id: 'cb_replay000002', status: 'approved' });
    expect((await postCallback(other, signWebhook(SECRET, now(), other))).json().request_details).toEqual({ applied: false, status: 'refused' });
    expect((await stored(payment.payment_id)).payment).toMatchObject({ status: 'refused', callback_received_at: received });
  });

  it.each([
    { case: 'no signature', header: () => undefined, status: 401 },
    { case: 'another secret', header: (body: string) => signWebhook('f'.repeat(64), now(), body), status: 401 },
    { case: 'a stale timestamp', header: (body: string) => signWebhook(SECRET, now() - 301, body), status: 401 },
    { case: 'a signature over another status', header: (body: string) => signWebhook(SECRET, now(), body.replace('approved', 'refused')), status: 401 },
  ])('a callback with $case is refused and changes nothing', async ({ header, status }) => {
    const payment = await start();
    const body = JSON.stringify({ id: 'cb_forged0000001', payment_id: payment.payment_id, reference: payment.reference, status: 'approved', amount: '1250', currency: 'EUR' });
    const response = await postCallback(body, header(body));
    expect(response.statusCode).toBe(status);
    expect(response.json().request_status).toBe('0');
    expect((await stored(payment.payment_id)).payment.status).toBe('pending');
  });

  it('a signed callback for another amount or an unknown payment is refused', async () => {
    const payment = await start();
    const wrongAmount = JSON.stringify({ id: 'cb_amount0000001', payment_id: payment.payment_id, reference: payment.reference, status: 'approved', amount: '1', currency: 'EUR' });
    expect((await postCallback(wrongAmount, signWebhook(SECRET, now(), wrongAmount))).statusCode).toBe(400);
    const unknown = JSON.stringify({ id: 'cb_unknown000001', payment_id: 'bp_000000000000', reference: 'ob_x', status: 'approved', amount: '1', currency: 'EUR' });
    expect((await postCallback(unknown, signWebhook(SECRET, now(), unknown))).statusCode).toBe(404);
    expect((await stored(payment.payment_id)).payment.status).toBe('pending');
    expect((await stored('bp_000000000000')).statusCode).toBe(404);
  });

  it('a bank that does not answer, or sends the buyer to another origin, is bank_unavailable and stores nothing', async () => {
    const hostile = Fastify();
    hostile.post('/payments', async (_request, reply) => reply.code(201).send({ id: 'bp_hostile00001', status: 'pending', approval_url: 'http://evil.example/approve/bp_hostile00001' }));
    const hostileUrl = await hostile.listen({ port: 0, host: '127.0.0.1' });
    const payment = { amountMinor: 500n, currency: 'ZAR', payee: 'Shop', description: 'Mug', returnUrl: `${env.PUBLIC_URL}/back`, callbackUrl: `${env.PUBLIC_URL}/v1/paynet/onlineBanking/callback` };
    try {
      for (const url of [hostileUrl, `http://127.0.0.1:${await freePort()}`]) {
        const created = await createBankPayment(t.database.db, { url, secret: SECRET }, payment);
        expect(created).toMatchObject({ ok: false, error: { code: 'bank_unavailable' } });
      }
    } finally {
      await hostile.close();
    }
    const rows = await t.database.db.selectFrom('bank_payments').select('payment_id').where('currency', '=', 'ZAR').execute();
    expect(rows).toEqual([]);
  });
});

describe('online banking in live mode', () => {
  it('registers none of its routes until a live bank is connected: the callback and the test calls are 404', async () => {
    const live = await buildTestApp('pglite', { seed: false, env: { MODE: 'live', APP_SECRET: 'k'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'no-reply@verdant.example' } });
    try {
      const body = JSON.stringify(CALLBACK);
      const callback = await live.app.inject({ method: 'POST', url: '/v1/paynet/onlineBanking/callback', headers: { host: 'localhost', 'content-type': 'application/json', [BANK_SIGNATURE_HEADER]: signWebhook(bankSecretFor({ APP_SECRET: 'k'.repeat(40) }), Math.floor(Date.now() / 1000), body) }, payload: body });
      expect(callback.statusCode).toBe(404);
      const start = await live.app.inject({ method: 'POST', url: '/v1/paynet/onlineBanking/testPayment', headers: { host: 'localhost' }, payload: { amount: '100' } });
      expect(start.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
