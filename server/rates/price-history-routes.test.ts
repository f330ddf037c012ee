// The two HTTP reads of the price history, on an app that seeds the test feed's year at start (as
// `npm start` does in test mode): the checkout's getChartRates and the merchant API's GET api/markets.

import { describe, expect, it } from 'vitest';
import { call } from '../identity/session-test-kit.ts';
import { mapi } from '../payments/payment-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('price history over HTTP on $name', ({ name }) => {
  const t = useTestApp(name, { priceHistory: true });

  it('the app seeded every asset\'s history on start', async () => {
    const assets = await t.database.db.selectFrom('price_bars').select('asset').distinct().where('resolution', '=', 'd').orderBy('asset').execute();
    expect(assets.map((row) => row.asset)).toEqual(['AUD', 'BCH', 'BTC', 'CAD', 'CHF', 'ETH', 'EUR', 'GBP', 'LTC', 'USDC', 'USDT']);
  });

  describe('GET /v1/checkout/getChartRates', () => {
    it.each([
      ['1d', 288, 300],
      ['7d', 168, 3600],
      ['30d', 180, 14_400],
      ['1y', 365, 86_400],
    ])('%s answers %i points %i s apart, oldest first, with the change, labelled as the test feed', async (range, count, stepS) => {
      const { status, body, response } = await call(t.app, 'GET', `/v1/checkout/getChartRates?pair=BTC_EUR&range=${range}`);
      expect(status).toBe(200);
      const data = (body as any).data;
      expect((body as any).success).toBe(true);
      expect(data).toMatchObject({ pair: 'BTC_EUR', range, step_s: stepS, source: 'test' });
      expect(data.points).toHaveLength(count);
      expect(data.points[1].t - data.points[0].t).toBe(stepS);
      expect(Number(data.points[0].price)).toBeGreaterThan(30_000);
      expect(data.change).toMatch(/^-?\d+\.\d\d$/);
      expect(response.headers['cache-control']).toBe('public, max-age=30');
    });

    it('takes BTC-EUR as well, answers it as BTC_EUR, and defaults to 1d', async () => {
      const { body } = await call(t.app, 'GET', '/v1/checkout/getChartRates?pair=BTC-EUR');
      expect((body as any).data).toMatchObject({ pair: 'BTC_EUR', range: '1d', step_s: 300 });
    });

    it('a crypto priced in each fiat, and the inverse pair', async () => {
      for (const fiat of ['EUR', 'USD', 'GBP', 'CAD', 'AUD', 'CHF']) {
        const { status, body } = await call(t.app, 'GET', `/v1/checkout/getChartRates?pair=ETH_${fiat}&range=7d`);
        expect(status).toBe(200);
        expect((body as any).data.points).toHaveLength(168);
      }
      const inverse = await call(t.app, 'GET', '/v1/checkout/getChartRates?pair=EUR_BTC&range=30d');
      expect(Number((inverse.body as any).data.points[0].price)).toBeLessThan(0.0001);
    });

    it('prices per provider: wl2 (0.80 % spread) shows the last point about 0.3 % below wl1 (0.50 %)', async () => {
      const wl1 = (await call(t.app, 'GET', '/v1/checkout/getChartRates?pair=BTC_EUR&range=1y')).body as any;
      const wl2 = (await call(t.app, 'GET', '/v1/checkout/getChartRates?pair=BTC_EUR&range=1y', undefined, { host: 'wl2.localhost' })).body as any;
      // Daily closes: the same bars in both answers unless a day boundary passed between the calls.
      const ratio = Number(wl2.data.points[100].price) / Number(wl1.data.points[100].price);
      expect(ratio).toBeCloseTo(0.992 / 0.995, 9);
    });

    it.each([
      ['a pair of one asset', 'pair=BTC_BTC', 400, 'pair_not_supported'],
      ['an unknown asset', 'pair=XRP_EUR', 400, 'pair_not_supported'],
      ['a pair in small letters', 'pair=btc-eur', 400, 'validation_failed'],
      ['a pair without a separator', 'pair=BTCEUR', 400, 'validation_failed'],
      ['an unknown range', 'pair=BTC_EUR&range=2w', 400, 'validation_failed'],
      ['no pair', 'range=1d', 400, 'validation_failed'],
    ])('%s answers %i %s in the checkout envelope', async (_name, query, status, code) => {
      const answer = await call(t.app, 'GET', `/v1/checkout/getChartRates?${query}`);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ success: false, error_message: { code } });
    });

    it('a known pair without history answers 503 rates_unavailable', async () => {
      await t.database.db.deleteFrom('price_bars').where('asset', '=', 'BCH').execute();
      const answer = await call(t.app, 'GET', '/v1/checkout/getChartRates?pair=BCH_EUR');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ success: false, error_message: { code: 'rates_unavailable' } });
    });
  });

  describe('GET /mapi/api/markets', () => {
    it('answers each coin\'s price, mid and 24 h change in the asked currency, beside POST api/markets\' prices', async () => {
      const answer = await mapi(t.app, 'GET', '/mapi/api/markets?merchant_id=mch_demo_verdant&currency=GBP');
      expect(answer.status).toBe(200);
      const details = answer.body.request_details as any;
      expect(details).toMatchObject({ currency: 'GBP', source: 'test' });
      expect(details.markets.map((market: any) => market.pair)).toEqual(['BTC_GBP', 'LTC_GBP', 'ETH_GBP', 'BCH_GBP', 'USDT_GBP', 'USDC_GBP']);
      for (const market of details.markets) {
        expect(Number(market.price)).toBeLessThan(Number(market.mid));
        if (market.coin !== 'BCH') expect(market.change_24h).toMatch(/^-?\d+\.\d\d$/);
      }
      const posted = await mapi(t.app, 'POST', '/mapi/api/markets', { merchant_id: 'mch_demo_verdant', currency: 'GBP' });
      expect((posted.body.request_details as any).markets.map((market: any) => market.pair)).toEqual(details.markets.map((market: any) => market.pair));
    });

    it('defaults to EUR; a coin without history has no change yet', async () => {
      await t.database.db.deleteFrom('price_bars').where('asset', '=', 'BCH').execute();
      const details = (await mapi(t.app, 'GET', '/mapi/api/markets?merchant_id=mch_demo_verdant')).body.request_details as any;
      expect(details.currency).toBe('EUR');
      expect(details.markets.find((market: any) => market.coin === 'BCH').change_24h).toBeNull();
    });

    it.each([
      ['an unknown merchant', '?merchant_id=mch_nobody_here', 404, 'merchant_not_recognized'],
      ['no merchant_id', '', 400, 'validation_failed'],
      ['a currency that is not a fiat', '?merchant_id=mch_demo_verdant&currency=BTC', 400, 'validation_failed'],
    ])('%s answers %i %s', async (_name, query, status, code) => {
      const answer = await mapi(t.app, 'GET', `/mapi/api/markets${query}`);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ request_status: '0', error_message: { code } });
    });
  });
});
