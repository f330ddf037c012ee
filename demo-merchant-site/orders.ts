// The shop's server side of a sale, the way any merchant integrates: the order is created here, its
// payment through the merchant API with the secret key (which never leaves this server), and the order is
// marked paid only on server-side evidence: a webhook whose Standard Webhooks signature verifies (checked
// with the `standardwebhooks` package, the scheme's reference verifier), or the status API as a fallback.
//   POST /api/orders {product_id, coin?}    creates the order and its payment (Idempotency-Key = order id),
//                                           whose return URL is the order's page; without a coin the buyer
//                                           chooses it in the checkout
//   GET  /api/orders/:id                    the order, with its payment's state from the status API
//   POST /api/orders/:id/cancel             cancels an unpaid order: its payment is expired at the platform
//   POST /api/orders/:id/receipt {receipt}  checks the signed receipt of `payment-success`; never marks paid
//   POST /webhooks                          the platform's events; 400 unless the signature verifies
// Orders live in memory: a demo shop forgets them on restart, which is fine for a demo.

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { CATALOG } from './catalog.ts';
import { callPlatform, textOrNull } from './platform-client.ts';
import { verifyReceipt } from './receipt.ts';

export interface ShopMerchantConfig {
  platformUrl: string;
  merchantId: string;
  /** The shop's own origin as buyers reach it: each payment's return URL is this shop's order page. */
  publicUrl: string;
  /** The merchant's secret API key; undefined: the shop can show its page but not sell. */
  secretKey?: string;
  /** The webhook signing secret ('whsec_…'); undefined: every webhook and receipt is refused. */
  webhookSecret?: string;
  /**
   * How long the webhook may take, once the status API first says settled, before the status API's word
   * marks the order paid (default 10 s): the pushed, signed webhook is the evidence we prefer, the status
   * API the fallback when it is late or lost.
   */
  webhookGraceMs?: number;
}

export interface Payment {
  transaction_token: string;
  /** Null until the buyer has chosen a coin in the checkout. */
  currency_1_iso: string | null;
  currency_1_address: string | null;
  currency_1_amount: string | null;
  expires_at: string;
  /** The platform's status (new, processing, settled, expired, invalid) and exception, as last read. */
  status: string;
  exception: string | null;
}

export interface Order {
  id: string;
  product_id: string;
  product: string;
  amount: string;
  currency: 'EUR';
  /** 'cancelled': the shop expired its payment at the platform before any money was seen. */
  status: 'awaiting_payment' | 'paid' | 'cancelled';
  /** What proved the payment: the verified webhook or the status API. Never the receipt. */
  paid_by: 'webhook' | 'status' | null;
  /** The signed receipt of `payment-success`, once this server has verified it. */
  receipt: { status: 'processing' | 'settled'; verified_at: string } | null;
  payment: Payment;
}

const COINS = new Set(['BTC', 'LTC', 'ETH', 'BCH', 'USDT', 'USDC']);
const DEFAULT_WEBHOOK_GRACE_MS = 10_000;

function orderId(): string {
  return `ord_${randomBytes(9).toString('base64url')}`;
}

function problem(message: string) {
  return { error: message };
}

/** What the shop's pages may read of the orders. */
export interface OrderBook {
  find(id: string): Order | undefined;
}

export function registerOrderRoutes(app: FastifyInstance, config: ShopMerchantConfig): OrderBook {
  const orders = new Map<string, Order>();
  const byToken = new Map<string, Order>();
  /** When the status API first said settled, per order id: the start of the webhook's grace. */
  const settledSeenAt = new Map<string, number>();
  const graceMs = config.webhookGraceMs ?? DEFAULT_WEBHOOK_GRACE_MS;
  const publicUrl = new URL(config.publicUrl).origin;

  const markPaid = (order: Order, by: 'webhook' | 'status') => {
    if (order.status === 'paid') return;
    order.status = 'paid';
    order.paid_by = by;
    order.payment.status = 'settled';
  };

  /** Copies a status answer (status API, or the expire call, which answers the same shape) onto the order. */
  const applyStatus = (order: Order, d: Record<string, unknown>) => {
    Object.assign(order.payment, {
      status: String(d.status),
      exception: textOrNull(d.exception),
      currency_1_iso: textOrNull(d.currency_1_iso),
      currency_1_amount: textOrNull(d.currency_1_amount),
      expires_at: String(d.expires_at),
    });
  };

  /** Reads the payment's state from the status API, and falls back to it for the proof of payment. */
  const refresh = async (order: Order) => {
    const answer = await callPlatform(config.platformUrl, '/mapi/api/transaction/status', { merchant_id: config.merchantId, transaction_id: order.payment.transaction_token });
    if (!answer.ok) return;
    const d = answer.details;
    applyStatus(order, d);
    if (order.status === 'paid' || d.status !== 'settled') return;
    const seen = settledSeenAt.get(order.id) ?? Date.now();
    settledSeenAt.set(order.id, seen);
    if (Date.now() - seen >= graceMs) markPaid(order, 'status');
  };

  app.post('/api/orders', async (request, reply) => {
    const { secretKey } = config;
    if (!secretKey) return reply.code(503).send(problem('This shop has no merchant key yet: start it with npm start.'));
    const body = (request.body ?? {}) as { product_id?: unknown; coin?: unknown };
    const product = CATALOG.find((item) => item.id === body.product_id);
    if (!product) return reply.code(400).send(problem('Choose one of the products on the page.'));
    const coin = body.coin;
    if (coin !== undefined && (typeof coin !== 'string' || !COINS.has(coin))) return reply.code(400).send(problem('Choose a coin the platform takes, such as BTC, or none.'));
    const id = orderId();
    const created = await callPlatform(
      config.platformUrl,
      '/mapi/api/transaction',
      // No coin: the buyer chooses it in the checkout, which then prices the payment and starts its 15 minutes.
      // The return URL names this order's page, so the checkout's redirect brings the buyer back to it.
      {
        merchant_id: config.merchantId,
        ...(coin ? { currency_1_iso: coin } : {}),
        currency: product.currency,
        amount: product.price,
        transaction_product: product.name,
        transaction_c1: id,
        return_url: `${publicUrl}/orders/${id}`,
      },
      // The order id as Idempotency-Key: a retried create can never make a second payment for one order.
      { authorization: `Bearer ${secretKey}`, 'idempotency-key': id },
    );
    if (!created.ok) return reply.code(502).send(problem(`The payment could not be created: ${created.message}`));
    const d = created.details;
    const order: Order = {
      id,
      product_id: product.id,
      product: product.name,
      amount: product.price,
      currency: product.currency,
      status: 'awaiting_payment',
      paid_by: null,
      receipt: null,
      payment: {
        transaction_token: String(d.transaction_token),
        currency_1_iso: textOrNull(d.currency_1_iso),
        currency_1_address: textOrNull(d.currency_1_address),
        currency_1_amount: textOrNull(d.currency_1_amount),
        expires_at: String(d.expires_at),
        status: String(d.status),
        exception: null,
      },
    };
    orders.set(id, order);
    byToken.set(order.payment.transaction_token, order);
    return reply.code(201).send(order);
  });

  app.get<{ Params: { id: string } }>('/api/orders/:id', async (request, reply) => {
    const order = orders.get(request.params.id);
    if (!order) return reply.code(404).send(problem('No such order.'));
    if (order.status !== 'paid') await refresh(order);
    return order;
  });

  // Cancelling expires the payment at the platform first: only once the platform has refused any later
  // payment (it would be paid_late, never settled) may the shop call the order cancelled.
  app.post<{ Params: { id: string } }>('/api/orders/:id/cancel', async (request, reply) => {
    const order = orders.get(request.params.id);
    if (!order) return reply.code(404).send(problem('No such order.'));
    if (order.status === 'cancelled') return order;
    if (order.status === 'paid') return reply.code(409).send(problem('This order is paid, so it cannot be cancelled: ask the shop for a refund.'));
    const { secretKey } = config;
    if (!secretKey) return reply.code(503).send(problem('This shop has no merchant key yet: start it with npm start.'));
    const expired = await callPlatform(
      config.platformUrl,
      '/mapi/api/transaction/expire',
      { merchant_id: config.merchantId, transaction_id: order.payment.transaction_token },
      // Idempotency keys share one space per merchant, so this one is not the create's (the order id).
      { authorization: `Bearer ${secretKey}`, 'idempotency-key': `${order.id}:cancel` },
    );
    if (!expired.ok) {
      if (expired.code !== 'payment_not_open') return reply.code(502).send(problem(`The order could not be cancelled: ${expired.message}`));
      await refresh(order);
      return reply.code(409).send(problem('A payment for this order has already arrived, so it can no longer be cancelled.'));
    }
    applyStatus(order, expired.details);
    order.status = 'cancelled';
    return order;
  });

  app.post<{ Params: { id: string } }>('/api/orders/:id/receipt', async (request, reply) => {
    const order = orders.get(request.params.id);
    if (!order) return reply.code(404).send(problem('No such order.'));
    if (!config.webhookSecret) return reply.code(503).send(problem('This shop has no webhook secret yet, so it cannot check receipts.'));
    const check = verifyReceipt((request.body as { receipt?: unknown } | null)?.receipt, { transaction_token: order.payment.transaction_token, amount: order.amount, currency: order.currency }, config.webhookSecret);
    if (!check.ok) return reply.code(400).send(problem(check.reason));
    order.receipt = { status: check.receipt.status, verified_at: new Date().toISOString() };
    return { verified: true, order };
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
  return { find: (id) => orders.get(id) };
}
