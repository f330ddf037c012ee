// The test bank's API and pages, over HTTP to a real listening bank and a small platform stand-in that
// records the callbacks (the platform's own handling is tested in server/online-banking/).

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { startBank, type RunningBank } from './server.ts';
import { sign, SIGNATURE_HEADER, verify } from './signature.ts';
import { formatAmount } from './page.ts';

const SECRET = 'a'.repeat(64);
const now = () => Math.floor(Date.now() / 1000);

/** A stand-in for the platform's callback: answers the statuses queued (then 200) and records what came. */
async function startReceiver(): Promise<{ url: string; received: { body: string; signature: string }[]; answers: number[]; close(): Promise<void> }> {
  const received: { body: string; signature: string }[] = [];
  const answers: number[] = [];
  const app: FastifyInstance = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) => done(null, body));
  app.post('/callback', async (request, reply) => {
    received.push({ body: request.body as string, signature: String(request.headers[SIGNATURE_HEADER]) });
    return reply.code(answers.shift() ?? 200).send({ ok: true });
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, received, answers, close: () => app.close() };
}

/** A port nobody listens on now: the bank must know its origin before it listens (approval_url). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

let bank: RunningBank;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  bank = await startBank({ secret: SECRET, port: await freePort(), retryDelaysMs: [20, 40] });
});
afterAll(async () => {
  await bank.close();
  await receiver.close();
});
afterEach(() => {
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

function paymentBody(overrides: Record<string, string | undefined> = {}): string {
  return JSON.stringify({
    amount: '1250', currency: 'EUR', reference: 'ob_test1', payee: 'Demo shop', description: 'Blue mug',
    return_url: 'http://localhost:9999/back', callback_url: `${receiver.url}/callback`, ...overrides,
  });
}

async function createPayment(body = paymentBody(), signature = sign(SECRET, now(), body)) {
  return fetch(`${bank.url}/payments`, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature }, body });
}

async function created(): Promise<{ id: string; approval_url: string }> {
  const response = await createPayment();
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; approval_url: string };
}

async function choose(id: string, decision: string): Promise<Response> {
  return fetch(`${bank.url}/approve/${id}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `decision=${decision}` });
}

describe('the test bank', () => {
  it('creates a signed payment and answers its approval page on its own origin', async () => {
    const payment = await created();
    expect(payment.id).toMatch(/^bp_[0-9a-f]{24}$/);
    expect(payment.approval_url).toBe(`${bank.url}/approve/${payment.id}`);
    const page = await fetch(payment.approval_url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('TEST BANK</strong> — no real money');
    expect(html).toContain('Demo shop');
    expect(html).toContain('Blue mug');
    expect(html).toContain('€12.50');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:9999");
  });

  it.each([
    { case: 'no signature', signature: () => '' },
    { case: 'another secret', signature: () => sign('b'.repeat(64), now(), paymentBody()) },
    { case: 'a signature of another body', signature: () => sign(SECRET, now(), paymentBody({ amount: '1' })) },
    { case: 'a stale timestamp', signature: () => sign(SECRET, now() - 301, paymentBody()) },
  ])('refuses a create with $case (401)', async ({ signature }) => {
    expect((await createPayment(paymentBody(), signature())).status).toBe(401);
  });

  it.each([
    { case: 'a zero amount', fields: { amount: '0' }, problem: 'amount' },
    { case: 'a decimal amount', fields: { amount: '12.50' }, problem: 'amount' },
    { case: 'a lowercase currency', fields: { currency: 'eur' }, problem: 'currency' },
    { case: 'a callback that is not a URL', fields: { callback_url: 'javascript:alert(1)' }, problem: 'callback_url' },
  ])('refuses a create with $case (400)', async ({ fields, problem }) => {
    const response = await createPayment(paymentBody(fields));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { problems: string[] }).problems.join()).toContain(problem);
  });

  it.each(['approved', 'refused', 'failed'])('a choice of %s posts a signed callback, then sends the browser back with the id only', async (decision) => {
    const payment = await created();
    const answer = await choose(payment.id, decision);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`http://localhost:9999/back?payment_id=${payment.id}`);
    expect(receiver.received).toHaveLength(1);
    const [callback] = receiver.received;
    expect(verify(SECRET, callback!.signature, callback!.body, now())).toBe(true);
    expect(JSON.parse(callback!.body)).toMatchObject({ payment_id: payment.id, reference: 'ob_test1', status: decision, amount: '1250', currency: 'EUR' });
    expect(JSON.parse(callback!.body).id).toMatch(/^cb_[0-9a-f]{24}$/);
  });

  it('retries the callback with backoff until the platform answers 2xx, with the same callback id', async () => {
    receiver.answers.push(500, 503);
    const payment = await created();
    await choose(payment.id, 'approved');
    await expect.poll(() => receiver.received.length, { timeout: 2000 }).toBe(3);
    const ids = receiver.received.map((r) => JSON.parse(r.body).id as string);
    expect(new Set(ids).size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(3);
  });

  it('a second choice changes nothing: no second callback, the decided page', async () => {
    const payment = await created();
    await choose(payment.id, 'refused');
    const again = await choose(payment.id, 'approved');
    expect(again.status).toBe(303);
    expect(receiver.received).toHaveLength(1);
    expect(await (await fetch(payment.approval_url)).text()).toContain('This payment was already refused');
  });

  it('an unknown decision is 400 and an unknown payment 404', async () => {
    const payment = await created();
    expect((await choose(payment.id, 'maybe')).status).toBe(400);
    expect((await fetch(`${bank.url}/approve/bp_unknown00000`)).status).toBe(404);
    expect(receiver.received).toHaveLength(0);
  });

  it('reads a payment only with a signed request', async () => {
    const payment = await created();
    expect((await fetch(`${bank.url}/payments/${payment.id}`)).status).toBe(401);
    const read = await fetch(`${bank.url}/payments/${payment.id}`, { headers: { [SIGNATURE_HEADER]: sign(SECRET, now(), '') } });
    expect(await read.json()).toMatchObject({ id: payment.id, status: 'pending', amount: '1250' });
  });
});

describe('formatAmount', () => {
  it.each([
    { minor: '1250', currency: 'EUR', shown: '€12.50' },
    { minor: '5', currency: 'EUR', shown: '€0.05' },
    { minor: '123456789012345678', currency: 'ZAR', shown: 'ZAR 1,234,567,890,123,456.78' },
  ])('$minor $currency reads $shown', ({ minor, currency, shown }) => {
    expect(formatAmount(minor, currency).replace(/\u00a0/g, ' ')).toBe(shown);
  });
});
