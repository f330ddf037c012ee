// A merchant cancels a payment (POST /mapi/api/transaction/expire): only a new
// payment with nothing seen, under the row lock, with payment.expired in the same transaction; money
// that arrives afterwards is late like any late payment and never settled.

import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMinor, parseAmount } from '#core/money.ts';
import { checkLedger } from '../ledger/index.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { sweepPayments } from './sweeper.ts';
import { addMerchant, chooseCoin, createCoinlessOrder, createOrder, eventTypes, mapi, merchantBalance, mine, payOnTestNetwork, paymentStatus, type MapiAnswer } from './payment-test-kit.ts';

const MERCHANT = 'mch_demo_verdant';

function minor(amount: string): bigint {
  const parsed = parseAmount(amount, 'BTC');
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  return parsed.minor;
}

describe.each(testDatabases())('a merchant expiring a payment on $name', ({ name }) => {
  const t = useTestApp(name);
  const key = () => t.seed?.merchant.secretKey ?? '';

  afterEach(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  const expire = (token: string, options: { key?: string; merchantId?: string; idempotencyKey?: string } = {}): Promise<MapiAnswer> =>
    mapi(t.app, 'POST', '/mapi/api/transaction/expire', { merchant_id: options.merchantId ?? MERCHANT, transaction_id: token }, { key: options.key ?? key(), idempotencyKey: options.idempotencyKey ?? randomUUID() });
  const rowOf = (token: string) => t.app.db.selectFrom('payments').selectAll().where('public_id', '=', token).executeTakeFirstOrThrow();

  it.each([
    { case: 'a new payment with its coin', create: () => createOrder(t.app, key()) },
    { case: 'a new payment still waiting for its coin', create: () => createCoinlessOrder(t.app, key()) },
  ])('$case is expired now: the status answer, its clock ended, payment.expired recorded and queued for the webhook', async ({ create }) => {
    const order = await create();
    const before = Date.now();
    const answer = await expire(order.transaction_token);
    expect(answer.status).toBe(200);
    expect(answer.body.request_details).toEqual(await paymentStatus(t.app, order.transaction_token));
    expect(answer.body.request_details).toMatchObject({ transaction_token: order.transaction_token, status: 'expired', exception: null, currency_1_iso: order.currency_1_iso, settled_at: null });
    const row = await rowOf(order.transaction_token);
    expect(row.expires_at.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(row.expires_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row.monitoring_until).toEqual(row.expires_at);
    expect(answer.body.request_details.expires_at).toBe(row.expires_at.toISOString());
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.expired']);
    // The sweeper has nothing left to do with it.
    await sweepPayments(t.app.db, new Date(Date.now() + 7_200_000));
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.expired']);
  });

  it('the payment.expired webhook is queued for delivery to the merchant endpoint, in the same transaction as the change', async () => {
    const other = await addMerchant(t.app.db);
    // A closed local port: the event must be queued, whatever the worker then makes of the endpoint.
    await t.app.db.insertInto('merchant_webhooks').values({ merchant_id: other.id, url: 'http://127.0.0.1:9/hooks', secret_ciphertext: null, secret_created_at: null }).execute();
    const order = await createOrder(t.app, other.key, { merchant_id: other.merchantId });
    expect((await expire(order.transaction_token, { key: other.key, merchantId: other.merchantId })).status).toBe(200);
    const events = await t.app.db.selectFrom('webhook_events').select(['type', 'status', 'body']).where('merchant_id', '=', other.id).where('type', '=', 'payment.expired').execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.status).not.toBe('no_endpoint');
    expect(JSON.parse(events[0]!.body)).toMatchObject({ type: 'payment.expired', data: { transaction_token: order.transaction_token, merchant_id: other.merchantId, status: 'expired', currency_1_iso: 'BTC', transaction_c1: 'order-17' } });
  });

  it('a retry with the same Idempotency-Key replays the answer; another call answers the expired payment as it is; payment.expired once', async () => {
    const order = await createOrder(t.app, key());
    const idempotencyKey = randomUUID();
    const first = await expire(order.transaction_token, { idempotencyKey });
    const replay = await expire(order.transaction_token, { idempotencyKey });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const again = await expire(order.transaction_token);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.request_details).toEqual(first.body.request_details);
    // The same key for another payment is another request: 422.
    const otherOrder = await createOrder(t.app, key());
    expect((await expire(otherOrder.transaction_token, { idempotencyKey })).body.error_message.code).toBe('idempotency_key_reused');
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.expired']);
  });

  it('several expiries at once, with different keys: all answer expired, payment.expired once', async () => {
    const order = await createCoinlessOrder(t.app, key());
    const answers = await Promise.all([expire(order.transaction_token), expire(order.transaction_token), expire(order.transaction_token)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.request_details.expires_at)).size).toBe(1);
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.expired']);
  });

  it('paid after the merchant expired it: invalid with paid_late, never settled however many confirmations, nothing credited', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const order = await createOrder(t.app, key());
    expect((await expire(order.transaction_token)).status).toBe(200);
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    await mine(t.app, 6);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'invalid', exception: 'paid_late', currency_1_paid: order.currency_1_amount, settled_at: null });
    expect(await merchantBalance(t.app.db, MERCHANT, 'BTC')).toBe(before);
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.expired', 'payment.paid_late', 'payment.invalid']);
    // And once invalid, a second cancel is refused rather than answered as expired.
    expect((await expire(order.transaction_token)).body.error_message.code).toBe('payment_not_open');
  });

  it('a coin-less payment the merchant expired can no longer get a coin (409 payment_not_open) and never gets an address', async () => {
    const order = await createCoinlessOrder(t.app, key());
    expect((await expire(order.transaction_token)).status).toBe(200);
    const chosen = await chooseCoin(t.app, order.transaction_token, 'BTC');
    expect(chosen.status).toBe(409);
    expect(chosen.body.error_message.code).toBe('payment_not_open');
    expect(await t.app.db.selectFrom('chain_addresses').select('id').where('owner_ref', '=', order.transaction_token).execute()).toEqual([]);
  });

  it.each([
    { case: 'processing (paid in full, not confirmed yet)', status: 'processing', exception: null, pay: (due: bigint) => due, blocks: 0 },
    { case: 'processing and underpaid', status: 'processing', exception: 'paid_partial', pay: (due: bigint) => due / 2n, blocks: 3 },
    { case: 'settled', status: 'settled', exception: null, pay: (due: bigint) => due, blocks: 2 },
  ])('refuses a payment $case with 409 payment_not_open, and changes nothing', async ({ status, exception, pay, blocks }) => {
    const order = await createOrder(t.app, key());
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, formatMinor(pay(minor(order.currency_1_amount)), 'BTC'));
    if (blocks > 0) await mine(t.app, blocks);
    const before = await rowOf(order.transaction_token);
    expect(before).toMatchObject({ status, exception });
    const answer = await expire(order.transaction_token);
    expect(answer.status).toBe(409);
    expect(answer.body.error_message).toMatchObject({ code: 'payment_not_open', message: expect.stringContaining(`This payment is ${status}`) });
    expect(await rowOf(order.transaction_token)).toEqual(before);
    expect(await eventTypes(t.app.db, order.transaction_token)).not.toContain('payment.expired');
  });

  it.each([
    {
      case: "another merchant's token, with this merchant's own key",
      answer: async (token: string) => expire(token),
      status: 404,
      code: 'payment_not_found',
    },
    {
      case: "another merchant's key naming this merchant",
      answer: async (token: string, otherKey: string) => expire(token, { key: otherKey }),
      status: 401,
      code: 'invalid_api_key',
    },
    {
      case: 'no secret key',
      answer: async (token: string, _otherKey: string, otherId: string) =>
        mapi(t.app, 'POST', '/mapi/api/transaction/expire', { merchant_id: otherId, transaction_id: token }, { idempotencyKey: randomUUID() }),
      status: 401,
      code: 'invalid_api_key',
    },
    {
      case: 'a made-up token',
      answer: async () => expire('pay_AAAAAAAAAAAAAAAAAAAAAA'),
      status: 404,
      code: 'payment_not_found',
    },
    {
      case: 'an order id instead of the token',
      answer: async () => expire('order-17'),
      status: 400,
      code: 'validation_failed',
    },
  ])('$case: $status $code, and the payment stays new', async ({ answer, status, code }) => {
    const other = await addMerchant(t.app.db);
    const theirs = await createOrder(t.app, other.key, { merchant_id: other.merchantId });
    const refused = await answer(theirs.transaction_token, other.key, other.merchantId);
    expect(refused.status).toBe(status);
    expect(refused.body.error_message.code).toBe(code);
    expect((await rowOf(theirs.transaction_token)).status).toBe('new');
    expect(await eventTypes(t.app.db, theirs.transaction_token)).toEqual(['payment.created']);
  });
});
