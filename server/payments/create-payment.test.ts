// Creating payments through the merchant API in one statement (insert-created-payments.ts) with addresses
// from the reserve: many creates at once each get their own address and exactly one row of each kind (the
// address, the payment, its history event, its outbox event), the event says what the stored row says, the
// outbox row is queued as any other event would be, the fee is the one that applies at creation, and a
// create that fails writes nothing.

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { enqueueWebhookEvent } from '../webhooks/index.ts';
import { paymentEventData } from './events.ts';
import { createCoinlessOrder, createOrder, mapi, orderBody } from './payment-test-kit.ts';

const PARALLEL = 40;

describe.each(testDatabases())('creating payments on $name', ({ name }) => {
  // Bursts of PARALLEL creates per coin on one key: the per-key limit (100 a second) is not what is tested here.
  const t = useTestApp(name, { merchantRateLimit: { perSecond: 100_000 } });
  const key = () => t.seed!.merchant.secretKey!;

  it.each([
    { coin: 'BTC', family: 'bitcoin' },
    { coin: 'ETH', family: 'ethereum' },
    { coin: 'USDT', family: 'ethereum' },
  ])('$coin: many creates at once get distinct addresses, one address row, one event and one outbox row each', async ({ coin }) => {
    const created = await Promise.all(Array.from({ length: PARALLEL }, () => createOrder(t.app, key(), { currency_1_iso: coin })));
    const tokens = created.map((answer) => answer.transaction_token as string);
    expect(new Set(created.map((answer) => answer.currency_1_address)).size).toBe(PARALLEL);

    const payments = await t.app.db.selectFrom('payments').selectAll().where('public_id', 'in', tokens).execute();
    expect(payments).toHaveLength(PARALLEL);
    const addresses = await t.app.db.selectFrom('chain_addresses').selectAll().where('owner_ref', 'in', tokens).execute();
    expect(addresses).toHaveLength(PARALLEL);
    for (const payment of payments) {
      const own = addresses.filter((row) => row.owner_ref === payment.public_id);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({ id: payment.address_id, address: payment.address, asset: coin, purpose: 'payment', provider_id: payment.provider_id });
    }
    const events = await t.app.db.selectFrom('payment_events').select(['payment_id', 'type']).where('payment_id', 'in', payments.map((p) => p.id)).execute();
    expect(events).toHaveLength(PARALLEL);
    expect(events.every((event) => event.type === 'payment.created')).toBe(true);
  });

  it.each([
    { case: 'with a coin', create: () => createOrder(t.app, key(), { transaction_c2: 'gift', transaction_c4: 'x' }) },
    { case: 'without a coin', create: () => createCoinlessOrder(t.app, key(), { transaction_product: 'Gloves' }) },
  ])('$case: the created event and its webhook say exactly what the stored row says', async ({ create }) => {
    const answer = await create();
    const payment = await t.app.db.selectFrom('payments').selectAll().where('public_id', '=', answer.transaction_token).executeTakeFirstOrThrow();
    const event = await t.app.db.selectFrom('payment_events').selectAll().where('payment_id', '=', payment.id).executeTakeFirstOrThrow();
    const expected = paymentEventData(payment, t.seed!.merchant.merchantId);
    expect(event).toMatchObject({ type: 'payment.created', data: expected });
    const outbox = await t.app.db.selectFrom('webhook_events').selectAll().where('merchant_id', '=', payment.merchant_id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(outbox.body)).toMatchObject({ type: 'payment.created', data: expected });
  });

  it.each([
    { state: 'with a webhook URL', url: 'https://shop.example.com/hooks' as string | null, row: true, status: 'pending' },
    { state: 'with its URL removed', url: null, row: true, status: 'no_endpoint' },
    { state: 'that never set one', url: null, row: false, status: 'no_endpoint' },
  ])('a merchant $state: the created event is queued as $status, as enqueueWebhookEvent queues any other', async ({ url, row, status }) => {
    const merchantId = (await t.app.db.selectFrom('merchants').select('id').where('merchant_id', '=', t.seed!.merchant.merchantId).executeTakeFirstOrThrow()).id;
    const saved = await t.app.db.selectFrom('merchant_webhooks').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst();
    try {
      await t.app.db.deleteFrom('merchant_webhooks').where('merchant_id', '=', merchantId).execute();
      if (row) await t.app.db.insertInto('merchant_webhooks').values({ merchant_id: merchantId, url }).execute();
      const answer = await createOrder(t.app, key());
      const created = await t.app.db.selectFrom('webhook_events').select(['status', 'next_attempt_at']).where('body', 'like', `%${answer.transaction_token}%`).executeTakeFirstOrThrow();
      // create_payments (migration 0043) spells the outbox's rule in SQL; enqueueWebhookEvent in TypeScript.
      const other = await t.app.db.transaction().execute((trx) => enqueueWebhookEvent(trx, { merchantId, type: 'payment.expired', data: { transaction_token: answer.transaction_token } }));
      const queued = await t.app.db.selectFrom('webhook_events').select(['status', 'next_attempt_at']).where('public_id', '=', other.eventId).executeTakeFirstOrThrow();
      expect(created.status).toBe(status);
      expect(queued.status).toBe(status);
      expect(created.next_attempt_at === null).toBe(status === 'no_endpoint');
    } finally {
      await t.app.db.deleteFrom('merchant_webhooks').where('merchant_id', '=', merchantId).execute();
      if (saved) await t.app.db.insertInto('merchant_webhooks').values(saved).execute();
    }
  });

  it("the fee kept on the payment is the merchant's own figure when it has one, else the provider's default", async () => {
    const merchant = await t.app.db
      .selectFrom('merchants')
      .innerJoin('users', 'users.id', 'merchants.user_id')
      .innerJoin('providers', 'providers.id', 'users.provider_id')
      .select(['merchants.id', 'providers.merchant_fee_bps'])
      .where('merchants.merchant_id', '=', t.seed!.merchant.merchantId)
      .executeTakeFirstOrThrow();
    const feeOf = async () => {
      const answer = await createOrder(t.app, key());
      return (await t.app.db.selectFrom('payments').select('fee_bps').where('public_id', '=', answer.transaction_token).executeTakeFirstOrThrow()).fee_bps;
    };
    try {
      await t.app.db.updateTable('merchants').set({ fee_bps: null }).where('id', '=', merchant.id).execute();
      expect(await feeOf()).toBe(merchant.merchant_fee_bps);
      await t.app.db.updateTable('merchants').set({ fee_bps: 37 }).where('id', '=', merchant.id).execute();
      expect(await feeOf()).toBe(37);
    } finally {
      await t.app.db.updateTable('merchants').set({ fee_bps: null }).where('id', '=', merchant.id).execute();
    }
  });

  it('a create refused for its input writes no payment, address or event', async () => {
    const count = async () => {
      const [payments, addresses, events] = await Promise.all([
        t.app.db.selectFrom('payments').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
        t.app.db.selectFrom('chain_addresses').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
        t.app.db.selectFrom('payment_events').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return [payments.n, addresses.n, events.n];
    };
    const before = await count();
    const refused = await mapi(t.app, 'POST', '/mapi/api/transaction', orderBody({ amount: '0.00' }), { key: key(), idempotencyKey: randomUUID() });
    expect(refused.status).toBe(400);
    expect(await count()).toEqual(before);
  });
});
