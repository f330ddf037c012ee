// Buying, selling, trading and exchanging (the conversion screens behind /buy, /sell, /trade and
// /exchange): a quote holds a price for quote_ttl_s seconds, and converting takes the quote once.
// The spec leaves these two calls to us; they sit under /transactions like the rest of the money.
// Amounts are decimal strings: the member types what they spend, fee included.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { AmountInputSchema, AssetSchema, Decimal, IsoTime, required } from './fields.ts';
import { OperationSchema } from './rates.ts';
import { object } from './schema-kit.ts';
import { EXAMPLE_TRANSACTION, TransactionDetailsAnswerSchema } from './transactions.ts';

export const QuoteSchema = object({
  operation: OperationSchema,
  from_currency: AssetSchema,
  to_currency: AssetSchema,
  /** What the member spends, in from_currency, fee included. */
  amount: AmountInputSchema,
  coupon_code: v.optional(v.pipe(v.string('Send the coupon code as text.'), v.trim(), v.maxLength(40, 'Use at most 40 characters.'))),
});

/** The price holds until expires_at. */
export const QuoteAnswerSchema = v.object({
  quote_id: v.string(),
  operation: OperationSchema,
  from_currency: AssetSchema,
  /** Spent in total, fee included. */
  from_amount: Decimal,
  fee: Decimal,
  fee_currency: AssetSchema,
  to_currency: AssetSchema,
  /** Received, rounded down. */
  to_amount: Decimal,
  rate: Decimal,
  expires_at: IsoTime,
  expires_in_s: v.number(),
});
export type QuoteAnswer = v.InferOutput<typeof QuoteAnswerSchema>;

export const ConvertSchema = object({ quote_id: v.pipe(required(), v.maxLength(64, 'The quote id is too long.')) });

const MEMBER_ERRORS = ['unauthorized', 'invalid_session', 'double_auth_required'] as const;

export const quote = endpoint({
  id: 'conversions.quote',
  method: 'POST',
  base: 'main',
  path: 'transactions/quote',
  caller: 'member',
  body: QuoteSchema,
  answer: QuoteAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The price of a buy, sell, trade or exchange of an amount, held for a few seconds; nothing moves yet.',
    description: 'trade (coin to coin) and exchange (fiat to fiat) need the provider\'s enable_trade and enable_exchange.',
    errors: [
      'pair_not_supported',
      'currency_not_supported',
      'amount_below_minimum',
      'amount_above_maximum',
      'operation_disabled',
      'insufficient_funds',
      'coupon_invalid',
      'rates_unavailable',
      'limit_exceeded',
      'provider_not_found',
      'provider_not_configured',
      ...MEMBER_ERRORS,
    ],
    example: {
      body: { operation: 'buy', from_currency: 'EUR', to_currency: 'BTC', amount: '50.00' },
      answer: {
        quote_id: 'qt_01JDQ8Z6K4M2N7P9R3S5T8V0WX',
        operation: 'buy',
        from_currency: 'EUR',
        from_amount: '50.00',
        fee: '0.75',
        fee_currency: 'EUR',
        to_currency: 'BTC',
        to_amount: '0.00056490',
        rate: '0.00001147',
        expires_at: '2026-11-23T10:00:30.000Z',
        expires_in_s: 30,
      },
    },
  },
});

export const convert = endpoint({
  id: 'conversions.convert',
  method: 'POST',
  base: 'main',
  path: 'transactions/convert',
  caller: 'member',
  body: ConvertSchema,
  answer: TransactionDetailsAnswerSchema,
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Converts at a quote\'s price; a quote converts at most once, and a retry with the same Idempotency-Key answers the same.',
    errors: ['quote_not_found', 'quote_expired', 'insufficient_funds', 'liquidity_unavailable', 'limit_exceeded', 'rates_unavailable', 'idempotency_key_reused', 'idempotency_in_flight', ...MEMBER_ERRORS],
    example: { body: { quote_id: 'qt_01JDQ8Z6K4M2N7P9R3S5T8V0WX' }, answer: { transaction: EXAMPLE_TRANSACTION } },
  },
});

export const CONVERSIONS_ENDPOINTS = [quote, convert];
