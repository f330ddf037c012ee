// Prices, coupons and fees (spec §7 /checkout/getRates, /checkout/getChartRates, /coupons/validate,
// /transactions/getFees). The two /checkout reads are public and answer in the checkout envelope
// ({success, data}); the member app's price boards, the widget and the guest flow call them without
// a session. Prices are decimal strings: rates[A_B] is how many B one A buys, at the member's price.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { AssetSchema, Decimal, IsoTime, RateKeySchema, RatesRecord, required } from './fields.ts';
import { object } from './schema-kit.ts';

export const CHART_RANGES = ['1d', '7d', '30d', '1y'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const ChartRangeSchema = v.picklist(CHART_RANGES, `Choose one of: ${CHART_RANGES.join(', ')}.`);

export const OPERATIONS = ['buy', 'sell', 'trade', 'exchange'] as const;
/** buy: fiat -> crypto; sell: crypto -> fiat; trade: crypto -> crypto (enable_trade); exchange: fiat -> fiat (enable_exchange). */
export type Operation = (typeof OPERATIONS)[number];
export const OperationSchema = v.picklist(OPERATIONS, `Choose one of: ${OPERATIONS.join(', ')}.`);

const CouponCodeInput = v.pipe(v.string('Send the coupon code as text.'), v.trim(), v.maxLength(40, 'Use at most 40 characters.'));

export const CouponAnswerSchema = v.object({
  coupon_code: v.string(),
  /** Percent of the conversion fee waived, "0.00" to "100.00". */
  fee_discount_percent: Decimal,
  expires_at: v.nullable(IsoTime),
});
export type CouponAnswer = v.InferOutput<typeof CouponAnswerSchema>;

export const RatesAnswerSchema = v.object({
  rates: RatesRecord,
  /** When these prices were taken from the feed. */
  as_of: IsoTime,
  /** 'test' in test mode: the built-in moving test feed, which the UI labels. */
  source: v.picklist(['test', 'live']),
  /** Seconds a quote made now holds its price. */
  quote_ttl_s: v.number(),
  coupon: v.optional(CouponAnswerSchema),
});
export type RatesAnswer = v.InferOutput<typeof RatesAnswerSchema>;

/** A pair as BTC_EUR (the platform's form, as in getRates) or BTC-EUR; answers name it as BTC_EUR. */
export const ChartPairInput = v.pipe(
  v.string('Name the pair like BTC_EUR.'),
  v.regex(/^[A-Z]{3,4}[_-][A-Z]{3,4}$/, 'Use a pair like BTC_EUR (or BTC-EUR), in capitals.'),
  v.transform((pair) => pair.replace('-', '_')),
);

export const ChartRatesAnswerSchema = v.object({
  pair: RateKeySchema,
  range: ChartRangeSchema,
  /** Seconds between two points: 300 for 1d, 3600 for 7d, 14400 for 30d, 86400 for 1y. */
  step_s: v.number(),
  /** Oldest first. t: the start of the point's interval in unix seconds; price: the provider's price at its end (spread included, as getRates). */
  points: v.array(v.object({ t: v.number(), price: Decimal })),
  /** From the first point to the last, in percent with two decimals, e.g. "-1.23". */
  change: Decimal,
  /** 'test' in test mode: the history of the moving test feed. */
  source: v.picklist(['test', 'live']),
});
export type ChartRatesAnswer = v.InferOutput<typeof ChartRatesAnswerSchema>;
export type ChartPoint = ChartRatesAnswer['points'][number];

const AmountLimitsSchema = v.object({ minimum: Decimal, maximum: Decimal });
export type AmountLimits = v.InferOutput<typeof AmountLimitsSchema>;
const LimitsByAsset = v.record(AssetSchema, AmountLimitsSchema);

const OperationFeeSchema = v.object({
  /** Percent of the amount converted, e.g. "1.50"; the fee is charged in the source currency, rounded up. */
  percent: Decimal,
});
export type OperationFee = v.InferOutput<typeof OperationFeeSchema>;

export const FeesAnswerSchema = v.object({
  conversion: v.object({ buy: OperationFeeSchema, sell: OperationFeeSchema, trade: OperationFeeSchema, exchange: OperationFeeSchema }),
  /** Flat network or bank fee per withdrawal, in the withdrawn currency. */
  withdrawal: v.record(AssetSchema, Decimal),
  /** Percent charged on card deposits (wire deposits are free). */
  deposit_card_percent: Decimal,
  /** Least and most one conversion may move, in that currency (the same as limits_by_kind.conversion). */
  limits: LimitsByAsset,
  /** Per kind of movement: a conversion's source amount, a deposit, a withdrawal (fee excluded). */
  limits_by_kind: v.object({ conversion: LimitsByAsset, deposit: LimitsByAsset, withdrawal: LimitsByAsset }),
});
export type FeesAnswer = v.InferOutput<typeof FeesAnswerSchema>;

const EXAMPLE_TIME = '2026-11-23T10:00:00.000Z';

export const getRates = endpoint({
  id: 'rates.getRates',
  method: 'GET',
  base: 'main',
  path: 'checkout/getRates',
  caller: 'public',
  query: object({ coupon_code: v.optional(CouponCodeInput) }),
  answer: RatesAnswerSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'none',
  docs: {
    summary: 'Every price of the provider at the buyer\'s price, and a coupon\'s discount when one is named.',
    description: 'Cached for 5 seconds by shared caches unless a coupon is named. `source` is `test` in test mode (a moving test feed).',
    errors: ['rates_unavailable', 'coupon_invalid', 'provider_not_found', 'provider_not_configured'],
    example: {
      query: {},
      answer: { rates: { BTC_EUR: '87123.45', EUR_BTC: '0.00001147' }, as_of: EXAMPLE_TIME, source: 'test', quote_ttl_s: 30 },
    },
  },
});

export const getChartRates = endpoint({
  id: 'rates.getChartRates',
  method: 'GET',
  base: 'main',
  path: 'checkout/getChartRates',
  caller: 'public',
  query: object({
    pair: ChartPairInput,
    range: v.optional(ChartRangeSchema, '1d'),
  }),
  answer: ChartRatesAnswerSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'none',
  docs: {
    summary: 'The price history of one pair over a day, a week, a month or a year, oldest first, and its change over that time.',
    description:
      'Answered from the recorded history: 288 five-minute points for `1d`, 168 hourly for `7d`, 180 four-hourly for `30d`, 365 daily for `1y` ' +
      '(fewer while the history is younger). Prices are the provider\'s, the spread included, as in getRates. Cached for 30 seconds by shared caches.',
    errors: ['pair_not_supported', 'rates_unavailable', 'provider_not_found', 'provider_not_configured'],
    example: {
      query: { pair: 'BTC_EUR', range: '1d' },
      answer: {
        pair: 'BTC_EUR',
        range: '1d',
        step_s: 300,
        points: [
          { t: 1795600800, price: '87123.45' },
          { t: 1795601100, price: '87201.1' },
        ],
        change: '0.09',
        source: 'test',
      },
    },
  },
});

export const validateCoupon = endpoint({
  id: 'rates.validateCoupon',
  method: 'POST',
  base: 'main',
  path: 'coupons/validate',
  caller: 'member',
  body: object({ coupon_code: v.pipe(required(), v.maxLength(40, 'Use at most 40 characters.')) }),
  answer: CouponAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Checks a coupon code and says how much of the conversion fee it waives.',
    errors: ['coupon_invalid', 'unauthorized', 'invalid_session', 'double_auth_required'],
    example: { body: { coupon_code: 'WELCOME10' }, answer: { coupon_code: 'WELCOME10', fee_discount_percent: '10.00', expires_at: null } },
  },
});

export const getFees = endpoint({
  id: 'rates.getFees',
  method: 'GET',
  base: 'main',
  path: 'transactions/getFees',
  caller: 'member',
  answer: FeesAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The member\'s conversion fees, withdrawal fees, card deposit fee and the limits per kind of movement.',
    errors: ['unauthorized', 'invalid_session', 'double_auth_required'],
    example: {
      answer: {
        conversion: { buy: { percent: '1.50' }, sell: { percent: '1.50' }, trade: { percent: '1.00' }, exchange: { percent: '0.50' } },
        withdrawal: { BTC: '0.00010000', EUR: '1.00' },
        deposit_card_percent: '2.50',
        limits: { EUR: { minimum: '10.00', maximum: '10000.00' } },
        limits_by_kind: {
          conversion: { EUR: { minimum: '10.00', maximum: '10000.00' } },
          deposit: { EUR: { minimum: '10.00', maximum: '10000.00' } },
          withdrawal: { EUR: { minimum: '10.00', maximum: '10000.00' } },
        },
      },
    },
  },
});

export const RATES_ENDPOINTS = [getRates, getChartRates, validateCoupon, getFees];
