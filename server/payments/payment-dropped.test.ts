// What a dropped transaction and a reorganisation do to a merchant payment, end to end through the test
// network's public routes: the payment waits for money again (or expires) and the merchant is told by
// payment.dropped; a reorganisation lowers the confirmations shown and the payment still settles once.
import { afterEach, describe, expect, it } from 'vitest';
import { parseAmount } from '#core/money.ts';
import { settlementSplit } from '#core/payments/payment-rules.ts';
import { DEFAULT_MERCHANT_FEE_BPS } from '#core/payments/merchant-fee.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { checkLedger } from '../ledger/index.ts';
import { sweepPayments } from './sweeper.ts';
import { createOrder, dropOnTestNetwork, eventTypes, merchantBalance, mine, payOnTestNetwork, paymentStatus, reorg } from './payment-test-kit.ts';

const MERCHANT = 'mch_demo_verdant';

function minor(amount: string): bigint {
  const parsed = parseAmount(amount, 'BTC');
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  return parsed.minor;
}

describe.each(testDatabases())('a dropped or reorganised payment on $name', ({ name }) => {
  const t = useTestApp(name);
  const key = () => t.seed?.merchant.secretKey ?? '';
  const outbox = async (token: string) => (await t.app.db.selectFrom('webhook_events').select(['type', 'body']).where('body', 'like', `%${token}%`).orderBy('id').execute()).map((row) => ({ type: row.type, data: JSON.parse(row.body).data }));

  afterEach(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('processing, then its transaction is dropped: back to new with payment.dropped queued; paid again, it settles exactly once', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const order = await createOrder(t.app, key());
    const first = await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('processing');

    expect(await dropOnTestNetwork(t.app, first)).toBe(1);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'new', exception: null, currency_1_paid: '0.00000000', confirmations: 0 });
    const dropped = (await outbox(order.transaction_token)).find((event) => event.type === 'payment.dropped');
    expect(dropped?.data).toMatchObject({ transaction_token: order.transaction_token, status: 'new', currency_1_paid: '0.00000000' });

    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    await mine(t.app, 2);
    await mine(t.app, 2);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'settled', exception: null, currency_1_paid: order.currency_1_amount, currency_1_confirmed: order.currency_1_amount });
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(settlementSplit(minor(order.currency_1_amount), DEFAULT_MERCHANT_FEE_BPS).creditedMinor);
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.dropped', 'payment.detected', 'payment.settled']);
    expect((await outbox(order.transaction_token)).map((event) => event.type)).toEqual(['payment.created', 'payment.detected', 'payment.dropped', 'payment.detected', 'payment.settled']);
    const row = await t.app.db.selectFrom('chain_payments').select(['status', 'dropped_reason']).where('txid', '=', first).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'dropped', dropped_reason: 'dropped' });
  });

  it('dropped after its time ran out: expired (told once, by payment.dropped), and the sweeper adds nothing', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const order = await createOrder(t.app, key());
    const txid = await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    // The 900 s pass while it waits in the mempool (the row's clock is moved back; the chain runs for real).
    await t.app.db.updateTable('payments').set({ expires_at: new Date(Date.now() - 1000) }).where('public_id', '=', order.transaction_token).execute();
    expect(await dropOnTestNetwork(t.app, txid)).toBe(1);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'expired', exception: null, currency_1_paid: '0.00000000' });
    await sweepPayments(t.app.db, new Date(Date.now() + 7_200_000));
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.dropped']);
    const dropped = (await outbox(order.transaction_token)).find((event) => event.type === 'payment.dropped');
    expect(dropped?.data).toMatchObject({ status: 'expired' });
    expect(await merchantBalance(t.app.db, MERCHANT, 'BTC')).toBe(before);
  });

  it('overpaid in two transactions, the extra one dropped: still processing, the exception recomputed, settled for what is left', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const order = await createOrder(t.app, key());
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    const extra = await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, '0.00010000');
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', exception: 'paid_over' });

    expect(await dropOnTestNetwork(t.app, extra)).toBe(1);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', exception: null, currency_1_paid: order.currency_1_amount });
    await mine(t.app, 2);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'settled', exception: null, currency_1_confirmed: order.currency_1_amount });
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(settlementSplit(minor(order.currency_1_amount), DEFAULT_MERCHANT_FEE_BPS).creditedMinor);
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.detected', 'payment.dropped', 'payment.settled']);
  });

  it('a settled payment keeps its credit when its late top-up is dropped: paid_over goes, no event', async () => {
    const order = await createOrder(t.app, key());
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    await mine(t.app, 2);
    const credited = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const topUp = await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, '0.00020000');
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'settled', exception: 'paid_over' });
    expect(await dropOnTestNetwork(t.app, topUp)).toBe(1);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'settled', exception: null, currency_1_paid: order.currency_1_amount });
    expect(await merchantBalance(t.app.db, MERCHANT, 'BTC')).toBe(credited);
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.settled']);
  });

  it('a reorganisation lowers its confirmations before it settles; mined again, it settles once', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const order = await createOrder(t.app, key());
    const txid = await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    await mine(t.app, 1);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', confirmations: 1 });

    await reorg(t.app, 1);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', confirmations: 0, currency_1_paid: order.currency_1_amount });
    expect(await t.app.db.selectFrom('chain_payments').select(['status', 'confirmations']).where('txid', '=', txid).executeTakeFirstOrThrow()).toEqual({ status: 'detected', confirmations: 0 });

    await mine(t.app, 2);
    await t.app.chain.testNetwork!.report();
    await mine(t.app, 1);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'settled', currency_1_confirmed: order.currency_1_amount });
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(settlementSplit(minor(order.currency_1_amount), DEFAULT_MERCHANT_FEE_BPS).creditedMinor);
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.settled']);
  });

  it('a reorganisation under a settled payment flags it for an operator and never credits it twice', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const order = await createOrder(t.app, key());
    const txid = await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    await mine(t.app, 2);
    const credited = settlementSplit(minor(order.currency_1_amount), DEFAULT_MERCHANT_FEE_BPS).creditedMinor;
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(credited);

    await reorg(t.app, 2);
    const flagged = await t.app.db.selectFrom('chain_payments').select(['status', 'reorged_at']).where('txid', '=', txid).executeTakeFirstOrThrow();
    expect(flagged.status).toBe('confirmed');
    expect(flagged.reorged_at).not.toBeNull();
    await mine(t.app, 3);
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('settled');
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(credited);
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.settled']);
  });
});
