import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../identity/session-test-kit.ts';
import { fund, newMember, providerIdOf } from '../rates/rates-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('rates and fees on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;

  describe('GET /v1/checkout/getRates', () => {
    it('answers every pair in the checkout envelope, labelled as the test feed, with the quote TTL', async () => {
      const { status, body, response } = await call(t.app, 'GET', '/v1/checkout/getRates');
      expect(status).toBe(200);
      const data = (body as any).data;
      expect((body as any).success).toBe(true);
      expect(data.source).toBe('test');
      expect(data.quote_ttl_s).toBe(30);
      expect(Object.keys(data.rates)).toHaveLength(132);
      expect(data.rates.EUR_BTC).toMatch(/^0\.0000\d+$/);
      expect(Number(data.rates.BTC_USD)).toBeGreaterThan(50_000);
      expect(new Date(data.as_of).getTime()).toBeLessThanOrEqual(Date.now());
      expect(response.headers['cache-control']).toBe('public, max-age=5');
    });

    it('prices per provider: wl2 has a wider spread, so its members get less BTC per EUR', async () => {
      const wl1 = (await call(t.app, 'GET', '/v1/checkout/getRates')).body as any;
      const wl2 = (await call(t.app, 'GET', '/v1/checkout/getRates', undefined, { host: 'wl2.localhost' })).body as any;
      // 0.80 % against 0.50 %: about 0.3 % less, far more than the test feed moves between two calls.
      const ratio = Number(wl2.data.rates.EUR_BTC) / Number(wl1.data.rates.EUR_BTC);
      expect(ratio).toBeGreaterThan(0.995);
      expect(ratio).toBeLessThan(0.999);
    });

    it('with a valid coupon adds the coupon, case-insensitively, and is not publicly cached', async () => {
      const { status, body, response } = await call(t.app, 'GET', '/v1/checkout/getRates?coupon_code=welcome10');
      expect(status).toBe(200);
      expect((body as any).data.coupon).toEqual({ coupon_code: 'WELCOME10', fee_discount_percent: '10.00', expires_at: null });
      expect(response.headers['cache-control']).toBe('private, no-store');
    });

    it.each([
      ['an unknown code', 'NOPE', 'localhost'],
      ["another provider's code", 'WELCOME20', 'localhost'],
      ['an expired code', 'OLD5', 'localhost'],
      ['a used-up code', 'ONCE', 'localhost'],
    ])('%s answers 404 coupon_invalid in the checkout envelope', async (_name, code, host) => {
      const providerId = await providerIdOf(db(), '1');
      await db()
        .insertInto('coupons')
        .values([
          { provider_id: providerId, code: 'OLD5', fee_discount_percent: '5', expires_at: new Date(Date.now() - 1000), max_uses: null },
          { provider_id: providerId, code: 'ONCE', fee_discount_percent: '5', expires_at: null, max_uses: 1, uses: 1 },
        ])
        .onConflict((conflict) => conflict.columns(['provider_id', 'code']).doNothing())
        .execute();
      const { status, body, response } = await call(t.app, 'GET', `/v1/checkout/getRates?coupon_code=${code}`, undefined, { host });
      expect(status).toBe(404);
      expect(body).toMatchObject({ success: false, error_message: { code: 'coupon_invalid' } });
      expect(response.headers['cache-control']).toBeUndefined();
    });

    it('an unknown host answers 404 provider_not_found', async () => {
      const { status, body } = await call(t.app, 'GET', '/v1/checkout/getRates', undefined, { host: 'nobody.example' });
      expect(status).toBe(404);
      expect(body).toMatchObject({ success: false, error_message: { code: 'provider_not_found' } });
    });
  });

  // GET /v1/checkout/getChartRates reads the recorded history: server/rates/price-history-routes.test.ts.

  describe('POST /v1/coupons/validate and GET /v1/transactions/getFees', () => {
    it('a member validates their provider coupon', async () => {
      const member = await newMember(t.app, db(), '2');
      const { status, body } = await call(t.app, 'POST', '/v1/coupons/validate', { coupon_code: ' welcome20 ' }, { credential: member.credential, host: member.host });
      expect(status).toBe(200);
      expect(body.request_details).toEqual({ coupon_code: 'WELCOME20', fee_discount_percent: '20.00', expires_at: null });
      const other = await call(t.app, 'POST', '/v1/coupons/validate', { coupon_code: 'WELCOME10' }, { credential: member.credential, host: member.host });
      expect(other.status).toBe(404);
      expect(other.body.error_message.code).toBe('coupon_invalid');
    });

    it('validate needs a session and a code', async () => {
      expect((await call(t.app, 'POST', '/v1/coupons/validate', { coupon_code: 'WELCOME10' })).status).toBe(401);
      const member = await newMember(t.app, db());
      const empty = await call(t.app, 'POST', '/v1/coupons/validate', { coupon_code: '' }, { credential: member.credential });
      expect(empty.status).toBe(400);
      expect(empty.body.error_message.fields.coupon_code).toBeDefined();
    });

    it('getFees answers the provider schedule: wl1 and wl2 differ', async () => {
      const one = await newMember(t.app, db(), '1');
      const two = await newMember(t.app, db(), '2');
      const fees1 = (await call(t.app, 'GET', '/v1/transactions/getFees', undefined, { credential: one.credential })).body.request_details;
      const fees2 = (await call(t.app, 'GET', '/v1/transactions/getFees', undefined, { credential: two.credential, host: two.host })).body.request_details;
      expect(fees1).toMatchObject({
        conversion: { buy: { percent: '1.50' }, sell: { percent: '1.50' }, trade: { percent: '1.00' }, exchange: { percent: '0.50' } },
        deposit_card_percent: '2.50',
        withdrawal: { BTC: '0.00010000', EUR: '1.00' },
        limits: { EUR: { minimum: '10.00', maximum: '20000.00' }, BTC: { minimum: '0.00010000', maximum: '5.00000000' } },
        limits_by_kind: {
          deposit: { EUR: { minimum: '10.00', maximum: '20000.00' }, BTC: { minimum: '0.00005000', maximum: '50.00000000' } },
          withdrawal: { EUR: { minimum: '20.00', maximum: '20000.00' }, BTC: { minimum: '0.00050000', maximum: '5.00000000' } },
        },
      });
      expect(fees1.limits_by_kind.conversion).toEqual(fees1.limits);
      expect(fees2).toMatchObject({
        conversion: { buy: { percent: '2.00' }, trade: { percent: '1.25' } },
        deposit_card_percent: '3.00',
        withdrawal: { BTC: '0.00020000', EUR: '2.50' },
        limits: { EUR: { minimum: '20.00', maximum: '5000.00' } },
      });
      expect(Object.keys(fees1.limits)).toHaveLength(12);
    });

    it('getFees needs a session', async () => {
      expect((await call(t.app, 'GET', '/v1/transactions/getFees')).status).toBe(401);
    });
  });
});

describe.each(testDatabases())('rates from Kraken (RATES_SOURCE=kraken) on $name', ({ name }) => {
  // The exchange is the boundary: its answers are the recorded fixtures, or a failure.
  const t = useTestApp(name, { env: { RATES_SOURCE: 'kraken' } });
  const ticker = readFileSync(join(import.meta.dirname, '..', 'rates', 'fixtures', 'kraken-ticker.json'), 'utf8');
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  // Order matters here on purpose: the adapter keeps a good answer for a few seconds, so the failures come first.

  it('getRates answers 503 rates_unavailable when the feed fails, and logs why', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    const { status, body } = await call(t.app, 'GET', '/v1/checkout/getRates');
    expect(status).toBe(503);
    expect(body).toEqual({ success: false, error_message: { code: 'rates_unavailable', message: 'Some problem occurred. please try again later.' } });
    expect(t.logs.text()).toContain('rate feed failed');
  });

  it('a quote answers 503 rates_unavailable when the feed fails, and stores nothing', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"error":["EService:Unavailable"]}', { status: 200 }));
    const member = await newMember(t.app, t.database.db);
    await fund(t.database.db, member, 'EUR', '100.00');
    const { status, body } = await call(t.app, 'POST', '/v1/transactions/quote', { operation: 'buy', from_currency: 'EUR', to_currency: 'BTC', amount: '50.00' }, { credential: member.credential });
    expect(status).toBe(503);
    expect(body.error_message.code).toBe('rates_unavailable');
    expect(await t.database.db.selectFrom('quotes').select('id').where('user_id', '=', member.userId).execute()).toEqual([]);
  });

  it('getRates answers the recorded prices, labelled live', async () => {
    vi.stubGlobal('fetch', async () => new Response(ticker, { status: 200, headers: { 'content-type': 'application/json' } }));
    const { status, body } = await call(t.app, 'GET', '/v1/checkout/getRates');
    expect(status).toBe(200);
    expect((body as any).data.source).toBe('live');
    // mid 61234.5 USD less 0.5 %
    expect((body as any).data.rates.BTC_USD).toBe('60928.3275');
  });
});
