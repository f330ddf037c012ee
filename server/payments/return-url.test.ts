// The per-payment return URL (like Stripe's success_url) and the order id in the
// answers the widget reads: create, checkout, details and the choice of coin.

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_RETURN_URL_REFUSED } from '#core/contract/merchant-payments.ts';
import type { ApiError } from '../http/api-error.ts';
import { merchantByPublicId } from '../merchants/merchant-context.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { createPayment } from './create-payment.ts';
import { paymentDeps } from './payment-deps.ts';
import { addMerchant, chooseCoin, createCoinlessOrder, createOrder, mapi, orderBody } from './payment-test-kit.ts';

const MERCHANT = 'mch_demo_verdant';
/** The seeded demo merchant's widget_return_url (server/seed/seed.ts, the shop's address in tests). */
const SHOP_RETURN_URL = 'http://127.0.0.1:4182/';
const THANKS = 'https://shop.example.com/thanks?order=17';

describe.each(testDatabases())('payment return URLs on $name', ({ name }) => {
  const t = useTestApp(name);
  const key = () => t.seed?.merchant.secretKey ?? '';
  const details = async (token: string, merchantId = MERCHANT) => (await mapi(t.app, 'POST', '/mapi/api/transaction/details', { merchant_id: merchantId, transaction_id: token })).body.request_details;
  const countPayments = async () => (await t.app.db.selectFrom('payments').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n;

  it.each([
    { case: 'its own return_url, with a coin', overrides: { return_url: THANKS }, returnUrl: THANKS, stored: THANKS, orderId: 'order-17' },
    { case: 'its own return_url, without a coin', overrides: { return_url: THANKS, currency_1_iso: undefined }, returnUrl: THANKS, stored: THANKS, orderId: 'order-17' },
    { case: "no return_url: the merchant's widget_return_url", overrides: {}, returnUrl: SHOP_RETURN_URL, stored: null, orderId: 'order-17' },
    { case: "a null return_url: the merchant's widget_return_url", overrides: { return_url: null }, returnUrl: SHOP_RETURN_URL, stored: null, orderId: 'order-17' },
    { case: 'no order id (transaction_c1): order_id null', overrides: { transaction_c1: undefined }, returnUrl: SHOP_RETURN_URL, stored: null, orderId: null },
  ])('a payment with $case answers it on create and details', async ({ overrides, returnUrl, stored, orderId }) => {
    const order = await createOrder(t.app, key(), overrides);
    expect(order).toMatchObject({ return_url: returnUrl, order_id: orderId });
    expect(await details(order.transaction_token)).toMatchObject({ return_url: returnUrl, order_id: orderId });
    const row = await t.app.db.selectFrom('payments').select(['return_url', 'c1']).where('public_id', '=', order.transaction_token).executeTakeFirstOrThrow();
    expect(row).toEqual({ return_url: stored, c1: orderId });
  });

  it('choosing the coin keeps the return URL and the order id in the answer', async () => {
    const order = await createCoinlessOrder(t.app, key(), { return_url: THANKS });
    const chosen = await chooseCoin(t.app, order.transaction_token, 'LTC');
    expect(chosen.body.request_details).toMatchObject({ currency_1_iso: 'LTC', return_url: THANKS, order_id: 'order-17' });
  });

  it('a merchant without a widget_return_url and a payment without its own: return_url null', async () => {
    const other = await addMerchant(t.app.db);
    const order = await createOrder(t.app, other.key, { merchant_id: other.merchantId });
    expect(order.return_url).toBeNull();
    expect((await details(order.transaction_token, other.merchantId)).return_url).toBeNull();
  });

  it("the pay button's checkout refuses a return_url (anyone may call it: an open redirect) and returns to the merchant's own", async () => {
    const before = await countPayments();
    const button = { merchant_id: MERCHANT, amount: '75.50', currency: 'GBP', order_id: 'web-42', return_url: 'https://attacker.example/phish' };
    const refused = await mapi(t.app, 'POST', '/mapi/api/checkout', button);
    expect(refused.status).toBe(400);
    expect(refused.body.error_message.fields).toEqual({ return_url: [CHECKOUT_RETURN_URL_REFUSED] });
    expect(await countPayments()).toBe(before);
    const plain = await mapi(t.app, 'POST', '/mapi/api/checkout', { merchant_id: MERCHANT, amount: '5.00', currency: 'EUR', order_id: 'web-42' });
    expect(plain.body.request_details).toMatchObject({ return_url: SHOP_RETURN_URL, order_id: 'web-42' });
    expect(await details(plain.body.request_details.transaction_token)).toMatchObject({ return_url: SHOP_RETURN_URL, order_id: 'web-42' });
  });

  it.each([
    { case: 'a javascript: URL', url: 'javascript:alert(document.cookie)', says: /http\(s\) URL/ },
    { case: 'a data: URL', url: 'data:text/html,<h1>hi</h1>', says: /http\(s\) URL/ },
    { case: 'a relative path', url: '/thanks', says: /full URL/ },
    { case: 'a URL of 2001 characters', url: `https://shop.example.com/${'x'.repeat(1976)}`, says: /at most 2000 characters/ },
    { case: 'a number', url: 42, says: /as text/ },
  ])('create refuses $case with 400 naming return_url, and creates nothing', async ({ url, says }) => {
    const before = await countPayments();
    const created = await mapi(t.app, 'POST', '/mapi/api/transaction', orderBody({ return_url: url }), { key: key(), idempotencyKey: randomUUID() });
    expect(created.status).toBe(400);
    expect(created.body.error_message.code).toBe('validation_failed');
    expect(Object.keys(created.body.error_message.fields)).toEqual(['return_url']);
    expect(created.body.error_message.fields.return_url).toEqual([expect.stringMatching(says)]);
    expect(await countPayments()).toBe(before);
  });

  it.each([
    { case: 'refuses an http return URL, naming the field', url: 'http://shop.example.com/thanks', refused: /https:\/\// },
    { case: 'takes an https return URL', url: THANKS, refused: null },
  ])('in live mode (the main network), create $case', async ({ url, refused }) => {
    const { context } = await merchantByPublicId(t.app.db, MERCHANT);
    const input = { merchant_id: MERCHANT, currency: 'EUR' as const, amount: '20.00', return_url: url };
    const creating = createPayment({ ...paymentDeps(t.app), network: 'main', testMode: false }, context, input);
    if (refused) {
      const error = (await creating.then(() => null, (reason: unknown) => reason)) as ApiError | null;
      expect(error?.body).toMatchObject({ code: 'validation_failed', fields: { return_url: [expect.stringMatching(refused)] } });
    } else {
      expect(await creating).toMatchObject({ return_url: url, test_mode: false, currency_1_iso: null });
    }
  });
});
