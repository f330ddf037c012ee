// POST /mapi/api/checkout: the script-tag pay button, which holds only the publishable
// merchant id, creates a payment without a coin. Public, so rate-limited per address.

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { chooseCoin, createCoinlessOrder, mapi } from '../payments/payment-test-kit.ts';
import { CHECKOUT_PER_MINUTE } from './checkout-routes.ts';

const MERCHANT = 'mch_demo_verdant';
const BUTTON = { merchant_id: MERCHANT, amount: '75.50', currency: 'GBP', product: 'Seed box', order_id: 'web-42', lang: 'es' };

describe.each(testDatabases())('the pay button checkout on $name', ({ name }) => {
  const t = useTestApp(name);
  const key = () => t.seed?.merchant.secretKey ?? '';

  it('creates a coin-less payment answered like a create without a coin; the order id is kept as c1; no secret key needed', async () => {
    const answer = await mapi(t.app, 'POST', '/mapi/api/checkout', BUTTON);
    expect(answer.status).toBe(200);
    const details = answer.body.request_details;
    expect(details).toMatchObject({ status: 'new', amount: '75.50', currency: 'GBP', product: 'Seed box', currency_1_iso: null, currency_1_address: null, qr: null, test_mode: true, test_network: true });
    expect(details.currency_options).toHaveLength(6);
    const created = await createCoinlessOrder(t.app, key());
    expect(Object.keys(details).sort()).toEqual(Object.keys(created).sort());
    const row = await t.app.db.selectFrom('payments').select(['c1', 'c2', 'product', 'coin', 'fiat_amount_minor']).where('public_id', '=', details.transaction_token).executeTakeFirstOrThrow();
    expect(row).toEqual({ c1: 'web-42', c2: null, product: 'Seed box', coin: null, fiat_amount_minor: 7550n });
    // The widget then chooses the coin as for any other payment.
    expect((await chooseCoin(t.app, details.transaction_token, 'ETH')).body.request_details).toMatchObject({ currency_1_iso: 'ETH', currency_options: null });
  });

  it('without product or order id: the default product, no c1', async () => {
    const answer = await mapi(t.app, 'POST', '/mapi/api/checkout', { merchant_id: MERCHANT, amount: '10.00', currency: 'EUR' });
    expect(answer.status).toBe(200);
    const row = await t.app.db.selectFrom('payments').select(['c1', 'product']).where('public_id', '=', answer.body.request_details.transaction_token).executeTakeFirstOrThrow();
    expect(row).toEqual({ c1: null, product: 'Merchandise' });
  });

  it('an unknown merchant is 404 "Merchant not recognized!" and creates nothing', async () => {
    const count = async () => (await t.app.db.selectFrom('payments').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    const answer = await mapi(t.app, 'POST', '/mapi/api/checkout', { ...BUTTON, merchant_id: 'mch_nobody_here' });
    expect(answer.status).toBe(404);
    expect(answer.body.error_message).toMatchObject({ code: 'merchant_not_recognized', message: 'Merchant not recognized!' });
    expect(await count()).toBe(before);
  });

  it.each([
    { case: 'a zero amount', body: { amount: '0.00' }, field: 'amount' },
    { case: 'three decimals of GBP', body: { amount: '1.005' }, field: 'amount' },
    { case: 'an amount as a number', body: { amount: 12 }, field: 'amount' },
    { case: 'a coin as the currency', body: { currency: 'BTC' }, field: 'currency' },
    { case: 'an order id of 201 characters', body: { order_id: 'x'.repeat(201) }, field: 'order_id' },
    { case: 'an unsupported language', body: { lang: 'fr' }, field: 'lang' },
  ])('refuses $case with 400 naming the field', async ({ body, field }) => {
    const answer = await mapi(t.app, 'POST', '/mapi/api/checkout', { ...BUTTON, ...body });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message.code).toBe('validation_failed');
    expect(Object.keys(answer.body.error_message.fields)).toEqual([field]);
  });

  it(`allows ${CHECKOUT_PER_MINUTE} payments a minute from one address, then 429 rate_limited; another address is not held back`, async () => {
    const from = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/mapi/api/checkout', headers: { host: 'localhost' }, remoteAddress: ip, payload: { ...BUTTON, order_id: randomUUID() } });
    const ip = '10.250.1.1';
    for (let index = 0; index < CHECKOUT_PER_MINUTE; index += 1) expect((await from(ip)).statusCode).toBe(200);
    const limited = await from(ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error_message.code).toBe('rate_limited');
    expect((await from('10.250.1.2')).statusCode).toBe(200);
  });
});
