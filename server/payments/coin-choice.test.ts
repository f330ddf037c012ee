// A payment created without a coin, and the buyer's choice of coin:
// POST /mapi/api/transaction without currency_1_iso, then POST /mapi/api/transaction/currency.

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rateKey, type CryptoAsset } from '#core/assets.ts';
import { formatMinor, parseAmount } from '#core/money.ts';
import { amountDue } from '#core/payments/payment-rules.ts';
import { qrDataUrl } from './payment-qr.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import type { ApiError } from '../http/api-error.ts';
import { chooseCurrency } from './choose-currency.ts';
import { paymentDeps } from './payment-deps.ts';
import { sweepPayments } from './sweeper.ts';
import { addMerchant, chooseCoin, createCoinlessOrder, eventTypes, mapi, orderBody, paymentStatus } from './payment-test-kit.ts';

const MERCHANT = 'mch_demo_verdant';
const COINS = ['BTC', 'LTC', 'ETH', 'BCH', 'USDT', 'USDC'] as const;

function minorOf(amount: string, asset: CryptoAsset | 'EUR'): bigint {
  const parsed = parseAmount(amount, asset);
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  return parsed.minor;
}

describe.each(testDatabases())('choosing the coin of a payment on $name', ({ name }) => {
  const t = useTestApp(name);
  const key = () => t.seed?.merchant.secretKey ?? '';
  const details = async (token: string) => (await mapi(t.app, 'POST', '/mapi/api/transaction/details', { merchant_id: MERCHANT, transaction_id: token })).body.request_details;

  it('created without a coin: new, no address, amount or QR yet, 3600 s to choose, and what each coin would cost at the merchant rate', async () => {
    const order = await createCoinlessOrder(t.app, key());
    expect(order).toMatchObject({ status: 'new', currency_1_iso: null, currency_1_address: null, currency_1_amount: null, payment_uri: null, qr: null, rate: null, amount: '120.00', currency: 'EUR', product: 'Rake' });
    const choosesIn = Date.parse(order.expires_at) - Date.now();
    expect(choosesIn).toBeGreaterThan(3_590_000);
    expect(choosesIn).toBeLessThanOrEqual(3_600_000);

    const rates = (await mapi(t.app, 'GET', `/mapi/api/rates?merchant_id=${MERCHANT}`)).body.request_details.rates;
    expect(order.currency_options.map((option: { iso: string }) => option.iso)).toEqual(COINS);
    for (const option of order.currency_options as { iso: CryptoAsset; name: string; amount: string }[]) {
      expect(option.amount).toMatch(/^\d+\.\d{8}$/);
      expect(option.name.length).toBeGreaterThan(0);
      // The test market moves a little every second: the option is the price of its moment, within 0.5 %.
      const now = amountDue(minorOf('120.00', 'EUR'), 'EUR', option.iso, rates[rateKey(option.iso, 'EUR')]);
      const offered = minorOf(option.amount, option.iso);
      expect(Number(offered - now) / Number(now)).toBeCloseTo(0, 2);
    }
    const row = await t.app.db.selectFrom('payments').selectAll().where('public_id', '=', order.transaction_token).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ coin: null, amount_due_minor: null, address_id: null, address: null, required_confirmations: null, c1: 'order-17' });
    expect(await details(order.transaction_token)).toEqual({ ...order, currency_options: expect.any(Array) });
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'new', currency_1_iso: null, currency_1_amount: null, currency_1_paid: null, currency_1_confirmed: null, required_confirmations: null });
    const created = await t.app.db.selectFrom('webhook_events').select('body').where('body', 'like', `%${order.transaction_token}%`).executeTakeFirstOrThrow();
    expect(JSON.parse(created.body)).toMatchObject({ type: 'payment.created', data: { transaction_token: order.transaction_token, status: 'new', currency_1_iso: null, currency_1_amount: null, amount: '120.00' } });
  });

  it('choosing BTC prices it at the merchant rate, allocates its own address and starts the 900 s; the same coin again answers the same', async () => {
    const order = await createCoinlessOrder(t.app, key());
    const chosen = await chooseCoin(t.app, order.transaction_token, 'BTC');
    expect(chosen.status).toBe(200);
    const answer = chosen.body.request_details;
    expect(answer).toMatchObject({ transaction_token: order.transaction_token, status: 'new', currency_1_iso: 'BTC', currency_options: null, amount: '120.00', currency: 'EUR' });
    expect(answer.currency_1_amount).toBe(formatMinor(amountDue(minorOf('120.00', 'EUR'), 'EUR', 'BTC', answer.rate), 'BTC'));
    expect(answer.payment_uri).toMatch(/^bitcoin:tb1/);
    expect(answer.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const paysIn = Date.parse(answer.expires_at) - Date.now();
    expect(paysIn).toBeGreaterThan(890_000);
    expect(paysIn).toBeLessThanOrEqual(900_000);
    const row = await t.app.db.selectFrom('payments').select(['expires_at', 'monitoring_until', 'required_confirmations']).where('public_id', '=', order.transaction_token).executeTakeFirstOrThrow();
    expect(row.monitoring_until.getTime() - row.expires_at.getTime()).toBe(3_600_000);
    expect(row.required_confirmations).toBe(2);
    const addresses = await t.app.db.selectFrom('chain_addresses').select(['address', 'purpose']).where('owner_ref', '=', order.transaction_token).execute();
    expect(addresses).toEqual([{ address: answer.currency_1_address, purpose: 'payment' }]);

    const again = await chooseCoin(t.app, order.transaction_token, 'BTC');
    expect(again.status).toBe(200);
    expect(again.body.request_details).toEqual(answer);
    expect(await details(order.transaction_token)).toEqual(answer);
    // Choosing is not a lifecycle event: the merchant hears of the payment when money arrives.
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created']);
  });

  it.each([
    { case: 'two different coins at once: one wins, the other is 409 currency_already_chosen', coins: ['BTC', 'ETH'] as const },
    { case: 'the same coin twice at once: both answer the one address', coins: ['LTC', 'LTC'] as const },
  ])('$case', async ({ coins }) => {
    const order = await createCoinlessOrder(t.app, key());
    const answers = await Promise.all(coins.map((coin) => chooseCoin(t.app, order.transaction_token, coin)));
    const won = answers.filter((answer) => answer.status === 200);
    const lost = answers.filter((answer) => answer.status !== 200);
    const addresses = await t.app.db.selectFrom('chain_addresses').select('address').where('owner_ref', '=', order.transaction_token).execute();
    expect(addresses).toHaveLength(1);
    const row = await t.app.db.selectFrom('payments').select(['coin', 'address']).where('public_id', '=', order.transaction_token).executeTakeFirstOrThrow();
    expect(row.address).toBe(addresses[0]!.address);
    if (coins[0] === coins[1]) {
      expect(won).toHaveLength(2);
      expect(won[0]!.body.request_details).toEqual(won[1]!.body.request_details);
      expect(won[0]!.body.request_details.currency_1_address).toBe(row.address);
    } else {
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.status).toBe(409);
      expect(lost[0]!.body.error_message.code).toBe('currency_already_chosen');
      expect(row.coin).toBe(won[0]!.body.request_details.currency_1_iso);
    }
  });

  it.each([
    { case: 'two different coins', coins: ['BTC', 'ETH'] as const, refused: 1 },
    { case: 'the same coin', coins: ['BCH', 'BCH'] as const, refused: 0 },
  ])('$case chosen by two requests that both read the payment before either locked it: the lock decides, one address', async ({ coins, refused }) => {
    const order = await createCoinlessOrder(t.app, key());
    // Both start from the same read, as two requests do when neither has committed yet.
    const stale = await t.app.db.selectFrom('payments').selectAll().where('public_id', '=', order.transaction_token).executeTakeFirstOrThrow();
    const deps = { ...paymentDeps(t.app), merchantReturnUrl: null };
    const results = await Promise.allSettled(coins.map((coin) => chooseCurrency(deps, stale, coin)));
    const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(failures.map((failure) => (failure.reason as ApiError).body.code)).toEqual(refused ? ['currency_already_chosen'] : []);
    const answers = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(new Set(answers.map((answer) => answer.currency_1_address)).size).toBe(1);
    const addresses = await t.app.db.selectFrom('chain_addresses').select('address').where('owner_ref', '=', order.transaction_token).execute();
    expect(addresses).toEqual([{ address: answers[0]!.currency_1_address }]);
  });

  it('another coin once one is chosen is 409 currency_already_chosen, with a message that says what to do', async () => {
    const order = await createCoinlessOrder(t.app, key());
    expect((await chooseCoin(t.app, order.transaction_token, 'USDT')).status).toBe(200);
    const other = await chooseCoin(t.app, order.transaction_token, 'BTC');
    expect(other.status).toBe(409);
    expect(other.body.error_message).toMatchObject({ code: 'currency_already_chosen', message: expect.stringContaining('Pay in that coin') });
    // A payment the merchant created with a coin is the same: its coin is chosen.
    const withCoin = await mapi(t.app, 'POST', '/mapi/api/transaction', orderBody({ currency_1_iso: 'ETH' }), { key: key(), idempotencyKey: randomUUID() });
    expect((await chooseCoin(t.app, withCoin.body.request_details.transaction_token, 'BTC')).body.error_message.code).toBe('currency_already_chosen');
    // Its coin again answers its details, the QR code inline where the create linked to it.
    const created = withCoin.body.request_details;
    expect((await chooseCoin(t.app, created.transaction_token, 'ETH')).body.request_details).toEqual({ ...created, qr: await qrDataUrl(created.payment_uri) });
  });

  it('nobody chose within 3600 s: the sweeper expires it once with payment.expired, and a coin can no longer be chosen (409 payment_not_open)', async () => {
    const order = await createCoinlessOrder(t.app, key());
    await sweepPayments(t.app.db, new Date(Date.parse(order.expires_at) - 1000));
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('new');
    await sweepPayments(t.app.db, new Date(Date.parse(order.expires_at) + 1000));
    await sweepPayments(t.app.db, new Date(Date.parse(order.expires_at) + 2000));
    expect((await paymentStatus(t.app, order.transaction_token)).status).toBe('expired');
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.expired']);
    const late = await chooseCoin(t.app, order.transaction_token, 'BTC');
    expect(late.status).toBe(409);
    expect(late.body.error_message.code).toBe('payment_not_open');
    expect(await t.app.db.selectFrom('chain_addresses').select('id').where('owner_ref', '=', order.transaction_token).execute()).toEqual([]);
  });

  it('the time to choose ran out before the sweeper came: 409 payment_not_open, no address', async () => {
    const order = await createCoinlessOrder(t.app, key());
    await t.app.db.updateTable('payments').set({ expires_at: new Date(Date.now() - 1000), monitoring_until: new Date(Date.now() - 1000) }).where('public_id', '=', order.transaction_token).execute();
    const late = await chooseCoin(t.app, order.transaction_token, 'ETH');
    expect(late.status).toBe(409);
    expect(late.body.error_message.code).toBe('payment_not_open');
    expect(await t.app.db.selectFrom('chain_addresses').select('id').where('owner_ref', '=', order.transaction_token).execute()).toEqual([]);
  });

  it('the database refuses a coin-less payment that is anything but new or expired, or half a coin', async () => {
    const order = await createCoinlessOrder(t.app, key());
    const update = (values: Record<string, unknown>) => t.app.db.updateTable('payments').set(values).where('public_id', '=', order.transaction_token).execute();
    await expect(update({ status: 'processing' })).rejects.toThrow(/check/i);
    await expect(update({ coin: 'BTC' })).rejects.toThrow(/check/i);
    await expect(update({ amount_due_minor: 1000n })).rejects.toThrow(/check/i);
  });

  it.each([
    { case: 'an unknown token', body: () => ({ merchant_id: MERCHANT, transaction_id: 'pay_AAAAAAAAAAAAAAAAAAAAAA', currency_1_iso: 'BTC' }), status: 404, code: 'payment_not_found' },
    { case: 'an unknown merchant', body: () => ({ merchant_id: 'mch_nobody_here', transaction_id: 'pay_AAAAAAAAAAAAAAAAAAAAAA', currency_1_iso: 'BTC' }), status: 404, code: 'merchant_not_recognized' },
    { case: 'a fiat currency as the coin', body: () => ({ merchant_id: MERCHANT, transaction_id: 'pay_AAAAAAAAAAAAAAAAAAAAAA', currency_1_iso: 'EUR' }), status: 400, code: 'validation_failed' },
  ])('choosing with $case answers $status $code', async ({ body, status, code }) => {
    const answer = await mapi(t.app, 'POST', '/mapi/api/transaction/currency', body());
    expect(answer.status).toBe(status);
    expect(answer.body.error_message.code).toBe(code);
  });

  it("a token of another merchant is 404 payment_not_found under this merchant's id, and gets no coin", async () => {
    const other = await addMerchant(t.app.db);
    const theirs = await createCoinlessOrder(t.app, other.key, { merchant_id: other.merchantId });
    const crossed = await chooseCoin(t.app, theirs.transaction_token, 'BTC', MERCHANT);
    expect(crossed.status).toBe(404);
    expect(crossed.body.error_message.code).toBe('payment_not_found');
    expect((await chooseCoin(t.app, theirs.transaction_token, 'BTC', other.merchantId)).status).toBe(200);
  });

  it("a payment link to a payment without a coin opens the widget's home, where the buyer chooses it", async () => {
    const order = await createCoinlessOrder(t.app, key());
    const body = { merchant_id: MERCHANT, transaction_id: order.transaction_token, email: `buyer-${randomUUID().slice(0, 8)}@shop.test` };
    const sent = await mapi(t.app, 'POST', '/mapi/api/sendlink', body, { key: key(), idempotencyKey: randomUUID() });
    expect(sent.status).toBe(200);
    const link = new URL(sent.body.request_details.link);
    expect(link.pathname).toBe('/sys-widget/home');
    expect(Object.fromEntries(link.searchParams)).toEqual({ merchant_id: MERCHANT, transaction_id: order.transaction_token });
  });

  it('create refuses a coin amount without its coin, naming currency_1_amount', async () => {
    const body = orderBody({ currency_1_amount: '0.01000000' });
    delete body.currency_1_iso;
    const answer = await mapi(t.app, 'POST', '/mapi/api/transaction', body, { key: key(), idempotencyKey: randomUUID() });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.error_message.fields)).toEqual(['currency_1_amount']);
  });
});
