// The shop's server side of a sale, the way any merchant integrates: the order is created here, its
// payment through the merchant API with the secret key (which never leaves this server), and the order is
// marked paid only on server-side evidence: a webhook whose Standard Webhooks signature verifies (checked
// with the `standardwebhooks` package, the scheme's reference verifier), or the status API as a fallback.
//   POST /api/orders {product_id, coin?}   creates the order and its payment (Idempotency-Key = order id)
//   GET  /api/orders/:id                   the order; while unpaid, asks the status API first
//   POST /webhooks                         the platform's events; 400 unless the signature verifies
// Orders live in memory: a demo shop forgets them on restart, which is fine for a demo.

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { CATALOG } from './catalog.ts';

export interface ShopMerchantConfig {
  platformUrl: string;
  merchantId: string;
  /** The merchant's secret API key; undefined: the shop can show its page but not sell. */
  secretKey?: string;
  /** The webhook signing secret ('whsec_…'); undefined: every webhook is refused. */
  webhookSecret?: string;
}

export interface Payment {
  transaction_token: string;
  currency_1_iso: string;
  currency_1_address: string;
  currency_1_amount: string;
  payment_uri: string;
  expires_at: string;
}

export interface Order {
  id: string;
  product_id: string;
  amount: string;
  currency: 'EUR';
  status: 'awaiting_payment' | 'paid';
  /** What proved the payment: the verified webhook or the status API. */
  paid_by: 'webhook' | 'status' | null;
  payment: Payment;
}

const COINS = new Set(['BTC', 'LTC', 'ETH', 'BCH', 'USDT', 'USDC']);

function orderId(): string {
  return `ord_${randomBytes(9).toString('base64url')}`;
}

function problem(message: string) {
  return { error: message };
}

/** The platform's envelope: { request_status: '1', request_details } or { request_status: '0', error_message }. */
async function callPlatform(config: ShopMerchantConfig, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ ok: true; details: Record<string, unknown> } | { ok: false; message: string }> {
  try {
    const response = await fetch(new URL(path, config.platformUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json()) as { request_details?: Record<string, unknown>; error_message?: { message?: string } };
    if (response.ok && answer.request_details) return { ok: true, details: answer.request_details };
    return { ok: false, message: answer.error_message?.message ?? `the platform answered ${response.status}` };
  } catch (error) {
    return { ok: false, message: `the platform is unreachable (${error instanceof Error ? error.message : 'unknown error'})` };
  }
}

export function registerOrderRoutes(app: FastifyInstance, config: ShopMerchantConfig): void {
  const orders = new Map<string, Order>();
  const byToken = new Map<string, Order>();

  const markPaid = (order: Order, by: 'webhook' | 'status') => {
    if (order.status === 'paid') return;
    order.status = 'paid';
    order.paid_by = by;
  };

  app.post('/api/orders', async (request, reply) => {
    const { secretKey } = config;
    if (!secretKey) return reply.code(503).send(problem('This shop has no merchant key yet: start it with npm start.'));
    const body = (request.body ?? {}) as { product_id?: unknown; coin?: unknown };
    const product = CATALOG.find((item) => item.id === body.product_id);
    if (!product) return reply.code(400).send(problem('Choose one of the products on the page.'));
    const coin = body.coin === undefined ? 'BTC' : body.coin;
    if (typeof coin !== 'string' || !COINS.has(coin)) return reply.code(400).send(problem('Choose a coin the platform takes, such as BTC.'));
    const id = orderId();
    const created = await callPlatform(
      config,
      '/mapi/api/transaction',
      { merchant_id: config.merchantId, currency_1_iso: coin, currency: product.currency, amount: product.price, transaction_product: product.name, transaction_c1: id },
      // The order id as Idempotency-Key: a retried create can never make a second payment for one order.
      { authorization: `Bearer ${secretKey}`, 'idempotency-key': id },
    );
    if (!created.ok) return reply.code(502).send(problem(`The payment could not be created: ${created.message}`));
    const d = created.details;
    const order: Order = {
      id,
      product_id: product.id,
      amount: product.price,
      currency: product.currency,
      status: 'awaiting_payment',
      paid_by: null,
      payment: {
        transaction_token: String(d.transaction_token),
        currency_1_iso: String(d.currency_1_iso),
        currency_1_address: String(d.currency_1_address),
        currency_1_amount: String(d.currency_1_amount),
        payment_uri: String(d.payment_uri),
        expires_at: String(d.expires_at),
      },
    };
    orders.set(id, order);
    byToken.set(order.payment.transaction_token, order);
    return reply.code(201).send(order);
  });

  app.get<{ Params: { id: string } }>('/api/orders/:id', async (request, reply) => {
    const order = orders.get(request.params.id);
    if (!order) return reply.code(404).send(problem('No such order.'));
    if (order.status !== 'paid') {
      // The fallback when a webhook is late or lost: the status API is public and answers from the platform.
      const status = await callPlatform(config, '/mapi/api/transaction/status', { merchant_id: config.merchantId, transaction_id: order.payment.transaction_token });
      if (status.ok && status.details.status === 'settled') markPaid(order, 'status');
    }
    return order;
  });

  // The signature covers the exact bytes sent, so this route reads the body as a string, not parsed JSON.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post('/webhooks', async (request, reply) => {
      if (!config.webhookSecret || typeof request.body !== 'string') return reply.code(400).send(problem('Webhook not accepted.'));
      const headers: Record<string, string> = {};
      for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      let event: { type?: unknown; data?: { transaction_token?: unknown; merchant_id?: unknown; status?: unknown } };
      try {
        event = new Webhook(config.webhookSecret).verify(request.body, headers) as typeof event;
      } catch {
        return reply.code(400).send(problem('Webhook signature did not verify.'));
      }
      const order = typeof event.data?.transaction_token === 'string' ? byToken.get(event.data.transaction_token) : undefined;
      if (event.type === 'payment.settled' && order && event.data?.merchant_id === config.merchantId && event.data.status === 'settled') markPaid(order, 'webhook');
      // Verified events about other payments are acknowledged too, or the platform would retry them.
      return { received: true };
    });
  });
}
