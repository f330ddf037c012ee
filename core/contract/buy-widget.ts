// The buy widget's calls (sys-buywidget, opened by PayKit.buy inside any website's page): its order,
// POST /v1/checkout/create (spec §7: request_details.transaction_token), and the signed receipt of a
// completed order, which the widget hands the merchant page with `order-completed`.
//
// checkout/create is checkout/init for a frame: the same start (server/checkout/checkouts.ts
// startCheckout, priced on the server), answered in the envelope with the checkout id as
// `transaction_token` and the flow token in the body. Inside a third-party frame the browser does not
// send the HttpOnly flow cookie (SameSite, third-party cookie blocking), so the frame keeps the flow token
// in its own sessionStorage and sends it as `Authorization: Bearer` (never in a URL).

import * as v from 'valibot';
import { CRYPTO_DISPLAY_NAMES } from '../assets.ts';
import { EXAMPLE_FILLED } from './checkout.ts';
import { CheckoutIdSchema, CheckoutSchema, FLOW_TOKEN_PATTERN } from './checkout.ts';
import { endpoint } from './endpoint.ts';
import { AmountInputSchema, CryptoSchema, Decimal, FiatSchema } from './fields.ts';
import { MerchantIdSchema } from './merchant-info.ts';
import { object, strictObject } from './schema-kit.ts';

const Text = v.pipe(v.string('Send text.'), v.trim(), v.maxLength(200, 'Use at most 200 characters.'));

/** What the buy widget's SDK parameters (and the visitor's edits) ask for; the server prices it. Strict: a price or fee sent along is refused. */
export const CheckoutCreateBodySchema = strictObject({
  coin: v.optional(CryptoSchema),
  fiat: v.optional(FiatSchema),
  /** What the visitor pays, fee included; default 300.00. */
  amount: v.optional(AmountInputSchema),
  /** The merchant whose page opened the widget (publishable id of this provider); absent: the provider sells on its own. */
  merchant_id: v.optional(MerchantIdSchema),
  /** Where the coins go; checked for the coin's network. */
  cryptoAddress: v.optional(Text),
});
export type CheckoutCreateBody = v.InferOutput<typeof CheckoutCreateBodySchema>;

export const CheckoutCreateAnswerSchema = v.object({
  /** The order: the checkout id ("chk_…"), what order-created and the receipt call order_id. */
  transaction_token: v.string(),
  checkout: CheckoutSchema,
  /** The flow token for the frame's later calls, as `Authorization: Bearer <flow_token>`; also set as the HttpOnly cookie where cookies are sent. */
  flow_token: v.pipe(v.string(), v.regex(FLOW_TOKEN_PATTERN)),
  expires_in_s: v.number(),
});

/** core/protocol.ts OrderReceipt, as the server answers it. */
export const OrderReceiptSchema = v.object({
  order_id: v.string(),
  amount: Decimal,
  /** The fiat code, as core/protocol.ts types it (a string), like every receipt. */
  currency: v.string(),
  coin: v.string(),
  coin_amount: Decimal,
  status: v.literal('successful'),
  timestamp: v.number(),
  signature: v.string(),
});

const EXAMPLE_ID = EXAMPLE_FILLED._id;
const EXAMPLE_TOKEN = 'flw_Tq4Hn7Wc2Lx9Rb5Vm1Kd8Pf3Zs6Jg0Ya4Ue7Oi2NwXr';
const EXAMPLE_ORDER = {
  ...EXAMPLE_FILLED,
  merchant_id: 'mch_demo_verdant',
  fiatCurrency: { ...EXAMPLE_FILLED.fiatCurrency, amount: '100.00', fee: '1.50' },
  cryptoCurrency: { currency: 'BTC' as const, currency_displayName: CRYPTO_DISPLAY_NAMES.BTC, amount: '0.00159667' },
  user: { ...EXAMPLE_FILLED.user, firstName: '', lastName: '', email: '', mobile: '', dateOfBirth: '' },
};

export const checkoutCreate = endpoint({
  id: 'buyWidget.create',
  method: 'POST',
  base: 'main',
  path: 'checkout/create',
  caller: 'public',
  body: CheckoutCreateBodySchema,
  answer: CheckoutCreateAnswerSchema,
  // Like checkout/init: it moves no money (the payment calls take an Idempotency-Key), it creates a row.
  idempotency: false,
  rate: 'pay_button',
  docs: {
    summary: 'The buy widget\'s order: starts a guest checkout priced on the server (as checkout/init) and answers its id as transaction_token with the flow token.',
    description:
      'Every field is optional (300.00 EUR of BTC by default). `merchant_id` names the merchant whose page opened the widget: the widget shows it as the one who sells, and the completed order\'s receipt is signed with its webhook signing secret. The answer\'s `flow_token` goes with every later flow call as `Authorization: Bearer <flow_token>`: inside another site\'s frame the browser does not send the flow cookie (it is set too, for where it is sent). Keep it out of URLs.',
    errors: ['coin_unavailable', 'amount_below_minimum', 'amount_above_maximum', 'address_invalid', 'merchant_not_recognized', 'rates_unavailable', 'operation_disabled'],
    example: {
      body: { coin: 'BTC', fiat: 'EUR', amount: '100.00', merchant_id: 'mch_demo_verdant', cryptoAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' },
      answer: { transaction_token: EXAMPLE_ID, checkout: EXAMPLE_ORDER, flow_token: EXAMPLE_TOKEN, expires_in_s: 12_000 },
    },
  },
});

export const checkoutReceipt = endpoint({
  id: 'buyWidget.receipt',
  method: 'POST',
  base: 'main',
  path: 'checkout/receipt/{id}',
  caller: 'flow',
  params: object({ id: CheckoutIdSchema }),
  answer: v.object({ receipt: OrderReceiptSchema }),
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The signed receipt of the flow token\'s completed order (status successful), for the merchant whose page opened the buy widget.',
    description:
      'Signed like a webhook (Standard Webhooks) with that merchant\'s webhook signing secret: webhook-id = `order_id`, webhook-timestamp = `timestamp`, payload = `{"order_id","amount","currency","coin","coin_amount","status"}` as JSON in this key order. Only the merchant\'s server can verify it. A checkout started without a merchant has no one to sign for: `checkout_receipt_unavailable`.',
    errors: ['flow_token_required', 'checkout_not_found', 'checkout_expired', 'checkout_not_completed', 'checkout_receipt_unavailable'],
    example: {
      params: { id: EXAMPLE_ID },
      answer: {
        receipt: { order_id: EXAMPLE_ID, amount: '100.00', currency: 'EUR', coin: 'BTC', coin_amount: '0.00159667', status: 'successful', timestamp: 1795428000, signature: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=' },
      },
    },
  },
});

export const BUY_WIDGET_ENDPOINTS = [checkoutCreate, checkoutReceipt];
