// The buy widget's calls on every test database: checkout/create starts a guest checkout as
// checkout/init does (priced on the server, the flow token answered and set) with the checkout id as
// transaction_token; the frame's flow token works as a bearer alone (no cookie, as in a third-party frame);
// and the completed order's receipt verifies the way a merchant's server checks it (standardwebhooks,
// the secret from PATCH /v1/users/updateWebhook), while an unpaid or merchant-less order has none.

import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderReceiptPayload, type OrderReceipt } from '#core/protocol.ts';
import { call, signIn } from '../identity/session-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { clearWithCodes } from './clear-test-kit.ts';
import { FLOW_COOKIE } from './flow-token.ts';
import { ADDRESS, BILLING, CARD, flowSend as send } from './checkout-test-kit.ts';

const MERCHANT = 'mch_demo_verdant';

let keys = 0;
const newKey = () => `buy-${Date.now()}-${(keys += 1)}`;

/** A call as the buy widget's frame makes it: the flow token as a bearer, never a cookie. */

/** What the merchant's server runs on order-completed's receipt; throws when it was not signed with `secret` or was altered. */
function verify(secret: string, receipt: OrderReceipt): unknown {
  return new Webhook(secret).verify(orderReceiptPayload(receipt), {
    'webhook-id': receipt.order_id,
    'webhook-timestamp': String(receipt.timestamp),
    'webhook-signature': receipt.signature,
  });
}

describe.each(testDatabases())('the buy widget\'s order on $name', ({ name }) => {
  const t = useTestApp(name);
  let session: string;

  beforeAll(async () => {
    session = (await signIn(t.app, t.seed!.merchant.email, t.seed!.merchant.password)).credential;
  });

  const create = (body: unknown) => send(t.app, 'POST', '/v1/checkout/create', null, body);

  /** The widget's journey up to a paid order: create, contact details, card (no 3-D Secure) authorised, the codes that capture it. */
  async function paidOrder(body: Record<string, unknown> = { coin: 'BTC', fiat: 'EUR', amount: '30.00', merchant_id: MERCHANT, cryptoAddress: ADDRESS }) {
    const created = await create(body);
    expect(created.status).toBe(200);
    const { transaction_token: id, flow_token: token } = created.body.request_details;
    expect((await send(t.app, 'POST', '/v1/checkout/billing', token, BILLING)).status).toBe(200);
    const paid = await send(t.app, 'POST', '/v1/paynet/deposit', token, { step: 'card', card: CARD }, newKey());
    expect(paid.body.data).toMatchObject({ outcome: 'authorized', checkout: { status: 'authorized' } });
    expect(await clearWithCodes(t.app, id, token)).toMatchObject({ status: 'successful', cleared: true });
    return { id: id as string, token: token as string };
  }

  it('answers the order in the envelope: its checkout id as transaction_token, priced on the server, with the flow token answered and set as the cookie', async () => {
    const created = await create({ coin: 'ETH', fiat: 'GBP', amount: '120.00', merchant_id: MERCHANT });
    expect(created.status).toBe(200);
    expect(created.body.request_status).toBe('1');
    const answer = created.body.request_details;
    expect(answer.transaction_token).toMatch(/^chk_[A-Za-z0-9_-]{22}$/);
    expect(answer.checkout).toMatchObject({ _id: answer.transaction_token, merchant_id: MERCHANT, status: 'created', fiatCurrency: { currency: 'GBP', amount: '120.00' }, cryptoCurrency: { currency: 'ETH' } });
    expect(Number(answer.checkout.fiatCurrency.fee)).toBeGreaterThan(0);
    expect(Number(answer.checkout.cryptoCurrency.amount)).toBeGreaterThan(0);
    expect(answer.expires_in_s).toBe(12_000);
    const cookie = created.response.cookies.find((c) => c.name === FLOW_COOKIE);
    expect(cookie).toMatchObject({ value: answer.flow_token, httpOnly: true });
    // The frame's later calls: the bearer alone opens the same checkout.
    const read = await send(t.app, 'GET', `/v1/checkout/getCheckout/${answer.transaction_token}`, answer.flow_token);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ _id: answer.transaction_token, fiatCurrency: { amount: '120.00' } });
  });

  it('without a merchant the provider sells on its own', async () => {
    const created = await create({ coin: 'BTC', fiat: 'EUR', amount: '50.00' });
    expect(created.status).toBe(200);
    expect(created.body.request_details.checkout.merchant_id).toBeNull();
  });

  it.each([
    { case: 'an unknown merchant', body: { coin: 'BTC', merchant_id: 'mch_nobody_here' }, status: 404, code: 'merchant_not_recognized' },
    { case: 'an address of another network', body: { coin: 'ETH', cryptoAddress: ADDRESS }, status: 400, code: 'address_invalid' },
    { case: 'an amount below the minimum', body: { coin: 'BTC', amount: '1.00' }, status: 400, code: 'amount_below_minimum' },
    { case: 'a price sent along', body: { coin: 'BTC', amount: '30.00', rate: '1' }, status: 400, code: 'validation_failed' },
    { case: 'a coin the platform does not sell', body: { coin: 'DOGE' }, status: 400, code: 'validation_failed' },
    { case: 'an amount as a number', body: { coin: 'BTC', amount: 30 }, status: 400, code: 'validation_failed' },
  ])('refuses $case ($code), creating nothing', async ({ body, status, code }) => {
    const before = await t.app.db.selectFrom('guest_checkouts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const answer = await create(body);
    expect(answer.status).toBe(status);
    expect(answer.body.error_message.code).toBe(code);
    const after = await t.app.db.selectFrom('guest_checkouts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('the completed order\'s receipt verifies with the merchant\'s webhook secret; a tampered figure or another secret does not', async () => {
    const patched = await call(t.app, 'PATCH', '/v1/users/updateWebhook', { webhook_url: null, rotate_secret: true }, { credential: session });
    const secret: string = patched.body.request_details.webhook_secret;
    const { id, token } = await paidOrder();
    const answer = await send(t.app, 'POST', `/v1/checkout/receipt/${id}`, token);
    expect(answer.status).toBe(200);
    const receipt: OrderReceipt = answer.body.request_details.receipt;
    const row = await t.app.db.selectFrom('guest_checkouts').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ order_id: id, amount: '30.00', currency: 'EUR', coin: 'BTC', status: 'successful' });
    expect(receipt.coin_amount).toBe((Number(row.crypto_amount_minor) / 1e8).toFixed(8));
    expect(Math.abs(receipt.timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(verify(secret, receipt)).toEqual({ order_id: id, amount: '30.00', currency: 'EUR', coin: 'BTC', coin_amount: receipt.coin_amount, status: 'successful' });
    expect(() => verify(secret, { ...receipt, coin_amount: '1.00000000' })).toThrow();
    expect(() => verify(secret, { ...receipt, amount: '3000.00' })).toThrow();
    const rotated = await call(t.app, 'PATCH', '/v1/users/updateWebhook', { webhook_url: null, rotate_secret: true }, { credential: session });
    expect(() => verify(rotated.body.request_details.webhook_secret, receipt)).toThrow();
  });

  it.each([
    ['an order not paid yet', 'unpaid', 409, 'checkout_not_completed'],
    ['a paid order opened without a merchant', 'no merchant', 409, 'checkout_receipt_unavailable'],
    ['another order\'s id', 'other', 404, 'checkout_not_found'],
    ['no flow token', 'no token', 401, 'flow_token_required'],
  ] as const)('has no receipt for %s', async (_, kind, status, code) => {
    let id: string;
    let token: string | null;
    if (kind === 'no merchant') ({ id, token } = await paidOrder({ coin: 'BTC', fiat: 'EUR', amount: '30.00', cryptoAddress: ADDRESS }));
    else {
      const created = (await create({ coin: 'BTC', amount: '30.00', merchant_id: MERCHANT })).body.request_details;
      ({ transaction_token: id, flow_token: token } = created);
      if (kind === 'other') id = (await create({ coin: 'BTC', merchant_id: MERCHANT })).body.request_details.transaction_token;
      if (kind === 'no token') token = null;
    }
    const answer = await send(t.app, 'POST', `/v1/checkout/receipt/${id}`, token);
    expect(answer.status).toBe(status);
    expect(answer.body.error_message.code).toBe(code);
  });

  it('a member\'s session is not a flow token for the receipt', async () => {
    const { id } = await paidOrder();
    const answer = await send(t.app, 'POST', `/v1/checkout/receipt/${id}`, session);
    expect(answer.status).toBe(401);
  });
});
