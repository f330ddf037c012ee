// The merchant API's market rates read (spec §7 "POST /api/markets; GET market rates"): beside POST
// api/markets (each coin's price now), GET api/markets answers the same prices with each coin's change
// over the last 24 hours, from the recorded price history. Public like the other merchant reads: it
// takes only the publishable merchant_id and answers nothing secret.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { CryptoSchema, Decimal, FiatSchema, IsoTime, RateKeySchema } from './fields.ts';
import { MarketsRequestSchema } from './merchant-info.ts';

export const MarketRatesAnswerSchema = v.object({
  currency: FiatSchema,
  as_of: IsoTime,
  /** 'test' in test mode: the moving test feed and its seeded history. */
  source: v.picklist(['test', 'live']),
  /**
   * One per coin buyers can pay in: the merchant's price of one coin in the currency, the market's mid,
   * and the change of the merchant's price over the last 24 hours in percent (null while the history is
   * younger than a day).
   */
  markets: v.array(v.object({ pair: RateKeySchema, coin: CryptoSchema, price: Decimal, mid: Decimal, change_24h: v.nullable(Decimal) })),
});
export type MarketRatesAnswer = v.InferOutput<typeof MarketRatesAnswerSchema>;

export const getMarketRates = endpoint({
  id: 'merchant.marketRates',
  method: 'GET',
  base: 'merchant',
  path: 'api/markets',
  caller: 'merchant_public',
  query: MarketsRequestSchema,
  answer: MarketRatesAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Each coin\'s price in one currency (EUR unless named) at the merchant\'s prices, the market\'s mid, and its change over 24 hours.',
    description: 'The change is computed from the recorded price history (getChartRates reads the same history).',
    errors: ['merchant_not_recognized', 'rates_unavailable'],
    example: {
      query: { merchant_id: 'mch_demo_verdant', currency: 'EUR' },
      answer: {
        currency: 'EUR',
        as_of: '2026-11-23T10:00:00.000Z',
        source: 'test',
        markets: [{ pair: 'BTC_EUR', coin: 'BTC', price: '86256.55', mid: '86690.00', change_24h: '-1.23' }],
      },
    },
  },
});

export const MARKETS_RATES_ENDPOINTS = [getMarketRates];
