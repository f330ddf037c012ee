import { afterEach, describe, expect, it } from 'vitest';
import { formatMinor, parseAmount } from '#core/money.ts';
import { settlementSplit } from '#core/payments/payment-rules.ts';
import { DEFAULT_MERCHANT_FEE_BPS } from '#core/payments/merchant-fee.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { checkLedger } from '../ledger/index.ts';
import { paymentHandlers } from './payment-handlers.ts';
import { sweepPayments } from './sweeper.ts';
import { createOrder, eventTypes, merchantBalance, mine, payOnTestNetwork, paymentStatus } from './payment-test-kit.ts';

const MERCHANT = 'mch_demo_verdant';

function minor(amount: string): bigint {
  const parsed = parseAmount(amount, 'BTC');
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  return parsed.minor;
}

describe.each(testDatabases())('payment lifecycle on $name', ({ name }) => {
  const t = useTestApp(name);
  const key = () => t.seed?.merchant.secretKey ?? '';

  afterEach(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('paid in full: processing at once, settled after the confirmations, the merchant credited once less the fee, however often it is reported', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const order = await createOrder(t.app, key());
    const txid = await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', exception: null, currency_1_paid: order.currency_1_amount, confirmations: 0 });
    await mine(t.app, 1);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', confirmations: 1, currency_1_confirmed: '0.00000000' });
    await mine(t.app, 1);
    const settled = await paymentStatus(t.app, order.transaction_token);
    expect(settled).toMatchObject({ status: 'settled', exception: null, confirmations: 2, currency_1_confirmed: order.currency_1_amount });
    expect(settled.settled_at).not.toBeNull();

    const { feeMinor, creditedMinor } = settlementSplit(minor(order.currency_1_amount), DEFAULT_MERCHANT_FEE_BPS);
    expect(feeMinor).toBeGreaterThan(0n);
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(creditedMinor);

    // Reported again: by the watcher, by the pipeline with the same observation, and the handler itself called twice.
    await t.app.chain.testNetwork!.report();
    await mine(t.app, 3);
    expect(await t.app.chain.pipeline.observe({ asset: 'BTC', address: order.currency_1_address, txid, amountMinor: minor(order.currency_1_amount), confirmations: 9 })).toBe('unchanged');
    const handlers = paymentHandlers();
    const chainPayment = await t.app.db.selectFrom('chain_payments').selectAll().where('txid', '=', txid).executeTakeFirstOrThrow();
    const event = { paymentId: chainPayment.id, addressId: chainPayment.address_id, providerId: 1n, purpose: 'payment' as const, ownerRef: order.transaction_token, asset: 'BTC' as const, address: order.currency_1_address, txid, amountMinor: chainPayment.amount_minor, confirmations: 2, requiredConfirmations: 2, ref: order.transaction_token };
    await t.app.db.transaction().execute((trx) => handlers.confirmed(trx, event));
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(creditedMinor);

    const transfers = await t.app.db.selectFrom('ledger_transfers').select(['id', 'amount']).where('id', 'like', `${order.transaction_token}:%`).orderBy('id').execute();
    expect(transfers).toEqual([
      { id: `${order.transaction_token}:fee`, amount: feeMinor },
      { id: `${order.transaction_token}:settle`, amount: creditedMinor },
    ]);
    const record = await t.app.db
      .selectFrom('money_transactions')
      .innerJoin('merchants', 'merchants.user_id', 'money_transactions.user_id')
      .select(['type', 'status', 'amount_minor', 'fee_minor', 'currency_iso', 'reference'])
      .where('reference', '=', order.transaction_token)
      .execute();
    expect(record).toEqual([{ type: 'payment', status: 'completed', amount_minor: creditedMinor, fee_minor: feeMinor, currency_iso: 'BTC', reference: order.transaction_token }]);
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.settled']);
    const outbox = await t.app.db.selectFrom('webhook_events').select('type').where('body', 'like', `%${order.transaction_token}%`).orderBy('id').execute();
    expect(outbox.map((row) => row.type)).toEqual(['payment.created', 'payment.detected', 'payment.settled']);
  });

  it('the confirming block reported by several watchers at once: settled once, credited once', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const order = await createOrder(t.app, key());
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    await mine(t.app, 1);
    const network = t.app.chain.testNetwork!;
    await Promise.all([network.mine(1), network.report(), network.report(), network.report()]);
    await network.report();
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('settled');
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(settlementSplit(minor(order.currency_1_amount), DEFAULT_MERCHANT_FEE_BPS).creditedMinor);
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.settled']);
  });

  it('underpaid: stays processing with paid_partial after the confirmations, and nothing is credited', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const order = await createOrder(t.app, key());
    const half = formatMinor(minor(order.currency_1_amount) / 2n, 'BTC');
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, half);
    await mine(t.app, 3);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', exception: 'paid_partial', currency_1_paid: half, currency_1_confirmed: half });
    expect(await merchantBalance(t.app.db, MERCHANT, 'BTC')).toBe(before);
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected']);
  });

  it('underpaid, then topped up before expiry: settles with everything paid', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const order = await createOrder(t.app, key());
    const due = minor(order.currency_1_amount);
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, formatMinor(due - 1000n, 'BTC'));
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, formatMinor(1000n, 'BTC'));
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', exception: null });
    await mine(t.app, 2);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'settled', exception: null });
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(settlementSplit(due, DEFAULT_MERCHANT_FEE_BPS).creditedMinor);
  });

  it('overpaid: settles with paid_over and the merchant is credited what arrived, less the fee', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const order = await createOrder(t.app, key());
    const paid = minor(order.currency_1_amount) + 50_000n;
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, formatMinor(paid, 'BTC'));
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', exception: 'paid_over' });
    await mine(t.app, 2);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'settled', exception: 'paid_over' });
    expect((await merchantBalance(t.app.db, MERCHANT, 'BTC')) - before).toBe(settlementSplit(paid, DEFAULT_MERCHANT_FEE_BPS).creditedMinor);
  });

  it('nothing paid within 900 s: the sweeper expires it, once, with payment.expired', async () => {
    const order = await createOrder(t.app, key());
    await sweepPayments(t.app.db, new Date(Date.parse(order.expires_at) - 1000));
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('new');
    await sweepPayments(t.app.db, new Date(Date.parse(order.expires_at) + 1000));
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('expired');
    await sweepPayments(t.app.db, new Date(Date.parse(order.expires_at) + 2000));
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.expired']);
  });

  it.each([
    { case: 'after the sweeper expired it', sweep: true },
    { case: 'after expiry, before any sweep', sweep: false },
  ])('paid late ($case): recorded as invalid with paid_late, and never settled however many confirmations', async ({ sweep }) => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'BTC');
    const order = await createOrder(t.app, key());
    // The 900 s are up (the row's clock is moved back; the chain and the handlers run for real).
    const past = new Date(Date.now() - 1000);
    await t.app.db.updateTable('payments').set({ expires_at: past }).where('public_id', '=', order.transaction_token).execute();
    if (sweep) await sweepPayments(t.app.db);
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    await mine(t.app, 6);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'invalid', exception: 'paid_late', currency_1_paid: order.currency_1_amount, settled_at: null });
    expect(await merchantBalance(t.app.db, MERCHANT, 'BTC')).toBe(before);
    const events = await eventTypes(t.app.db, order.transaction_token);
    expect(events).toEqual(['payment.created', ...(sweep ? ['payment.expired'] : []), 'payment.paid_late', 'payment.invalid']);
  });

  it('underpaid until the monitoring window closes: the sweeper marks it invalid', async () => {
    const order = await createOrder(t.app, key());
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, '0.00001000');
    await mine(t.app, 2);
    const row = await t.app.db.selectFrom('payments').select('monitoring_until').where('public_id', '=', order.transaction_token).executeTakeFirstOrThrow();
    await sweepPayments(t.app.db, new Date(row.monitoring_until.getTime() - 1000));
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('processing');
    await sweepPayments(t.app.db, new Date(row.monitoring_until.getTime() + 1000));
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'invalid', exception: 'paid_partial' });
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.invalid']);
  });
});
