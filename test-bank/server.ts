// The test bank: a small Fastify server on its own origin (http://127.0.0.1:4100 by default, TEST_BANK_PORT),
// started by scripts/start.ts in test mode only. It plays a real open-banking / iDEAL-style bank:
//   POST /payments          the platform creates a payment, server to server, signed (Bank-Signature);
//                           answers 201 {id, approval_url, status}
//   GET  /payments/:id      the payment as the bank has it (signed like the create, over an empty body)
//   GET  /approve/:id       the buyer's approval page: approve, refuse, or simulate the bank failing
//   POST /approve/:id       the choice: the signed callback to the platform, then a 303 to return_url?payment_id=
// The browser is never told the result: the platform trusts only the signed callback.
//   POST /payouts           the platform sends money to an IBAN, signed; answers at once credited or refused
//                           (payouts.ts; the same reference answers the same payout)
//   GET  /payouts/:id       the payout as the bank has it (signed over an empty body)

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { renderApprovalPage, renderDecidedPage, renderMissingPage } from './page.ts';
import { Payments, type BankPayment, type Decision } from './payments.ts';
import { describePayout, payoutProblems, Payouts } from './payouts.ts';
import { SIGNATURE_HEADER, verify } from './signature.ts';

export interface BankOptions {
  /** The secret the platform and the bank share (server/online-banking/bank-secret.ts derives it). */
  secret: string;
  /** The bank's origin as browsers reach it (approval_url starts with it). */
  publicUrl: string;
  retryDelaysMs?: readonly number[];
  now?: () => number;
}

export interface RunningBank {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

const PUBLIC_DIR = join(import.meta.dirname, 'public');
const DECISIONS: readonly string[] = ['approved', 'refused', 'failed'];

interface CreateBody {
  amount: string;
  currency: string;
  reference: string;
  payee: string;
  description: string;
  return_url: string;
  callback_url: string;
}

/** The create request's problems, one per field, like a real bank's 400. */
export function createProblems(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['the body must be a JSON object'];
  const b = body as Record<string, unknown>;
  const text = (name: string, pattern: RegExp, what: string) => (typeof b[name] === 'string' && pattern.test(b[name] as string) ? [] : [`${name} must be ${what}`]);
  return [
    ...text('amount', /^[1-9][0-9]{0,17}$/, 'minor units above zero as a string, like "1250"'),
    ...text('currency', /^[A-Z]{3}$/, 'an ISO 4217 code like EUR'),
    ...text('reference', /^[A-Za-z0-9_-]{1,64}$/, '1 to 64 letters, digits, _ or -'),
    ...text('payee', /^[^\n\r]{1,100}$/, 'the name of who is paid (1 to 100 characters)'),
    ...text('description', /^[^\n\r]{1,140}$/, 'what the payment is for (1 to 140 characters)'),
    ...text('return_url', /^https?:\/\/\S{1,500}$/, 'an http(s) URL'),
    ...text('callback_url', /^https?:\/\/\S{1,500}$/, 'an http(s) URL'),
  ];
}

function describe(payment: BankPayment) {
  return { id: payment.id, status: payment.status, amount: payment.amount, currency: payment.currency, reference: payment.reference, deliveries: payment.deliveries };
}

export async function buildBank(options: BankOptions): Promise<{ app: FastifyInstance; payments: Payments; payouts: Payouts }> {
  const payouts = new Payouts();
  const payments = new Payments({ secret: options.secret, ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}), ...(options.now ? { now: options.now } : {}) });
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const bankOrigin = new URL(options.publicUrl).origin;
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 });

  // The API's JSON stays text: the signature is over the bytes sent. The page's form is urlencoded.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  });

  const signed = (header: string | string[] | undefined, raw: string) => verify(options.secret, Array.isArray(header) ? header[0] : header, raw, now());

  app.post('/payments', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    if (!signed(request.headers[SIGNATURE_HEADER], raw)) return reply.code(401).send({ error: 'The Bank-Signature header is missing, stale or does not match the body.' });
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return reply.code(400).send({ error: 'The body is not JSON.' });
    }
    const problems = createProblems(body);
    if (problems.length > 0) return reply.code(400).send({ error: 'The payment is not valid.', problems });
    const b = body as CreateBody;
    const payment = payments.create({ amount: b.amount, currency: b.currency, reference: b.reference, payee: b.payee, description: b.description, returnUrl: b.return_url, callbackUrl: b.callback_url });
    return reply.code(201).send({ id: payment.id, status: payment.status, approval_url: `${bankOrigin}/approve/${payment.id}` });
  });

  app.get<{ Params: { id: string } }>('/payments/:id', async (request, reply) => {
    if (!signed(request.headers[SIGNATURE_HEADER], '')) return reply.code(401).send({ error: 'The Bank-Signature header is missing, stale or does not match.' });
    const payment = payments.find(request.params.id);
    return payment ? reply.send(describe(payment)) : reply.code(404).send({ error: 'No payment with this id.' });
  });

  app.post('/payouts', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    if (!signed(request.headers[SIGNATURE_HEADER], raw)) return reply.code(401).send({ error: 'The Bank-Signature header is missing, stale or does not match the body.' });
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return reply.code(400).send({ error: 'The body is not JSON.' });
    }
    const problems = payoutProblems(body);
    if (problems.length > 0) return reply.code(400).send({ error: 'The payout is not valid.', problems });
    const b = body as Record<string, string>;
    const { payout, created } = payouts.send({ amount: b.amount!, currency: b.currency!, iban: b.iban!, accountHolder: b.account_holder!, reference: b.reference!, description: b.description! });
    return reply.code(created ? 201 : 200).send(describePayout(payout));
  });

  app.get<{ Params: { id: string } }>('/payouts/:id', async (request, reply) => {
    if (!signed(request.headers[SIGNATURE_HEADER], '')) return reply.code(401).send({ error: 'The Bank-Signature header is missing, stale or does not match.' });
    const payout = payouts.find(request.params.id);
    return payout ? reply.send(describePayout(payout)) : reply.code(404).send({ error: 'No payout with this id.' });
  });

  app.get<{ Params: { id: string } }>('/approve/:id', async (request, reply) => {
    const payment = payments.find(request.params.id);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!payment) return reply.code(404).send(renderMissingPage());
    // The form's answer redirects to the platform: form-action must allow that one origin too.
    reply.header('content-security-policy', `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' ${new URL(payment.returnUrl).origin}; frame-ancestors 'none'; base-uri 'none'`);
    return reply.send(payment.status === 'pending' ? renderApprovalPage(payment) : renderDecidedPage(payment));
  });

  app.post<{ Params: { id: string }; Body: Record<string, string> }>('/approve/:id', async (request, reply) => {
    const payment = payments.find(request.params.id);
    if (!payment) return reply.code(404).type('text/html; charset=utf-8').send(renderMissingPage());
    const decision = typeof request.body === 'object' && request.body !== null ? request.body.decision : undefined;
    if (decision === undefined || !DECISIONS.includes(decision)) return reply.code(400).type('text/html; charset=utf-8').send(renderApprovalPage(payment));
    // A second choice (a double click, the back button) changes nothing: the first one stands.
    await payments.decide(payment, decision as Decision);
    const back = new URL(payment.returnUrl);
    back.searchParams.set('payment_id', payment.id);
    return reply.code(303).header('location', back.toString()).send();
  });

  app.get('/bank.css', async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(await readFile(join(PUBLIC_DIR, 'bank.css'))));
  app.get('/healthz', async () => ({ ok: true }));
  app.addHook('onClose', async () => payments.stop());
  return { app, payments, payouts };
}

export async function startBank(options: Omit<BankOptions, 'publicUrl'> & { port: number; host?: string }): Promise<RunningBank> {
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host}:${options.port}`;
  const { app } = await buildBank({ ...options, publicUrl: url });
  await app.listen({ port: options.port, host });
  return { url, app, close: () => app.close() };
}
