// The merchant API's public reads (spec §7 "Merchant API"): who a merchant is and how its widget looks,
// its prices, the currencies it can price in and its markets. They take only the publishable
// merchant_id, so a shop's page or the widget may call them from a browser; nothing secret is answered.
// An unknown merchant_id is 404 merchant_not_recognized ('Merchant not recognized!', spec §5).

import * as v from 'valibot';
import { CRYPTO_DISPLAY_NAMES } from '../assets.ts';
import { endpoint } from './endpoint.ts';
import { CryptoSchema, Decimal, FiatSchema, IsoTime, RateKeySchema, RatesRecord } from './fields.ts';
import { object } from './schema-kit.ts';

export const MerchantIdSchema = v.pipe(
  v.string('Send your publishable merchant_id, such as "mch_demo_shop".'),
  v.trim(),
  v.nonEmpty('Send your publishable merchant_id, such as "mch_demo_shop".'),
  v.maxLength(64, 'The merchant_id is too long.'),
);

export const MerchantQuerySchema = object({ merchant_id: MerchantIdSchema });

export const RatesRequestSchema = object({
  merchant_id: MerchantIdSchema,
  currencies: v.pipe(
    v.array(v.pipe(v.string('Name each pair like "EUR_BTC".'), v.regex(/^[A-Z]{3,4}_[A-Z]{3,4}$/, 'Name each pair like "EUR_BTC".')), 'Send currencies as a list of pairs like ["EUR_BTC"].'),
    v.minLength(1, 'Name at least one pair.'),
    v.maxLength(100, 'Name at most 100 pairs.'),
  ),
});

export const MarketsRequestSchema = object({
  merchant_id: MerchantIdSchema,
  currency: v.optional(FiatSchema, 'EUR'),
});

/** The merchant's widget theme and details (spec §3 "Widget theme"), the spec's defaults filled in. */
export const WidgetSettingsAnswerSchema = v.object({
  widget_product_name: v.string(),
  widget_merchant_name: v.string(),
  widget_return_url: v.nullable(v.string()),
  widget_theme_logo_url: v.nullable(v.string()),
  widget_theme_primary_color: v.string(),
  widget_theme_secondary_color: v.string(),
  widget_logo_size: v.picklist(['Large', 'Medium', 'Small']),
});
export type WidgetSettingsAnswer = v.InferOutput<typeof WidgetSettingsAnswerSchema>;

const CoinSchema = v.object({ iso: CryptoSchema, name: v.string() });

export const MerchantAnswerSchema = v.object({
  merchant_id: v.string(),
  name: v.string(),
  widget: WidgetSettingsAnswerSchema,
  supported_coins: v.array(CoinSchema),
  /** True on the test network: the widget labels the payment and offers test coins. */
  test_mode: v.boolean(),
});
export type MerchantAnswer = v.InferOutput<typeof MerchantAnswerSchema>;

export const MerchantRatesAnswerSchema = v.object({
  rates: RatesRecord,
  as_of: IsoTime,
  source: v.picklist(['test', 'live']),
});
export type MerchantRatesAnswer = v.InferOutput<typeof MerchantRatesAnswerSchema>;

export const CurrenciesAnswerSchema = v.object({
  crypto: v.array(CoinSchema),
  fiat: v.array(v.object({ iso: FiatSchema, sign: v.string() })),
});
export type CurrenciesAnswer = v.InferOutput<typeof CurrenciesAnswerSchema>;

export const MarketsAnswerSchema = v.object({
  currency: FiatSchema,
  as_of: IsoTime,
  /** One per coin: the merchant's price of one coin in the currency, and the market's mid (no spread). */
  markets: v.array(v.object({ pair: RateKeySchema, coin: CryptoSchema, price: Decimal, mid: Decimal })),
});
export type MarketsAnswer = v.InferOutput<typeof MarketsAnswerSchema>;

const EXAMPLE_MERCHANT = 'mch_demo_verdant';
const EXAMPLE_TIME = '2026-11-23T10:00:00.000Z';
const EXAMPLE_COINS = (['BTC', 'ETH', 'USDC'] as const).map((iso) => ({ iso, name: CRYPTO_DISPLAY_NAMES[iso] }));

export const getMerchant = endpoint({
  id: 'merchant.getMerchant',
  method: 'GET',
  base: 'merchant',
  path: 'api/merchant',
  caller: 'merchant_public',
  query: MerchantQuerySchema,
  answer: MerchantAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The merchant\'s name, its widget\'s theme and the coins its buyers can pay in.',
    errors: ['merchant_not_recognized'],
    example: {
      query: { merchant_id: EXAMPLE_MERCHANT },
      answer: {
        merchant_id: EXAMPLE_MERCHANT,
        name: 'Fernhill Supply',
        widget: {
          widget_product_name: 'Merchandise',
          widget_merchant_name: 'Fernhill Supply',
          widget_return_url: 'https://shop.example.com/thanks',
          widget_theme_logo_url: null,
          widget_theme_primary_color: '#053f2e',
          widget_theme_secondary_color: '#096e52',
          widget_logo_size: 'Large',
        },
        supported_coins: EXAMPLE_COINS,
        test_mode: true,
      },
    },
  },
});

export const getMerchantRates = endpoint({
  id: 'merchant.getRates',
  method: 'GET',
  base: 'merchant',
  path: 'api/rates',
  caller: 'merchant_public',
  query: MerchantQuerySchema,
  answer: MerchantRatesAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Every pair at the merchant\'s prices: rates[A_B] is how many B one A buys.',
    errors: ['merchant_not_recognized', 'rates_unavailable'],
    example: {
      query: { merchant_id: EXAMPLE_MERCHANT },
      answer: { rates: { BTC_EUR: '87123.45', EUR_BTC: '0.00001147' }, as_of: EXAMPLE_TIME, source: 'test' },
    },
  },
});

export const pickMerchantRates = endpoint({
  id: 'merchant.pickRates',
  method: 'POST',
  base: 'merchant',
  path: 'api/rates',
  caller: 'merchant_public',
  body: RatesRequestSchema,
  answer: MerchantRatesAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The named pairs only, at the merchant\'s prices.',
    errors: ['merchant_not_recognized', 'pair_not_supported', 'rates_unavailable'],
    example: {
      body: { merchant_id: EXAMPLE_MERCHANT, currencies: ['EUR_BTC'] },
      answer: { rates: { EUR_BTC: '0.00001147' }, as_of: EXAMPLE_TIME, source: 'test' },
    },
  },
});

export const listMerchantCurrencies = endpoint({
  id: 'merchant.currencies',
  method: 'POST',
  base: 'merchant',
  path: 'api/currencies',
  caller: 'merchant_public',
  body: MerchantQuerySchema,
  answer: CurrenciesAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The coins buyers can pay in and the currencies a payment can be priced in.',
    errors: ['merchant_not_recognized'],
    example: {
      body: { merchant_id: EXAMPLE_MERCHANT },
      answer: { crypto: EXAMPLE_COINS, fiat: [{ iso: 'EUR', sign: '€' }, { iso: 'GBP', sign: '£' }] },
    },
  },
});

export const listMerchantMarkets = endpoint({
  id: 'merchant.markets',
  method: 'POST',
  base: 'merchant',
  path: 'api/markets',
  caller: 'merchant_public',
  body: MarketsRequestSchema,
  answer: MarketsAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Each coin\'s price in one currency (EUR unless named) at the merchant\'s prices, and the market\'s mid.',
    errors: ['merchant_not_recognized', 'rates_unavailable'],
    example: {
      body: { merchant_id: EXAMPLE_MERCHANT, currency: 'EUR' },
      answer: { currency: 'EUR', as_of: EXAMPLE_TIME, markets: [{ pair: 'BTC_EUR', coin: 'BTC', price: '87123.45', mid: '86690.00' }] },
    },
  },
});

export const MERCHANT_INFO_ENDPOINTS = [getMerchant, getMerchantRates, pickMerchantRates, listMerchantCurrencies, listMerchantMarkets];
