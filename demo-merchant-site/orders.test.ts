// The demo shop's server against a real platform over HTTP, on both databases: the shop creates the
// order's payment with its secret key and no coin, the buyer chooses BTC and pays on the test network, the
// platform's webhook outbox delivers payment.settled, and the shop marks the order paid only because the
// signature verified. The signed receipt of payment-success is checked too, and never marks it paid.
// (A test may reach into the platform; the shop's own code imports nothing from it.)

import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceApiKey, revokeApiKey, type IssuedApiKey } from '../server/merchants/api-keys.ts';
import { chooseCoin, eventTypes, mapi, mine, orderBody, payOnTestNetwork, paymentStatus } from '../server/payments/payment-test-kit.ts';
import { buildTestApp, testDatabases, type TestApp } from '../server/test-helper.ts';
import { deliverDue } from '../server/webhooks/delivery-worker.ts';
import { updateWebhook } from '../server/webhooks/endpoint.ts';
import { secretBoxFor } from '../server/webhooks/secret-box.ts';
import { buildShop } from './server.ts';

const box = secretBoxFor({ APP_SECRET: undefined, MODE: 'test' });
const MERCHANT = 'mch_demo_verdant';

describe.each(testDatabases())('the demo shop against the platform on $name', ({ name }) => {
  let platform: TestApp;
  let shop: FastifyInstance;
  let shopUrl = '';
  let shopPlatformUrl = '';
  let merchantDbId = 0n;
  let key: IssuedApiKey;
  let webhookSecret = '';
  /** Every body the shop answered, to prove no secret ever leaves it. */
  const answered: string[] = [];

  const shopCall = async (method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${shopUrl}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    answered.push(text);
    return { status: response.status, body: (response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : { text }) as Record<string, any> };
  };

  const setWebhookUrl = async (url: string | null, rotate = false) => {
    const set = await updateWebhook(platform.app.db, box, merchantDbId, { webhook_url: url, rotate_secret: rotate }, 'test');
    if (!set.ok) throw new Error(set.error.message);
    if (set.value.webhook_secret) webhookSecret = set.value.webhook_secret;
  };

  /** The buyer chooses BTC in the checkout (as the widget does), pays in full, and blocks are mined until settled. */
  const payInFull = async (order: Record<string, any>) => {
    const chosen = await chooseCoin(platform.app, order.payment.transaction_token, 'BTC');
    expect(chosen.status).toBe(200);
    const { currency_1_address, currency_1_amount } = chosen.body.request_details;
    await payOnTestNetwork(platform.app, 'BTC', currency_1_address, currency_1_amount);
    for (let i = 0; i < 20 && (await paymentStatus(platform.app, order.payment.transaction_token)).status !== 'settled'; i += 1) await mine(platform.app, 1);
    expect((await paymentStatus(platform.app, order.payment.transaction_token)).status).toBe('settled');
  };

  /** The receipt the widget gets for payment-success (public: merchant id and token). */
  const platformReceipt = async (token: string) => {
    const answer = await mapi(platform.app, 'POST', '/mapi/api/transaction/receipt', { merchant_id: MERCHANT, transaction_id: token });
    expect(answer.status).toBe(200);
    return answer.body.request_details.receipt as Record<string, unknown>;
  };

  const withoutWebhook = async (run: () => Promise<void>) => {
    await setWebhookUrl(null);
    try {
      await run();
    } finally {
      await setWebhookUrl(`${shopUrl}/webhooks`);
    }
  };

  beforeAll(async () => {
    platform = await buildTestApp(name);
    const platformUrl = await platform.app.listen({ port: 0, host: '127.0.0.1' });
    shopPlatformUrl = platformUrl;
    merchantDbId = (await platform.app.db.selectFrom('merchants').select('id').where('merchant_id', '=', MERCHANT).executeTakeFirstOrThrow()).id;
    key = await replaceApiKey(platform.app.db, merchantDbId, 'demo shop');
    // The shop's port is known only once it listens, and it needs its secret before: a fresh secret first
    // (with a URL nothing listens on), then the real URL, which keeps that secret.
    await setWebhookUrl('http://127.0.0.1:9/webhooks', true);
    // No grace for a late webhook here: a read after settlement falls back to the status API at once.
    // The shop must know its own URL before it listens (each payment's return URL starts with it).
    const port = await freePort();
    shop = await buildShop({ platformUrl, merchantId: MERCHANT, publicUrl: `http://127.0.0.1:${port}`, secretKey: key.key, webhookSecret, webhookGraceMs: 0 });
    shopUrl = await shop.listen({ port, host: '127.0.0.1' });
    await setWebhookUrl(`${shopUrl}/webhooks`);
  });

  afterAll(async () => {
    await shop?.close();
    await platform?.close();
  });

  it('an order creates a payment without a coin; paid on the test network, the verified payment.settled webhook marks it paid', async () => {
    const created = await shopCall('POST', '/api/orders', { product_id: 'walnut-lamp' });
    expect(created.status).toBe(201);
    const order = created.body;
    expect(order).toMatchObject({ product_id: 'walnut-lamp', product: 'Walnut Desk Lamp', amount: '129.00', currency: 'EUR', status: 'awaiting_payment', paid_by: null, receipt: null });
    expect(order.payment).toMatchObject({ currency_1_iso: null, currency_1_address: null, currency_1_amount: null, status: 'new' });
    const payment = await platform.app.db.selectFrom('payments').select(['c1', 'status', 'coin']).where('public_id', '=', order.payment.transaction_token).executeTakeFirstOrThrow();
    expect(payment).toEqual({ c1: order.id, status: 'new', coin: null });

    await payInFull(order);
    let delivered = false;
    for (let i = 0; i < 50 && !delivered; i += 1) {
      await deliverDue(platform.app.db, box, { mode: 'test' });
      const events = await platform.app.db.selectFrom('webhook_events').select(['type', 'status', 'body']).where('type', '=', 'payment.settled').execute();
      delivered = events.some((event) => event.status === 'delivered' && event.body.includes(order.payment.transaction_token));
      if (!delivered) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(delivered).toBe(true);
    const after = await shopCall('GET', `/api/orders/${order.id}`);
    expect(after.body).toMatchObject({ id: order.id, status: 'paid', paid_by: 'webhook' });
  });

  it("the payment returns the buyer to the order's own page, and names the order", async () => {
    const created = await shopCall('POST', '/api/orders', { product_id: 'pour-over-set' });
    const details = await mapi(platform.app, 'POST', '/mapi/api/transaction/details', { merchant_id: MERCHANT, transaction_id: created.body.payment.transaction_token });
    expect(details.body.request_details).toMatchObject({ return_url: `${shopUrl}/orders/${created.body.id}`, order_id: created.body.id });
  });

  it('retrying an order id never makes a second payment: the order id is the Idempotency-Key', async () => {
    const created = await shopCall('POST', '/api/orders', { product_id: 'moss-terrarium' });
    const body = orderBody({ amount: '49.00', transaction_product: 'Moss Terrarium', transaction_c1: created.body.id, return_url: `${shopUrl}/orders/${created.body.id}` });
    delete body.currency_1_iso;
    const replay = await mapi(platform.app, 'POST', '/mapi/api/transaction', body, { key: key.key, idempotencyKey: created.body.id });
    expect(replay.status).toBe(200);
    expect(replay.body.request_details.transaction_token).toBe(created.body.payment.transaction_token);
  });

  it.each([
    { case: 'no signature headers', forge: (body: string) => ({ body, headers: {} }) },
    { case: 'signed with another secret', forge: (body: string) => ({ body, headers: sign(`whsec_${Buffer.from('not the secret at all!!').toString('base64')}`, body) }) },
    { case: 'a body tampered after signing', forge: (body: string, secret: string) => ({ body: body.replace('"amount"', '"amount_"'), headers: sign(secret, body) }) },
    { case: 'a signature an hour old', forge: (body: string, secret: string) => ({ body, headers: sign(secret, body, new Date(Date.now() - 3_600_000)) }) },
  ])('a forged webhook ($case) is refused with 400 and the order stays unpaid', async ({ forge }) => {
    const created = await shopCall('POST', '/api/orders', { product_id: 'walnut-lamp' });
    const body = JSON.stringify({ type: 'payment.settled', timestamp: new Date().toISOString(), data: { transaction_token: created.body.payment.transaction_token, merchant_id: MERCHANT, status: 'settled', amount: '129.00' } });
    const forged = forge(body, webhookSecret);
    const answer = await shopCall('POST', '/webhooks', forged.body, { 'content-type': 'application/json', ...forged.headers });
    expect(answer.status).toBe(400);
    // Not even the status fallback can mark it: the platform says the payment is new.
    expect((await shopCall('GET', `/api/orders/${created.body.id}`)).body).toMatchObject({ status: 'awaiting_payment', paid_by: null });
  });

  it('an order may name its coin: the payment is priced at once', async () => {
    const created = await shopCall('POST', '/api/orders', { product_id: 'moss-terrarium', coin: 'LTC' });
    expect(created.status).toBe(201);
    expect(created.body.payment).toMatchObject({ currency_1_iso: 'LTC', status: 'new' });
    expect(created.body.payment.currency_1_address).toEqual(expect.any(String));
    expect(created.body.payment.currency_1_amount).toMatch(/^\d+\.\d{8}$/);
    expect((await shopCall('POST', '/api/orders', { product_id: 'moss-terrarium', coin: 'DOGE' })).status).toBe(400);
  });

  it('without a webhook, reading the order falls back to the status API and finds it paid', async () => {
    await withoutWebhook(async () => {
      const created = await shopCall('POST', '/api/orders', { product_id: 'walnut-lamp' });
      await payInFull(created.body);
      expect((await shopCall('GET', `/api/orders/${created.body.id}`)).body).toMatchObject({ status: 'paid', paid_by: 'status', payment: { status: 'settled', currency_1_iso: 'BTC' } });
    });
  });

  it('a late webhook gets its grace: within it, a settled status alone does not mark the order paid', async () => {
    const port = await freePort();
    const patient = await buildShop({ platformUrl: shopPlatformUrl, merchantId: MERCHANT, publicUrl: `http://127.0.0.1:${port}`, secretKey: key.key, webhookSecret, webhookGraceMs: 60_000 });
    const patientUrl = await patient.listen({ port, host: '127.0.0.1' });
    try {
      await withoutWebhook(async () => {
        const created = (await (await fetch(`${patientUrl}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product_id: 'moss-terrarium' }) })).json()) as Record<string, any>;
        await payInFull(created);
        const read = (await (await fetch(`${patientUrl}/api/orders/${created.id}`)).json()) as Record<string, any>;
        expect(read).toMatchObject({ status: 'awaiting_payment', paid_by: null, payment: { status: 'settled' } });
      });
    } finally {
      await patient.close();
    }
  });

  it('the signed receipt of payment-success verifies, is recorded, and does not mark the order paid', async () => {
    await withoutWebhook(async () => {
      const created = await shopCall('POST', '/api/orders', { product_id: 'pour-over-set' });
      await payInFull(created.body);
      const receipt = await platformReceipt(created.body.payment.transaction_token);
      const checked = await shopCall('POST', `/api/orders/${created.body.id}/receipt`, { receipt });
      expect(checked.status).toBe(200);
      expect(checked.body).toMatchObject({ verified: true, order: { status: 'awaiting_payment', paid_by: null, receipt: { status: 'settled' } } });
      // Only the server's own evidence makes it paid: here the status API, since no webhook is sent.
      expect((await shopCall('GET', `/api/orders/${created.body.id}`)).body).toMatchObject({ status: 'paid', paid_by: 'status' });
    });
  });

  it.each([
    { case: "another order's receipt", postTo: 'another order', tamper: (receipt: Record<string, unknown>) => receipt, error: 'This receipt is for another payment.' },
    { case: 'a receipt with its amount changed', postTo: 'its order', tamper: (receipt: Record<string, unknown>) => ({ ...receipt, amount: '0.01' }), error: 'This receipt is for another amount.' },
    { case: 'a receipt with a forged signature', postTo: 'its order', tamper: (receipt: Record<string, unknown>) => ({ ...receipt, signature: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=' }), error: 'The receipt signature did not verify.' },
  ])('$case is refused with 400 and recorded nowhere', async ({ postTo, tamper, error }) => {
    const paid = await shopCall('POST', '/api/orders', { product_id: 'moss-terrarium' });
    const other = await shopCall('POST', '/api/orders', { product_id: 'moss-terrarium' });
    await payInFull(paid.body);
    const receipt = await platformReceipt(paid.body.payment.transaction_token);
    const target = postTo === 'another order' ? other.body.id : paid.body.id;
    expect(await shopCall('POST', `/api/orders/${target}/receipt`, { receipt: tamper(receipt) })).toEqual({ status: 400, body: { error } });
    expect((await shopCall('GET', `/api/orders/${target}`)).body.receipt).toBeNull();
  });

  it('an unpaid payment has no receipt to give: the platform answers 409 payment_not_settled', async () => {
    const created = await shopCall('POST', '/api/orders', { product_id: 'moss-terrarium' });
    const answer = await mapi(platform.app, 'POST', '/mapi/api/transaction/receipt', { merchant_id: MERCHANT, transaction_id: created.body.payment.transaction_token });
    expect(answer.status).toBe(409);
    expect(answer.body.error_message.code).toBe('payment_not_settled');
  });

  it('"Cancel order" expires the unpaid payment at the platform (payment.expired), and a retry answers the same', async () => {
    const created = await shopCall('POST', '/api/orders', { product_id: 'walnut-lamp' });
    const token = created.body.payment.transaction_token;
    const cancelled = await shopCall('POST', `/api/orders/${created.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: created.body.id, status: 'cancelled', paid_by: null, payment: { status: 'expired', exception: null } });
    expect(await paymentStatus(platform.app, token)).toMatchObject({ status: 'expired' });
    expect(await eventTypes(platform.app.db, token)).toContain('payment.expired');
    expect(await shopCall('POST', `/api/orders/${created.body.id}/cancel`)).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    expect((await shopCall('GET', `/api/orders/${created.body.id}`)).body).toMatchObject({ status: 'cancelled', payment: { status: 'expired' } });
    expect((await eventTypes(platform.app.db, token)).filter((type) => type === 'payment.expired')).toHaveLength(1);
  });

  it('a payment sent after the cancel is recorded as paid_late and never makes the order paid', async () => {
    const created = await shopCall('POST', '/api/orders', { product_id: 'moss-terrarium', coin: 'BTC' });
    const { transaction_token: token, currency_1_address: address, currency_1_amount: due } = created.body.payment;
    expect((await shopCall('POST', `/api/orders/${created.body.id}/cancel`)).status).toBe(200);
    await payOnTestNetwork(platform.app, 'BTC', address, due);
    await mine(platform.app, 6);
    // Whatever the platform sends now, none of it is a payment.settled that could mark the order paid.
    await deliverDue(platform.app.db, box, { mode: 'test' });
    expect(await paymentStatus(platform.app, token)).toMatchObject({ status: 'invalid', exception: 'paid_late' });
    expect((await shopCall('GET', `/api/orders/${created.body.id}`)).body).toMatchObject({ status: 'cancelled', paid_by: null, payment: { status: 'invalid', exception: 'paid_late' } });
  });

  it.each([
    { case: 'once money has been seen', setup: async (order: Record<string, any>) => payOnTestNetwork(platform.app, 'BTC', order.payment.currency_1_address, '0.00000100'), status: 409, error: 'A payment for this order has already arrived, so it can no longer be cancelled.', payment: { status: 'processing', exception: 'paid_partial' } },
    { case: 'once paid', setup: async (order: Record<string, any>) => payInFull(order), status: 409, error: 'This order is paid, so it cannot be cancelled: ask the shop for a refund.', payment: { status: 'settled' } },
  ])('"Cancel order" is refused $case, and the order is not cancelled', async ({ setup, status, error, payment }) => {
    const created = await shopCall('POST', '/api/orders', { product_id: 'pour-over-set', coin: 'BTC' });
    await setup(created.body);
    // The shop learns what happened from the platform (no grace here: a settled payment is paid at once).
    await shopCall('GET', `/api/orders/${created.body.id}`);
    expect(await shopCall('POST', `/api/orders/${created.body.id}/cancel`)).toEqual({ status, body: { error } });
    expect((await shopCall('GET', `/api/orders/${created.body.id}`)).body).toMatchObject({ status: payment.status === 'settled' ? 'paid' : 'awaiting_payment', payment });
    expect(await paymentStatus(platform.app, created.body.payment.transaction_token)).toMatchObject({ status: payment.status });
  });

  it('cancelling an unknown order is 404', async () => {
    expect(await shopCall('POST', '/api/orders/ord_nope/cancel')).toEqual({ status: 404, body: { error: 'No such order.' } });
  });

  it('the order page shows an order; an unknown one is 404', async () => {
    const created = await shopCall('POST', '/api/orders', { product_id: 'walnut-lamp' });
    const page = await fetch(`${shopUrl}/orders/${created.body.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('Walnut Desk Lamp · €129.00');
    expect((await fetch(`${shopUrl}/orders/ord_nope`)).status).toBe(404);
  });

  it('an unknown product is 400 and an unknown order 404', async () => {
    expect((await shopCall('POST', '/api/orders', { product_id: 'nope' })).status).toBe(400);
    expect((await shopCall('GET', '/api/orders/ord_nope')).status).toBe(404);
  });

  it('a revoked key gets 401 invalid_api_key, and the shop says it could not create the payment', async () => {
    expect(await revokeApiKey(platform.app.db, key.id)).toBe(true);
    const direct = await mapi(platform.app, 'POST', '/mapi/api/transaction', orderBody(), { key: key.key, idempotencyKey: 'after-revoke' });
    expect(direct.status).toBe(401);
    expect(direct.body.error_message.code).toBe('invalid_api_key');
    const refused = await shopCall('POST', '/api/orders', { product_id: 'walnut-lamp' });
    expect(refused.status).toBe(502);
    expect(refused.body.error).toMatch(/^The payment could not be created/);
  });

  it('neither the secret key nor the webhook secret ever appears in what the shop answered', async () => {
    await shopCall('GET', '/');
    expect(answered.length).toBeGreaterThan(10);
    const all = answered.join('\n');
    expect(all).not.toContain(key.key);
    expect(all).not.toContain(webhookSecret);
    expect(all).not.toContain('whsec_');
  });
});

/** A port nothing listens on now, for a shop that must know its URL before it listens. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function sign(secret: string, body: string, at = new Date()): Record<string, string> {
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, at, body) };
}
