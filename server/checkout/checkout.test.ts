// The guest checkout through the app, on every test database: init prices the order on the server and
// sets the 12000 s flow cookie; the flow token reads and changes only its own checkout; billing, status
// transitions within core's rules, expiry of an abandoned checkout; and no other credential (a member's
// session, the console's cookie, another provider's flow token) opens a flow endpoint.

import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { FLOW_COOKIE_S } from '#core/constants.ts';
import { ORIGIN, randomIp, signIn } from '../identity/session-test-kit.ts';
import { hashToken } from '../identity/session-token.ts';
import { createTestOperator } from '../operators/test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { takeQuote } from '../conversions/quotes.ts';
import { repriceCheckout, takeCheckoutQuote } from './checkout-quote.ts';
import { sweepRetention } from '../maintenance/retention.ts';
import { expireAbandonedCheckouts } from './expire-checkouts.ts';
import { FLOW_COOKIE } from './flow-token.ts';

const ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const BILLING = {
  firstName: 'Ana',
  lastName: 'García',
  email: 'Ana@Example.com',
  mobile: '+34 600 123 456',
  dateOfBirth: '1990-04-12',
  billing: { address1: 'Calle Mayor 12', city: 'Madrid', country: 'es', zipCode: '28013' },
};

interface FlowCaller {
  token?: string;
  via?: 'cookie' | 'bearer';
  host?: string;
  headers?: Record<string, string>;
}

async function send(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, caller: FlowCaller = {}) {
  const headers: Record<string, string> = { host: caller.host ?? 'localhost', origin: ORIGIN, ...caller.headers };
  const options: InjectOptions = { method, url, headers, remoteAddress: randomIp() };
  if (caller.token !== undefined) {
    if ((caller.via ?? 'bearer') === 'bearer') headers.authorization = `Bearer ${caller.token}`;
    else options.cookies = { [FLOW_COOKIE]: caller.token };
  }
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(body);
  }
  const response = await app.inject(options);
  return { status: response.statusCode, body: response.json<any>(), response };
}

describe.each(testDatabases())('guest checkout on $name', ({ name }) => {
  const t = useTestApp(name);
  const init = (body: unknown = {}, host?: string) => send(t.app, 'POST', '/v1/checkout/init', body, host === undefined ? {} : { host });

  async function started(body: unknown = { cryptoAddress: ADDRESS }) {
    const answer = await init(body);
    expect(answer.status).toBe(200);
    return { id: answer.body.data.checkout._id as string, token: answer.body.data.flow_token as string, answer };
  }

  it('init with no fields starts 300.00 EUR of BTC by Credit Card, priced on the server, and sets the HttpOnly 12000 s flow cookie', async () => {
    const { token, answer } = await started({});
    expect(answer.body.success).toBe(true);
    const checkout = answer.body.data.checkout;
    expect(checkout).toMatchObject({ flow: 'buy', status: 'created', payment_status: null, step: 'details', payment_method: 'Credit Card', merchant_id: null, cryptoAddress: null });
    expect(checkout.fiatCurrency).toMatchObject({ currency: 'EUR', amount: '300.00' });
    expect(checkout.cryptoCurrency.currency).toBe('BTC');
    expect(Number(checkout.cryptoCurrency.amount)).toBeGreaterThan(0);
    expect(Number(checkout.fiatCurrency.fee)).toBeGreaterThan(0);
    expect(answer.body.data.expires_in_s).toBe(FLOW_COOKIE_S);
    const cookie = answer.response.cookies.find((c) => c.name === FLOW_COOKIE);
    expect(cookie).toMatchObject({ value: token, httpOnly: true, maxAge: 12_000, path: '/' });
    // Only the token's hash is stored.
    const sessions = await t.app.db.selectFrom('guest_checkout_sessions').select('token_hash').execute();
    expect(sessions.map((s) => s.token_hash)).toContain(hashToken(token));
    expect(sessions.map((s) => s.token_hash)).not.toContain(token);
  });

  it.each([
    { case: 'the test route default', body: { test: true }, status: 200, amount: '30.00' },
    { case: 'the test route maximum', body: { test: true, amount: '50' }, status: 200, amount: '50.00' },
    { case: 'above the test route maximum', body: { test: true, amount: '50.01' }, status: 400, code: 'amount_above_maximum' },
    { case: 'below the test route minimum', body: { test: true, amount: '29.99' }, status: 400, code: 'amount_below_minimum' },
    { case: 'an address of another network', body: { coin: 'ETH', cryptoAddress: ADDRESS }, status: 400, code: 'address_invalid' },
    { case: 'an unknown merchant', body: { merchant_id: 'mch_nobody_here' }, status: 404, code: 'merchant_not_recognized' },
    { case: 'a price sent by the browser', body: { amount: '300', rate: '1' }, status: 400, code: 'validation_failed' },
  ])('init with $case answers $status', async ({ body, status, amount, code }) => {
    const answer = await init(body);
    expect(answer.status).toBe(status);
    if (amount) expect(answer.body.data.checkout.fiatCurrency).toMatchObject({ amount, minimum: '30.00', maximum: '50.00' });
    if (code) expect(answer.body).toMatchObject({ success: false, error_message: { code } });
  });

  it('init → getCheckout → billing → pending → canceled, with getCheckoutCookie showing the server\'s figures', async () => {
    const { id, token } = await started({ coin: 'BTC', fiat: 'EUR', amount: '120.00', cryptoAddress: ADDRESS, merchant_id: t.seed!.merchant.merchantId });
    const read = await send(t.app, 'GET', `/v1/checkout/getCheckout/${id}`, undefined, { token, via: 'cookie' });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ _id: id, merchant_id: t.seed!.merchant.merchantId, cryptoAddress: ADDRESS, fiatCurrency: { amount: '120.00' } });

    const cookie = await send(t.app, 'GET', '/v1/getCheckoutCookie?is_flow=1', undefined, { token });
    expect(cookie.status).toBe(200);
    const details = cookie.body.request_details;
    expect(details.checkout_cookie).toMatchObject({ _id: id, payment_method: 'Credit Card', fiatCurrency: { currency: 'EUR', amount: '120.00' }, verified: { email: false, mobile: false, id: 3 } });
    expect(JSON.parse(details.transaction_data)).toMatchObject({ currency_1_amount: '120.00', currency_1_iso: 'EUR', currency_2_iso: 'BTC', currency_2_address: ADDRESS, payment_status: null });

    const billed = await send(t.app, 'POST', '/v1/checkout/billing', BILLING, { token, via: 'cookie' });
    expect(billed.status).toBe(200);
    expect(billed.body.data.user).toMatchObject({ firstName: 'Ana', email: 'ana@example.com', mobile: '+34600123456', dateOfBirth: '1990-04-12', billing: { country: 'ES', zipCode: '28013' } });
    expect(billed.body.data.step).toBe('payment');

    const pending = await send(t.app, 'PATCH', `/v1/checkout/status/${id}`, { status: 'pending' }, { token });
    expect(pending.body.data.status).toBe('pending');
    const canceled = await send(t.app, 'PATCH', `/v1/checkout/status/${id}`, { status: 'canceled' }, { token });
    expect(canceled.body.data.status).toBe('canceled');
    const again = await send(t.app, 'PATCH', `/v1/checkout/status/${id}`, { status: 'pending' }, { token });
    expect(again.status).toBe(409);
    expect(again.body.error_message.code).toBe('checkout_status_invalid');
    const lateBilling = await send(t.app, 'POST', '/v1/checkout/billing', BILLING, { token });
    expect(lateBilling.status).toBe(409);
  });

  it.each([
    { case: 'successful', status: 'successful' },
    { case: 'authorized', status: 'authorized' },
    { case: 'failed', status: 'failed' },
  ])('the flow cannot set $case itself', async ({ status }) => {
    const { id, token } = await started();
    const answer = await send(t.app, 'PATCH', `/v1/checkout/status/${id}`, { status }, { token });
    expect(answer.status).toBe(400);
    expect((await send(t.app, 'GET', `/v1/checkout/getCheckout/${id}`, undefined, { token })).body.data.status).toBe('created');
  });

  it.each([
    { case: 'missing email and a bad mobile', body: { ...BILLING, email: undefined, mobile: '600' }, fields: ['email', 'mobile'] },
    { case: 'an incomplete billing address', body: { ...BILLING, billing: { address1: 'Calle Mayor 12' } }, fields: ['billing.city', 'billing.country', 'billing.zipCode'] },
    { case: 'no date of birth', body: { ...BILLING, dateOfBirth: '' }, fields: ['dateOfBirth'] },
  ])('billing with $case is refused naming the fields', async ({ body, fields }) => {
    const { token } = await started();
    const answer = await send(t.app, 'POST', '/v1/checkout/billing', body, { token });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.error_message.fields ?? {})).toEqual(expect.arrayContaining(fields));
  });

  it('an abandoned checkout past its expiry answers checkout_expired and is marked expired', async () => {
    const { id, token } = await started();
    const row = await t.app.db.selectFrom('guest_checkouts').select('id').where('public_id', '=', id).executeTakeFirstOrThrow();
    await t.app.db.updateTable('guest_checkouts').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', row.id).execute();
    const answer = await send(t.app, 'GET', `/v1/checkout/getCheckout/${id}`, undefined, { token });
    expect(answer.status).toBe(410);
    expect(answer.body.error_message.code).toBe('checkout_expired');
    expect((await t.app.db.selectFrom('guest_checkouts').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status).toBe('expired');
    expect((await send(t.app, 'PATCH', `/v1/checkout/status/${id}`, { status: 'pending' }, { token })).status).toBe(410);
  });

  it('a flow token past its 12000 s is refused with flow_token_required', async () => {
    const { id, token } = await started();
    await t.app.db.updateTable('guest_checkout_sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', hashToken(token)).execute();
    const answer = await send(t.app, 'GET', `/v1/checkout/getCheckout/${id}`, undefined, { token });
    expect(answer.status).toBe(401);
    expect(answer.body.error_message.code).toBe('flow_token_required');
  });

  it('a flow token of one checkout cannot read or change another', async () => {
    const first = await started();
    const second = await started();
    const read = await send(t.app, 'GET', `/v1/checkout/getCheckout/${second.id}`, undefined, { token: first.token });
    expect(read.status).toBe(404);
    expect(read.body.error_message.code).toBe('checkout_not_found');
    const change = await send(t.app, 'PATCH', `/v1/checkout/status/${second.id}`, { status: 'canceled' }, { token: first.token });
    expect(change.status).toBe(404);
    expect((await send(t.app, 'GET', `/v1/checkout/getCheckout/${second.id}`, undefined, { token: second.token })).body.data.status).toBe('created');
  });

  it('the token is accepted JSON-stringified in the header, as spec §6 sends it', async () => {
    const { id, token } = await started();
    const answer = await send(t.app, 'GET', `/v1/checkout/getCheckout/${id}`, undefined, { token: JSON.stringify(token) });
    expect(answer.status).toBe(200);
  });

  describe('credentials that are not a flow token', () => {
    let id: string;
    let token: string;
    beforeAll(async () => {
      ({ id, token } = await started());
    });

    it('a member session (bearer or cookie) is refused on flow endpoints', async () => {
      const member = await signIn(t.app, t.seed!.member.email, t.seed!.member.password);
      const bearer = await send(t.app, 'GET', '/v1/getCheckoutCookie', undefined, { headers: { authorization: `Bearer ${member.credential}` } });
      expect(bearer.status).toBe(401);
      expect(bearer.body.error_message.code).toBe('flow_token_required');
      const cookie = await send(t.app, 'GET', '/v1/getCheckoutCookie', undefined, { headers: { cookie: `token=${member.credential}` } });
      expect(cookie.status).toBe(401);
    });

    it('the operator console cookie is refused on flow endpoints', async () => {
      const operator = await createTestOperator(t.app, 'admin');
      const answer = await send(t.app, 'GET', `/v1/checkout/getCheckout/${id}`, undefined, { headers: { cookie: operator.headers.cookie } });
      expect(answer.status).toBe(401);
      expect(answer.body.error_message.code).toBe('flow_token_required');
    });

    it('a flow token is refused at another provider\'s host', async () => {
      const answer = await send(t.app, 'GET', `/v1/checkout/getCheckout/${id}`, undefined, { token, host: 'wl2.localhost' });
      expect(answer.status).toBe(401);
    });

    it('a cookie-authenticated change from another origin is refused (CSRF)', async () => {
      const answer = await send(t.app, 'PATCH', `/v1/checkout/status/${id}`, { status: 'canceled' }, { token, via: 'cookie', headers: { origin: 'https://evil.example' } });
      expect(answer.status).toBe(403);
      expect((await send(t.app, 'GET', `/v1/checkout/getCheckout/${id}`, undefined, { token })).body.data.status).toBe('created');
    });

    it('no token at all is flow_token_required', async () => {
      const answer = await send(t.app, 'GET', '/v1/getCheckoutCookie');
      expect(answer.status).toBe(401);
      expect(answer.body.error_message.code).toBe('flow_token_required');
    });
  });

  it('the merchant reads answer this provider\'s merchant, public fields only', async () => {
    const merchantId = t.seed!.merchant.merchantId;
    const merchant = await send(t.app, 'GET', `/v1/checkout/merchant/${merchantId}`);
    expect(merchant.status).toBe(200);
    expect(Object.keys(merchant.body.data).sort()).toEqual(['logo_size', 'logo_url', 'merchant_id', 'name']);
    const fees = await send(t.app, 'GET', `/v1/checkout/merchant/fees/${merchantId}`);
    expect(fees.status).toBe(200);
    expect(fees.body.data).toMatchObject({ merchant_id: merchantId, fee_bps: 100, fee_percent: '1.00' });
    expect((await send(t.app, 'GET', `/v1/checkout/merchant/${merchantId}`, undefined, { host: 'wl2.localhost' })).status).toBe(404);
    expect((await send(t.app, 'GET', '/v1/checkout/merchant/mch_nobody_here')).status).toBe(404);
  });

  describe('the checkout\'s price is a single-use quote', () => {
    const rowOf = (id: string) => t.app.db.selectFrom('guest_checkouts').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();
    const take = (row: { id: bigint; provider_id: bigint }, now = new Date()) => t.app.db.transaction().execute((trx) => takeCheckoutQuote(trx, row, now));

    it('init records a quote owned by the checkout with the figures it answered, taken once only', async () => {
      const { id, answer } = await started({ amount: '150.00' });
      const row = await rowOf(id);
      const quotes = await t.app.db.selectFrom('quotes').selectAll().where('checkout_id', '=', row.id).execute();
      expect(quotes).toHaveLength(1);
      expect(quotes[0]).toMatchObject({ user_id: null, operation: 'buy', from_asset: 'EUR', to_asset: 'BTC', from_amount_minor: 15_000n, fee_minor: row.fee_minor, to_amount_minor: row.crypto_amount_minor, rate: answer.body.data.checkout.rate });
      const first = await take(row);
      expect(first).toMatchObject({ ok: true, quote: { fromAmountMinor: 15_000n, toAmountMinor: row.crypto_amount_minor } });
      expect(await take(row)).toEqual({ ok: false, code: 'quote_not_found' });
    });

    it('an expired price is refused, and a reprice gives a new quote the payment can take', async () => {
      const { id } = await started();
      const row = await rowOf(id);
      const later = new Date(Date.now() + (t.app.rates.quoteTtlS + 1) * 1000);
      expect(await take(row, later)).toEqual({ ok: false, code: 'quote_expired' });
      const repriced = await repriceCheckout(t.app.db, t.app.rates, row, later);
      expect(repriced.ok).toBe(true);
      expect(await take(row, later)).toMatchObject({ ok: true, quote: { fromAmountMinor: row.fiat_amount_minor } });
    });

    it('a member cannot take a checkout\'s quote as their own', async () => {
      const { id } = await started();
      const row = await rowOf(id);
      const quote = await t.app.db.selectFrom('quotes').select('public_id').where('checkout_id', '=', row.id).executeTakeFirstOrThrow();
      const member = await t.app.db.selectFrom('users').select('id').where('email', '=', t.seed!.member.email).executeTakeFirstOrThrow();
      const taken = await t.app.db.transaction().execute((trx) => takeQuote(trx, { quoteId: quote.public_id, userId: member.id, providerId: row.provider_id }));
      expect(taken).toEqual({ ok: false, code: 'quote_not_found' });
      expect((await take(row)).ok).toBe(true);
    });
  });

  it('the sweep expires abandoned open checkouts only, and retention later removes their flow tokens\' hashes', async () => {
    const abandoned = await started();
    const canceled = await started();
    const live = await started();
    await send(t.app, 'PATCH', `/v1/checkout/status/${canceled.id}`, { status: 'canceled' }, { token: canceled.token });
    const statusOf = async (id: string) => (await t.app.db.selectFrom('guest_checkouts').select('status').where('public_id', '=', id).executeTakeFirstOrThrow()).status;
    const later = new Date(Date.now() + (FLOW_COOKIE_S + 1) * 1000);
    await t.app.db.updateTable('guest_checkouts').set({ expires_at: later }).where('public_id', '=', live.id).execute();
    expect(await expireAbandonedCheckouts(t.app.db, new Date(later.getTime() - 1000))).toBeGreaterThanOrEqual(1);
    expect(await statusOf(abandoned.id)).toBe('expired');
    expect(await statusOf(canceled.id)).toBe('canceled');
    expect(await statusOf(live.id)).toBe('created');

    const hashes = async () => (await t.app.db.selectFrom('guest_checkout_sessions').select('token_hash').execute()).map((row) => row.token_hash);
    expect(await hashes()).toContain(hashToken(abandoned.token));
    await sweepRetention(t.app.db, new Date(Date.now() + (FLOW_COOKIE_S + 86_400 + 60) * 1000));
    expect(await hashes()).not.toContain(hashToken(abandoned.token));
    expect(await statusOf(abandoned.id)).toBe('expired');
  });
});
