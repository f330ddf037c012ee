// Online banking's routes (core/contract/online-banking.ts), registered in test mode only (server/app.ts):
// the bank's signed callback, and the two test-mode calls that start a bank payment and read its stored
// result. Registered in their own encapsulated plugin whose JSON parser also keeps the raw text, because
// the signature is over the bytes the bank sent, not over our re-serialisation of them.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bankCallback, startTestBankPayment, testBankPayment } from '#core/contract/online-banking.ts';
import { route } from '../contract/route.ts';
import { apiError, ApiError } from '../http/api-error.ts';
import { MAX_BODY_DEPTH, nestedDeeperThan } from '../http/json-body.ts';
import { BANK_SIGNATURE_HEADER, createBankPayment, type BankConnection } from './bank-client.ts';
import { recordBankCallback, verifyBankCallback } from './bank-callback.ts';

export interface OnlineBankingRouteOptions {
  bank: BankConnection;
  /** PUBLIC_URL: the callback and return URLs the bank is given start with it. */
  publicUrl: string;
  /** Seconds since the epoch (tests move it to check the tolerance). */
  now?: () => number;
}

/** Who the test payments pay, as the bank's page names them. */
const TEST_PAYEE = 'PayKit demo shop';

export async function onlineBankingRoutes(app: FastifyInstance, options: OnlineBankingRouteOptions): Promise<void> {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const rawBodies = new WeakMap<FastifyRequest, string>();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, body as string);
    parseJson(request, body as string, (error, parsed) => {
      if (error) return done(error, undefined);
      if (nestedDeeperThan(parsed, MAX_BODY_DEPTH)) return done(apiError('validation_failed', `The request body nests more than ${MAX_BODY_DEPTH} levels deep.`), undefined);
      done(null, parsed);
    });
  });

  route(app, bankCallback, async ({ request }) => {
    const header = request.headers[BANK_SIGNATURE_HEADER];
    const verified = verifyBankCallback(options.bank.secret, Array.isArray(header) ? header[0] : header, rawBodies.get(request) ?? '', now());
    if (!verified.ok) throw apiError('unauthorized', `The bank signature is ${verified.why === 'body' ? 'over a body we cannot read' : verified.why}.`);
    const recorded = await recordBankCallback(app.db, verified.callback);
    if (!recorded.ok) throw new ApiError(recorded.error);
    return { applied: recorded.applied, status: recorded.status };
  });

  route(app, startTestBankPayment, async ({ body }) => {
    const created = await createBankPayment(app.db, options.bank, {
      amountMinor: BigInt(body.amount),
      currency: body.currency,
      payee: TEST_PAYEE,
      description: body.description,
      returnUrl: `${options.publicUrl}/v1/paynet/onlineBanking/testPayment`,
      callbackUrl: `${options.publicUrl}/v1/paynet/onlineBanking/callback`,
    });
    if (!created.ok) throw new ApiError(created.error);
    return { payment_id: created.paymentId, reference: created.reference, approval_url: created.approvalUrl };
  });

  route(app, testBankPayment, async ({ query }) => {
    const payment = await app.db.selectFrom('bank_payments').selectAll().where('payment_id', '=', query.payment_id).executeTakeFirst();
    if (!payment) throw apiError('not_found', 'No bank payment with this id was created here.');
    return {
      payment_id: payment.payment_id,
      reference: payment.reference,
      amount: payment.amount_minor.toString(),
      currency: payment.currency,
      status: payment.status,
      callback_received_at: payment.callback_received_at ? payment.callback_received_at.toISOString() : null,
    };
  });
}
