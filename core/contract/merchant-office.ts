// The merchant's back office over its payments (member app /merchantTransactions): the list with search,
// filters and paging, the volume received per day and coin, the same list as CSV, and one payment in
// full with the chain payments seen and the webhook events sent for it. Callers are signed-in merchant
// users; a member without a merchant account gets 403 forbidden. A merchant only ever sees its own
// payments on its own provider.
//
// Amounts are decimal strings: fiat ones in the payment's own fiat (never re-priced), coin ones in the
// coin's decimals. A payment whose buyer has not chosen a coin yet has every coin field null.

import * as v from 'valibot';
import { CRYPTO } from '../assets.ts';
import { PAYMENT_EXCEPTIONS, PAYMENT_STATUSES } from '../payments/payment-rules.ts';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from './webhooks.ts';
import { endpoint } from './endpoint.ts';
import { CryptoSchema, Decimal, FiatSchema, IsoTime, isoDate, pageQuery } from './fields.ts';
import { object } from './schema-kit.ts';

export const MERCHANT_PAYMENT_STATUSES = PAYMENT_STATUSES;
export const MERCHANT_PAYMENT_COINS = CRYPTO;
/** The longest range the volume chart and the CSV cover. */
export const OFFICE_MAX_DAYS = 366;

const StatusSchema = v.picklist(PAYMENT_STATUSES, `Choose one of: ${PAYMENT_STATUSES.join(', ')}.`);
const ExceptionSchema = v.picklist(PAYMENT_EXCEPTIONS);

/** One payment as the back office lists it. */
export const MerchantPaymentSchema = v.object({
  /** The payment's public id (the transaction token the merchant API answers). */
  id: v.string(),
  /** transaction_c1: the merchant's own order id. */
  order_id: v.nullable(v.string()),
  product: v.string(),
  status: StatusSchema,
  exception: v.nullable(ExceptionSchema),
  fiat_currency: FiatSchema,
  fiat_amount: Decimal,
  coin: v.nullable(CryptoSchema),
  /** What the buyer must pay, in the coin. */
  amount_due: v.nullable(Decimal),
  /** Seen on the chain so far (confirmed or not). */
  amount_paid: v.nullable(Decimal),
  /** Confirmed on the chain. */
  amount_confirmed: v.nullable(Decimal),
  confirmations: v.number(),
  required_confirmations: v.nullable(v.number()),
  /** The platform's fee, in the coin, taken at settlement; null before. */
  fee: v.nullable(Decimal),
  /** What reached the merchant's balance at settlement, in the coin; null before. */
  credited: v.nullable(Decimal),
  address: v.nullable(v.string()),
  created_at: IsoTime,
  expires_at: IsoTime,
  settled_at: v.nullable(IsoTime),
});
export type MerchantPayment = v.InferOutput<typeof MerchantPaymentSchema>;

const SearchSchema = v.optional(v.pipe(v.string('Send the search as text.'), v.trim(), v.maxLength(200, 'Use at most 200 characters.')));

/** The filters the list and the CSV share: text search, status, coin and a range of days (UTC, inclusive). */
const filterEntries = {
  /** Matches the order id, the product, the payment id or the address (case-insensitive, part of it). */
  q: SearchSchema,
  status: v.optional(StatusSchema),
  coin: v.optional(CryptoSchema),
  from: v.optional(isoDate),
  to: v.optional(isoDate),
};

export const MerchantPaymentsQuerySchema = object({ ...filterEntries, ...pageQuery });
export type MerchantPaymentsQuery = v.InferInput<typeof MerchantPaymentsQuerySchema>;
export const MerchantPaymentsCsvQuerySchema = object(filterEntries);

/** Newest first. */
export const MerchantPaymentsPageSchema = v.object({
  payments: v.array(MerchantPaymentSchema),
  page: v.number(),
  per_page: v.number(),
  total: v.number(),
});
export type MerchantPaymentsPage = v.InferOutput<typeof MerchantPaymentsPageSchema>;

export const MerchantVolumeQuerySchema = object({ from: isoDate, to: isoDate });

/** Settled payments of one day in one coin and one fiat. */
export const VolumeDaySchema = v.object({
  /** The settlement's day (UTC), like 2026-11-23. */
  date: v.string(),
  coin: CryptoSchema,
  fiat_currency: FiatSchema,
  /** Sum of the payments' own fiat amounts. */
  fiat_amount: Decimal,
  /** Sum of what was confirmed on the chain, in the coin. */
  coin_amount: Decimal,
  count: v.number(),
});
export type VolumeDay = v.InferOutput<typeof VolumeDaySchema>;

export const VolumeTotalSchema = v.object({ fiat_currency: FiatSchema, fiat_amount: Decimal, count: v.number() });

/** The volume received (settled payments) in the range, by day and coin, oldest first, with totals per fiat. */
export const MerchantVolumeSchema = v.object({
  from: v.string(),
  to: v.string(),
  /** The merchant's account fiat: the currency the chart leads with. */
  currency: FiatSchema,
  days: v.array(VolumeDaySchema),
  totals: v.array(VolumeTotalSchema),
});
export type MerchantVolume = v.InferOutput<typeof MerchantVolumeSchema>;

export const MerchantPaymentDetailQuerySchema = object({
  payment: v.pipe(v.string('Send the payment id.'), v.trim(), v.nonEmpty('Send the payment id.'), v.maxLength(64, 'The payment id is too long.')),
});

/** One on-chain transfer to the payment's address. */
export const ChainPaymentSeenSchema = v.object({
  txid: v.string(),
  amount: Decimal,
  confirmations: v.number(),
  required_confirmations: v.number(),
  status: v.picklist(['detected', 'confirmed', 'dropped']),
  seen_at: IsoTime,
});
export type ChainPaymentSeen = v.InferOutput<typeof ChainPaymentSeenSchema>;

/** A webhook event sent about this payment, with its delivery attempts (newest event first). */
export const PaymentWebhookEventSchema = v.object({
  event_id: v.string(),
  type: v.picklist(WEBHOOK_EVENT_TYPES),
  status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
  attempts: v.number(),
  delivered_at: v.nullable(IsoTime),
  next_attempt_at: v.nullable(IsoTime),
  created_at: IsoTime,
  deliveries: v.array(
    v.object({
      attempt: v.number(),
      url: v.string(),
      status_code: v.nullable(v.number()),
      error: v.nullable(v.string()),
      duration_ms: v.number(),
      created_at: IsoTime,
    }),
  ),
});
export type PaymentWebhookEvent = v.InferOutput<typeof PaymentWebhookEventSchema>;

export const MerchantPaymentDetailSchema = v.object({
  payment: MerchantPaymentSchema,
  chain_payments: v.array(ChainPaymentSeenSchema),
  webhook_events: v.array(PaymentWebhookEventSchema),
});
export type MerchantPaymentDetail = v.InferOutput<typeof MerchantPaymentDetailSchema>;

const MERCHANT_ERRORS = ['unauthorized', 'invalid_session', 'double_auth_required', 'forbidden'] as const;
const EXAMPLE_TIME = '2026-11-23T10:00:00.000Z';

export const EXAMPLE_MERCHANT_PAYMENT: MerchantPayment = {
  id: 'pay_9fK2mQx7LrT4vB8nW3yZ1c',
  order_id: 'order-17',
  product: 'Rake',
  status: 'settled',
  exception: null,
  fiat_currency: 'EUR',
  fiat_amount: '120.00',
  coin: 'BTC',
  amount_due: '0.00137820',
  amount_paid: '0.00137820',
  amount_confirmed: '0.00137820',
  confirmations: 2,
  required_confirmations: 2,
  fee: '0.00001379',
  credited: '0.00136441',
  address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
  created_at: EXAMPLE_TIME,
  expires_at: '2026-11-23T10:15:00.000Z',
  settled_at: '2026-11-23T10:04:00.000Z',
};

export const listMerchantPayments = endpoint({
  id: 'merchantOffice.listPayments',
  method: 'GET',
  base: 'main',
  path: 'merchant/payments',
  caller: 'member',
  query: MerchantPaymentsQuerySchema,
  answer: MerchantPaymentsPageSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Your payments, newest first, searched and filtered by status, coin and dates, a page at a time.',
    description: '`q` matches part of the order id, product, payment id or address. `from`/`to` are UTC days, inclusive, on the creation time. `page` from 1, `per_page` 1 to 100 (default 20), in digits.',
    errors: ['validation_failed', ...MERCHANT_ERRORS],
    example: {
      query: { status: 'settled', coin: 'BTC', page: '1', per_page: '20' },
      answer: { payments: [EXAMPLE_MERCHANT_PAYMENT], page: 1, per_page: 20, total: 1 },
    },
  },
});

export const merchantPaymentsVolume = endpoint({
  id: 'merchantOffice.volume',
  method: 'GET',
  base: 'main',
  path: 'merchant/payments/volume',
  caller: 'member',
  query: MerchantVolumeQuerySchema,
  answer: MerchantVolumeSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'What your settled payments brought in, per settlement day and coin, with totals in each payment fiat.',
    description: `Fiat figures are the payments' own amounts, never re-priced. A range covers at most ${OFFICE_MAX_DAYS} days.`,
    errors: ['validation_failed', ...MERCHANT_ERRORS],
    example: {
      query: { from: '2026-11-01', to: '2026-11-30' },
      answer: {
        from: '2026-11-01',
        to: '2026-11-30',
        currency: 'EUR',
        days: [{ date: '2026-11-23', coin: 'BTC', fiat_currency: 'EUR', fiat_amount: '120.00', coin_amount: '0.00137820', count: 1 }],
        totals: [{ fiat_currency: 'EUR', fiat_amount: '120.00', count: 1 }],
      },
    },
  },
});

export const merchantPaymentsCsv = endpoint({
  id: 'merchantOffice.paymentsCsv',
  method: 'GET',
  base: 'main',
  path: 'merchant/payments/export',
  caller: 'member',
  query: MerchantPaymentsCsvQuerySchema,
  answer: v.string(),
  format: 'csv',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The payments the list shows for the same search and filters (every page, at most 10 000), as a CSV download.',
    errors: ['validation_failed', ...MERCHANT_ERRORS],
    example: {
      query: { status: 'settled', from: '2026-11-01', to: '2026-11-30' },
      answer:
        'payment_id,order_id,product,status,exception,fiat_currency,fiat_amount,coin,amount_due,amount_paid,amount_confirmed,confirmations,required_confirmations,fee,credited,address,created_at,settled_at\r\n',
    },
  },
});

export const merchantPaymentDetail = endpoint({
  id: 'merchantOffice.paymentDetail',
  method: 'GET',
  base: 'main',
  path: 'merchant/payments/detail',
  caller: 'member',
  query: MerchantPaymentDetailQuerySchema,
  answer: MerchantPaymentDetailSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'One of your payments in full: the chain transfers seen for it and the webhook events sent about it, with their delivery attempts.',
    errors: ['merchant_payment_not_found', 'validation_failed', ...MERCHANT_ERRORS],
    example: {
      query: { payment: EXAMPLE_MERCHANT_PAYMENT.id },
      answer: {
        payment: EXAMPLE_MERCHANT_PAYMENT,
        chain_payments: [
          { txid: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b', amount: '0.00137820', confirmations: 2, required_confirmations: 2, status: 'confirmed', seen_at: EXAMPLE_TIME },
        ],
        webhook_events: [
          {
            event_id: 'msg_2KWPBgLlAfxdpx2AI54pPJ',
            type: 'payment.settled',
            status: 'delivered',
            attempts: 1,
            delivered_at: '2026-11-23T10:04:01.000Z',
            next_attempt_at: null,
            created_at: '2026-11-23T10:04:00.000Z',
            deliveries: [{ attempt: 1, url: 'https://shop.example.com/hooks/payments', status_code: 200, error: null, duration_ms: 84, created_at: '2026-11-23T10:04:01.000Z' }],
          },
        ],
      },
    },
  },
});

export const MERCHANT_OFFICE_ENDPOINTS = [listMerchantPayments, merchantPaymentsVolume, merchantPaymentsCsv, merchantPaymentDetail];
