// The test-mode payment simulator: a payment for the signed-in merchant, then driven to an outcome through
// the REAL test network (faucet payments and mined blocks reported to the chain pipeline) and the REAL
// sweeper, so every state change, payment event and webhook is the one a real buyer would cause. Only
// time is simulated: for late, expired and invalid the payment's own expiry (and monitoring end) is pulled
// into the past instead of waiting 15 minutes or an hour. Dropped pays, then drops that transaction from
// the test network's mempool, as a replacement or a double spend would.

import type { FastifyInstance } from 'fastify';
import type { CryptoAsset } from '#core/assets.ts';
import type { SimulatedOutcome, SimulatedPayment } from '#core/contract/developers.ts';
import { formatMinor } from '#core/money.ts';
import { apiError } from '../http/api-error.ts';
import { contextOf, merchantQuery } from '../merchants/merchant-context.ts';
import { createPayment } from '../payments/create-payment.ts';
import { paymentDeps } from '../payments/payment-deps.ts';
import { sweepPayments } from '../payments/sweeper.ts';
import { webhookEventRecord } from '../webhooks/endpoint.ts';

export function testNetworkOf(app: FastifyInstance) {
  const network = app.chain.testNetwork;
  if (!network) throw apiError('test_mode_only');
  return network;
}

export async function simulatedPayment(app: FastifyInstance, merchantId: bigint, token: string): Promise<SimulatedPayment> {
  const db = app.db;
  const payment = await db.selectFrom('payments').selectAll().where('public_id', '=', token).where('merchant_id', '=', merchantId).executeTakeFirst();
  if (!payment) throw apiError('payment_not_found', 'No payment with this token was found for your shop.');
  const events = await db.selectFrom('payment_events').select(['type', 'created_at']).where('payment_id', '=', payment.id).orderBy('id').execute();
  // The outbox keeps each event's body as sent; the random token in it ties the event to this payment.
  const webhooks = await db
    .selectFrom('webhook_events')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('body', 'like', `%"transaction_token":"${token}"%`)
    .orderBy('id')
    .execute();
  const coin = payment.coin;
  const amount = (minor: bigint) => (coin ? formatMinor(minor, coin) : '0');
  return {
    transaction_token: payment.public_id,
    coin,
    fiat_amount: formatMinor(payment.fiat_amount_minor, payment.fiat_currency),
    fiat_currency: payment.fiat_currency,
    amount_due: payment.amount_due_minor === null ? null : amount(payment.amount_due_minor),
    paid: amount(payment.paid_minor),
    confirmed: amount(payment.confirmed_minor),
    status: payment.status,
    exception: payment.exception,
    address: payment.address,
    expires_at: payment.expires_at.toISOString(),
    events: events.map((event) => ({ type: event.type, created_at: event.created_at.toISOString() })),
    webhooks: webhooks.map(webhookEventRecord),
  };
}

export async function createSimulated(app: FastifyInstance, merchantId: bigint, input: { coin: CryptoAsset; amount: string }): Promise<SimulatedPayment> {
  testNetworkOf(app);
  const row = await merchantQuery(app.db).where('merchants.id', '=', merchantId).executeTakeFirstOrThrow();
  const merchant = contextOf(row);
  const created = await createPayment(paymentDeps(app), merchant, {
    merchant_id: merchant.merchantId,
    currency_1_iso: input.coin,
    currency: 'EUR',
    amount: input.amount,
    transaction_product: 'Simulated payment',
    transaction_c1: `simulator-${Date.now()}`,
  } as Parameters<typeof createPayment>[2]);
  return simulatedPayment(app, merchantId, created.transaction_token);
}

/** Pulls the payment's clock: expiry now minus a second; monitoring ends then too, or an hour after it. */
async function expireClock(app: FastifyInstance, paymentId: bigint, monitoring: 'ended' | 'open'): Promise<void> {
  const past = new Date(Date.now() - 1_000);
  const until = monitoring === 'ended' ? past : new Date(past.getTime() + 3_600_000);
  await app.db.updateTable('payments').set({ expires_at: past, monitoring_until: until, updated_at: new Date() }).where('id', '=', paymentId).execute();
}

/**
 * Runs the sweeper until it has moved this payment. The app's own sweeper may hold the row at that moment
 * (it skips locked rows, as ours does), so one run can leave it for the other to commit: wait for that.
 */
async function sweepUntilMoved(app: FastifyInstance, paymentId: bigint, from: string): Promise<void> {
  for (let tries = 0; tries < 50; tries += 1) {
    await sweepPayments(app.db);
    const row = await app.db.selectFrom('payments').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow();
    if (row.status !== from) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the sweeper did not move payment ${paymentId} from ${from} within 5 s`);
}

export async function driveSimulated(app: FastifyInstance, merchantId: bigint, token: string, outcome: SimulatedOutcome): Promise<SimulatedPayment> {
  const network = testNetworkOf(app);
  const payment = await app.db.selectFrom('payments').selectAll().where('public_id', '=', token).where('merchant_id', '=', merchantId).executeTakeFirst();
  if (!payment) throw apiError('payment_not_found', 'No payment with this token was found for your shop.');
  if (payment.status !== 'new' || payment.paid_minor !== 0n || !payment.coin || !payment.address || payment.amount_due_minor === null) {
    throw apiError('payment_not_open', 'Only a new, unpaid payment can be driven. Create another simulated payment.');
  }
  const asset = payment.coin;
  const address = payment.address;
  const due = payment.amount_due_minor;
  const confirmations = payment.required_confirmations ?? 1;
  const pay = (amountMinor: bigint) => network.pay({ asset, address, amountMinor });

  switch (outcome) {
    case 'settled':
      await pay(due);
      await network.mine(confirmations);
      break;
    case 'overpaid':
      await pay(due + due / 2n);
      await network.mine(confirmations);
      break;
    case 'underpaid':
      await pay(due / 2n);
      await network.mine(confirmations);
      break;
    case 'late':
      // Expired first (the sweeper says so), then the money arrives: paid_late, never settled.
      await expireClock(app, payment.id, 'open');
      await sweepUntilMoved(app, payment.id, 'new');
      await pay(due);
      await network.mine(confirmations);
      break;
    case 'expired':
      await expireClock(app, payment.id, 'ended');
      await sweepUntilMoved(app, payment.id, 'new');
      break;
    case 'invalid':
      // Underpaid, and the monitoring hour ends without the rest: the sweeper makes it invalid.
      await pay(due / 2n);
      await network.mine(confirmations);
      await expireClock(app, payment.id, 'ended');
      await sweepUntilMoved(app, payment.id, 'processing');
      break;
    case 'dropped': {
      const { txid } = await pay(due);
      let dropped = await network.drop(txid);
      // The block producer (TEST_NETWORK_BLOCK_MS) mined it between the two calls: undo that block, drop again.
      if (!dropped.ok && dropped.code === 'test_transaction_mined') {
        await network.reorg(1);
        dropped = await network.drop(txid);
      }
      if (!dropped.ok) throw new Error(`simulator: the test network could not drop ${txid}: ${dropped.message}`);
      break;
    }
  }
  return simulatedPayment(app, merchantId, token);
}
