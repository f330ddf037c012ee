// The merchant back office's payment reports through the app, on both databases: the demo merchant's
// payments in every state, a second merchant on the same provider and a third on the other provider
// (each sees only its own), a plain member (403), the list's filters, search and paging, the CSV, the
// volume and one payment's detail with its chain transfers and webhook events; and the merchant's
// balances in GET /users/getUserBalances.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor } from '#core/money.ts';
import { settlementSplit } from '#core/payments/payment-rules.ts';
import { DEFAULT_MERCHANT_FEE_BPS } from '#core/payments/merchant-fee.ts';
import { toJsonb } from '../db/jsonb.ts';
import { DEMO_MERCHANT } from '../seed/seed.ts';
import { call, signIn } from '../identity/session-test-kit.ts';
import { checkLedger } from '../ledger/index.ts';
import { addMerchant, createCoinlessOrder, createOrder, mine, payOnTestNetwork, seededSecretKey } from '../payments/payment-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { startReceiver } from '../webhooks/test-receiver.ts';

const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(testDatabases())('merchant payment reports on $name', ({ name }) => {
  const t = useTestApp(name);
  const tag = `rep${randomUUID().slice(0, 6)}`;
  let merchant: string;
  let member: string;
  let otherMerchant: string;
  let farMerchant: string;
  /** The demo merchant's four payments: settled, unpaid (ETH), coin-less, and short (processing). */
  const ids: Record<'settled' | 'unpaid' | 'coinless' | 'short', Record<string, any>> = {} as never;
  let settledTxid: string;
  let otherPayment: string;
  let otherKey: string;
  let otherMerchantId: string;
  let farPayment: string;

  const get = (path: string, credential: string, host = 'localhost') => call(t.app, 'GET', path, undefined, { credential, host });
  const list = (query: string, credential = merchant) => get(`/v1/merchant/payments?${query}`, credential);
  const csv = (query: string, credential = merchant) =>
    t.app.inject({ method: 'GET', url: `/v1/merchant/payments/export?${query}`, headers: { host: 'localhost', authorization: `Bearer ${credential}` } });

  beforeAll(async () => {
    const key = seededSecretKey(t.seed);
    merchant = (await signIn(t.app, DEMO_MERCHANT.email, DEMO_MERCHANT.password)).credential;
    member = (await signIn(t.app, t.seed!.member.email, t.seed!.member.password)).credential;

    ids.settled = await createOrder(t.app, key, { transaction_c1: `${tag}-A`, transaction_product: 'Lamp', amount: '120.00' });
    ids.unpaid = await createOrder(t.app, key, { transaction_c1: `${tag}-B`, transaction_product: 'Chair', currency_1_iso: 'ETH', amount: '40.00' });
    ids.coinless = await createCoinlessOrder(t.app, key, { transaction_c1: `${tag}-C`, transaction_product: 'Desk', amount: '75.50' });
    ids.short = await createOrder(t.app, key, { transaction_c1: `${tag}-D`, transaction_product: 'Shelf', amount: '10.00' });
    settledTxid = await payOnTestNetwork(t.app, 'BTC', ids.settled.currency_1_address, ids.settled.currency_1_amount);
    await payOnTestNetwork(t.app, 'BTC', ids.short.currency_1_address, '0.00000100');

    // A second merchant on the same provider, with a settled payment of its own.
    const other = await addMerchant(t.app.db);
    otherKey = other.key;
    otherMerchantId = other.merchantId;
    const otherOrder = await createOrder(t.app, other.key, { merchant_id: other.merchantId, transaction_c1: `${tag}-OTHER`, transaction_product: 'Lamp', amount: '99.00' });
    otherPayment = otherOrder.transaction_token;
    await payOnTestNetwork(t.app, 'BTC', otherOrder.currency_1_address, otherOrder.currency_1_amount);
    await mine(t.app, 2);
    const otherUser = await t.app.db.selectFrom('users').innerJoin('merchants', 'merchants.user_id', 'users.id').select('users.email').where('merchants.id', '=', other.id).executeTakeFirstOrThrow();
    otherMerchant = (await signIn(t.app, otherUser.email, DEMO_MERCHANT.password)).credential;

    // A merchant on the other provider, whose payment is written as the merchant API would keep it.
    const farProvider = await t.app.db.selectFrom('providers').select('id').where('wl_id', '=', t.seed!.providers[1]!.wlId).executeTakeFirstOrThrow();
    const demoHash = await t.app.db.selectFrom('users').select('password_hash').where('email', '=', DEMO_MERCHANT.email).executeTakeFirstOrThrow();
    const farEmail = `far-${tag}@shop.test`;
    const farUser = await t.app.db
      .insertInto('users')
      .values({ provider_id: farProvider.id, email: farEmail, password_hash: demoHash.password_hash, role: 'merchant', first_name: 'Far', last_name: 'Shop', permissions: toJsonb({ send: 0, withdrawal: 0, widget: 1, fiat_withdrawals: 1 }), email_verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const farMerchantRow = await t.app.db.insertInto('merchants').values({ user_id: farUser.id, merchant_id: `mch_far_${tag}`, name: 'Far Shop' }).returning('id').executeTakeFirstOrThrow();
    farPayment = `pay_${randomUUID().replace(/-/g, '').slice(0, 22)}`;
    const later = new Date(Date.now() + 3_600_000);
    await t.app.db
      .insertInto('payments')
      .values({ public_id: farPayment, provider_id: farProvider.id, merchant_id: farMerchantRow.id, coin: null, fiat_currency: 'EUR', fiat_amount_minor: 5000n, amount_due_minor: null, rate: null, address_id: null, address: null, product: 'Lamp', c1: `${tag}-FAR`, c2: null, c3: null, c4: null, return_url: null, exception: null, required_confirmations: null, fee_minor: null, fee_bps: DEFAULT_MERCHANT_FEE_BPS, credited_minor: null, expires_at: later, monitoring_until: later, settled_at: null })
      .execute();
    farMerchant = (await signIn(t.app, farEmail, DEMO_MERCHANT.password, 'wl2.localhost')).credential;
  });

  afterAll(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it.each([
    ['the list', '/v1/merchant/payments'],
    ['the volume', `/v1/merchant/payments/volume?from=${today()}&to=${today()}`],
    ['the CSV', '/v1/merchant/payments/export'],
    ['the detail', '/v1/merchant/payments/detail?payment=pay_0000000000000000000000'],
  ])('%s answers 403 forbidden to a member without a merchant account', async (_what, path) => {
    const answer = await get(path, member);
    expect(answer.status).toBe(403);
    expect(answer.body.error_message.code).toBe('forbidden');
  });

  it('lists every payment of the merchant newest first, with its order id, product, amounts, status, confirmations and times', async () => {
    const answer = await list(`q=${tag}&per_page=100`);
    expect(answer.status).toBe(200);
    expect(answer.response.headers['cache-control']).toBe('no-store');
    const page = answer.body.request_details;
    expect(page.total).toBe(4);
    expect(page.payments.map((p: any) => p.order_id)).toEqual([`${tag}-D`, `${tag}-C`, `${tag}-B`, `${tag}-A`]);
    const settled = page.payments.find((p: any) => p.id === ids.settled.transaction_token);
    const { feeMinor, creditedMinor } = settlementSplit(BigInt(ids.settled.currency_1_amount.replace('.', '')), DEFAULT_MERCHANT_FEE_BPS);
    expect(settled).toMatchObject({
      product: 'Lamp',
      status: 'settled',
      exception: null,
      fiat_currency: 'EUR',
      fiat_amount: '120.00',
      coin: 'BTC',
      amount_due: ids.settled.currency_1_amount,
      amount_paid: ids.settled.currency_1_amount,
      amount_confirmed: ids.settled.currency_1_amount,
      required_confirmations: 2,
      fee: formatMinor(feeMinor, 'BTC'),
      credited: formatMinor(creditedMinor, 'BTC'),
      address: ids.settled.currency_1_address,
    });
    expect(settled.confirmations).toBeGreaterThanOrEqual(2);
    expect(settled.settled_at).not.toBeNull();
    expect(page.payments.find((p: any) => p.order_id === `${tag}-C`)).toMatchObject({ status: 'new', coin: null, amount_due: null, amount_paid: null, fee: null, fiat_amount: '75.50', settled_at: null });
    expect(page.payments.find((p: any) => p.order_id === `${tag}-D`)).toMatchObject({ status: 'processing', exception: 'paid_partial', amount_paid: '0.00000100' });
  });

  it.each([
    ['status', 'status=settled', ['A']],
    ['coin', 'coin=ETH', ['B']],
    ['status and coin', 'status=new&coin=BTC', []],
    ['a part of the product, in any case', 'q=sHeLf', ['D']],
  ])('filters by %s', async (_what, filter, letters) => {
    const answer = await list(`${filter}${filter.startsWith('q=') ? '' : `&q=${tag}`}&per_page=100`);
    expect(answer.status).toBe(200);
    const mine = answer.body.request_details.payments.filter((p: any) => String(p.order_id).startsWith(tag));
    expect(mine.map((p: any) => p.order_id)).toEqual(letters.map((letter) => `${tag}-${letter}`));
    if (!filter.startsWith('q=')) expect(answer.body.request_details.total).toBe(letters.length);
  });

  it('searches by payment id, order id and address, and a search character like % is matched literally', async () => {
    const byId = await list(`q=${ids.unpaid.transaction_token}`);
    expect(byId.body.request_details.payments.map((p: any) => p.id)).toEqual([ids.unpaid.transaction_token]);
    const byOrder = await list(`q=${tag}-B`);
    expect(byOrder.body.request_details.payments.map((p: any) => p.id)).toEqual([ids.unpaid.transaction_token]);
    const byAddress = await list(`q=${encodeURIComponent(ids.short.currency_1_address)}`);
    expect(byAddress.body.request_details.payments.map((p: any) => p.id)).toEqual([ids.short.transaction_token]);
    const wildcard = await list(`q=${encodeURIComponent('%')}`);
    expect(wildcard.body.request_details.total).toBe(0);
  });

  it('pages on the server: the pages together are the list, and each page reports the same total', async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => list(`q=${tag}&per_page=2&page=${n}`)));
    expect(pages.map((p) => p.body.request_details.total)).toEqual([4, 4, 4]);
    expect(pages.map((p) => p.body.request_details.payments.length)).toEqual([2, 2, 0]);
    const all = await list(`q=${tag}&per_page=100`);
    expect(pages.flatMap((p) => p.body.request_details.payments.map((x: any) => x.id))).toEqual(all.body.request_details.payments.map((x: any) => x.id));
  });

  it('filters by a range of days, both ends included', async () => {
    expect((await list(`q=${tag}&from=${today()}&to=${today()}`)).body.request_details.total).toBe(4);
    expect((await list(`q=${tag}&from=${dayOffset(1)}`)).body.request_details.total).toBe(0);
    expect((await list(`q=${tag}&to=${dayOffset(-1)}`)).body.request_details.total).toBe(0);
  });

  it.each([
    ['an unknown status', 'status=paid', 'status'],
    ['an unknown coin', 'coin=DOGE', 'coin'],
    ['a date that is not one', 'from=2026-02-31', 'from'],
    ['a badly written date', 'to=23-11-2026', 'to'],
    ['an end before the start', 'from=2026-11-20&to=2026-11-19', 'to'],
    ['page 0', 'page=0', 'page'],
    ['per_page over 100', 'per_page=101', 'per_page'],
    ['a search too long', `q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s with a field error', async (_what, query, field) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.body.error_message.code).toBe('validation_failed');
    expect(Object.keys(answer.body.error_message.fields ?? answer.body.error_message.errors ?? {})).toContain(field);
  });

  it('the CSV has one line per payment the list shows, in the same order, with the same amounts', async () => {
    const raw = await csv(`q=${tag}`);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toMatch(/^text\/csv/);
    expect(raw.headers['content-disposition']).toBe('attachment; filename="payments-all.csv"');
    const lines = raw.body.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^payment_id,order_id,product,status,exception,fiat_currency,fiat_amount,coin,/);
    const listed = (await list(`q=${tag}&per_page=100`)).body.request_details.payments;
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(listed.map((p: any) => p.id));
    const settledLine = lines.find((line) => line.startsWith(ids.settled.transaction_token))!.split(',');
    expect(settledLine.slice(1, 9)).toEqual([`${tag}-A`, 'Lamp', 'settled', '', 'EUR', '120.00', 'BTC', ids.settled.currency_1_amount]);

    const filtered = await csv(`q=${tag}&status=settled&from=${today()}&to=${today()}`);
    expect(filtered.headers['content-disposition']).toBe(`attachment; filename="payments-${today()}-to-${today()}.csv"`);
    expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
    expect((await csv('coin=DOGE')).statusCode).toBe(400);
  });

  it('the volume sums the settled payments by day and coin in their own fiat, never another merchant\'s', async () => {
    const answer = await get(`/v1/merchant/payments/volume?from=${dayOffset(-6)}&to=${today()}`, merchant);
    expect(answer.status).toBe(200);
    const volume = answer.body.request_details;
    expect(volume).toMatchObject({ from: dayOffset(-6), to: today(), currency: 'EUR' });
    expect(volume.days).toEqual([{ date: today(), coin: 'BTC', fiat_currency: 'EUR', fiat_amount: '120.00', coin_amount: ids.settled.currency_1_amount, count: 1 }]);
    expect(volume.totals).toEqual([{ fiat_currency: 'EUR', fiat_amount: '120.00', count: 1 }]);

    const other = (await get(`/v1/merchant/payments/volume?from=${today()}&to=${today()}`, otherMerchant)).body.request_details;
    expect(other.totals).toEqual([{ fiat_currency: 'EUR', fiat_amount: '99.00', count: 1 }]);
    const empty = (await get(`/v1/merchant/payments/volume?from=${dayOffset(-30)}&to=${dayOffset(-1)}`, merchant)).body.request_details;
    expect(empty).toMatchObject({ days: [], totals: [] });
  });

  it.each([
    ['without dates', '', 'from'],
    ['over 366 days', `from=2025-01-01&to=2026-01-02`, 'to'],
    ['reversed', 'from=2026-11-20&to=2026-11-01', 'to'],
  ])('the volume refuses a range %s with a field error', async (_what, query, field) => {
    const answer = await get(`/v1/merchant/payments/volume?${query}`, merchant);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.error_message.fields ?? answer.body.error_message.errors ?? {})).toContain(field);
  });

  it('the detail carries the payment, the chain transfers seen for it and the webhook events sent about it', async () => {
    const answer = await get(`/v1/merchant/payments/detail?payment=${ids.settled.transaction_token}`, merchant);
    expect(answer.status).toBe(200);
    const detail = answer.body.request_details;
    expect(detail.payment).toMatchObject({ id: ids.settled.transaction_token, status: 'settled', exception: null, amount_paid: ids.settled.currency_1_amount, amount_confirmed: ids.settled.currency_1_amount });
    expect(detail.chain_payments).toHaveLength(1);
    expect(detail.chain_payments[0]).toMatchObject({ txid: settledTxid, amount: ids.settled.currency_1_amount, status: 'confirmed', required_confirmations: 2 });
    expect(detail.chain_payments[0].confirmations).toBeGreaterThanOrEqual(2);
    expect(detail.webhook_events.map((e: any) => e.type).sort()).toEqual(['payment.created', 'payment.detected', 'payment.settled']);
    for (const event of detail.webhook_events) {
      expect(event.event_id).toMatch(/^msg_/);
      expect(event.status).toBe('no_endpoint');
      expect(event.deliveries).toEqual([]);
    }

    const coinless = (await get(`/v1/merchant/payments/detail?payment=${ids.coinless.transaction_token}`, merchant)).body.request_details;
    expect(coinless.chain_payments).toEqual([]);
    expect(coinless.webhook_events.map((e: any) => e.type)).toEqual(['payment.created']);
  });

  it('the detail lists each delivery attempt of an event sent to the merchant\'s endpoint', async () => {
    const receiver = await startReceiver();
    try {
      receiver.respond = 200;
      expect((await call(t.app, 'PATCH', '/v1/users/updateWebhook', { webhook_url: receiver.url }, { credential: otherMerchant })).status).toBe(200);
      const order = await createCoinlessOrder(t.app, otherKey, { merchant_id: otherMerchantId, transaction_c1: `hook-${randomUUID().slice(0, 8)}` });
      const deadline = Date.now() + 10_000;
      let event: any;
      for (;;) {
        const detail = (await get(`/v1/merchant/payments/detail?payment=${order.transaction_token}`, otherMerchant)).body.request_details;
        event = detail.webhook_events[0];
        if (event?.status === 'delivered' || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(event).toMatchObject({ type: 'payment.created', status: 'delivered', attempts: 1 });
      expect(event.deliveries).toEqual([{ attempt: 1, url: receiver.url, status_code: 200, error: null, duration_ms: expect.any(Number), created_at: expect.any(String) }]);
      expect(receiver.received.some((request) => request.body.includes(order.transaction_token))).toBe(true);
    } finally {
      await call(t.app, 'PATCH', '/v1/users/updateWebhook', { webhook_url: null }, { credential: otherMerchant });
      await receiver.stop();
    }
  });

  it('a merchant never sees another merchant\'s payments, nor those of a merchant on the other provider', async () => {
    for (const [credential, foreign] of [
      [merchant, otherPayment],
      [merchant, farPayment],
      [otherMerchant, ids.settled.transaction_token],
    ] as const) {
      const detail = await get(`/v1/merchant/payments/detail?payment=${foreign}`, credential);
      expect(detail.status).toBe(404);
      expect(detail.body.error_message.code).toBe('merchant_payment_not_found');
      expect((await list(`q=${foreign}`, credential)).body.request_details.total).toBe(0);
    }
    const theirs = (await list(`q=${tag}&per_page=100`, otherMerchant)).body.request_details;
    expect(theirs.payments.map((p: any) => p.id)).toEqual([otherPayment]);
    const far = (await get(`/v1/merchant/payments?q=${tag}`, farMerchant, 'wl2.localhost')).body.request_details;
    expect(far.payments.map((p: any) => p.id)).toEqual([farPayment]);
    const farCsv = await t.app.inject({ method: 'GET', url: `/v1/merchant/payments/export`, headers: { host: 'wl2.localhost', authorization: `Bearer ${farMerchant}` } });
    expect(farCsv.body.trimEnd().split('\r\n').slice(1).map((line) => line.split(',')[0])).toEqual([farPayment]);
  });

  it('getUserBalances gives a merchant its merchant balances, counted in the account value; a member\'s answer has none', async () => {
    const mine = (await get('/v1/users/getUserBalances', merchant)).body.request_details;
    const btc = mine.merchant_balances.find((b: any) => b.currency === 'BTC');
    const credited = await t.app.db.selectFrom('payments').select((eb) => eb.fn.sum<string>('credited_minor').as('sum')).where('status', '=', 'settled').where('merchant_id', '=', (await t.app.db.selectFrom('merchants').select('id').where('merchant_id', '=', DEMO_MERCHANT.merchantId).executeTakeFirstOrThrow()).id).where('coin', '=', 'BTC').executeTakeFirstOrThrow();
    expect(btc).toMatchObject({ currency: 'BTC', kind: 'crypto', name: 'Bitcoin', balance: formatMinor(BigInt(credited.sum), 'BTC'), available: formatMinor(BigInt(credited.sum), 'BTC') });
    expect(btc).not.toHaveProperty('address');
    // The total counts the wallets and the merchant balances, each at its value in the fiat.
    const parts = [...mine.wallets, ...mine.merchant_balances].map((w: any) => Math.round(Number(w.value) * 100));
    expect(Math.round(Number(mine.account_values.EUR) * 100)).toBe(parts.reduce((a: number, b: number) => a + b, 0));
    expect(Number(mine.account_values.EUR)).toBeGreaterThan(0);

    // user_info counts them too (read a moment later, so at that moment's price): the merchant's only other wallet is an empty EUR one.
    const me = (await get('/v1/users/me', merchant)).body.request_details;
    expect(mine.wallets.every((w: any) => w.balance === '0.00' || w.balance === '0.00000000')).toBe(true);
    expect(Number(me.user_info.account_values.EUR)).toBeGreaterThan(0);

    const plain = (await get('/v1/users/getUserBalances', member)).body.request_details;
    expect(plain).not.toHaveProperty('merchant_balances');
  });
});
