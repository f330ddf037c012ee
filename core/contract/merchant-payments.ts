// The merchant API's payments (spec §7 "Merchant API"): the merchant's server creates, cancels and
// mails payments with its secret key (Authorization: Bearer sk_..., each with an Idempotency-Key so a
// retry never makes a second one); the widget and the pay button read and drive one payment with only
// the publishable merchant_id and the payment's token, since a browser must never hold the secret key.
// Amounts are decimal strings; coin amounts have 8 decimals. The answers are in payment-answers.ts.

import * as v from 'valibot';
import { RETURN_URL_MAX_LENGTH, returnUrlProblem } from '../payments/return-url.ts';
import { TRANSACTION_TOKEN_PATTERN } from '../payments/widget-payment-ids.ts';
import { endpoint } from './endpoint.ts';
import { AmountInputSchema, CryptoSchema, EmailSchema, FiatSchema } from './fields.ts';
import { MerchantIdSchema } from './merchant-info.ts';
import { EXAMPLE_CREATED, EXAMPLE_PRICED, EXAMPLE_STATUS, EXAMPLE_TOKEN, EXAMPLE_UNPRICED } from './merchant-payments-examples.ts';
import { ReceiptAnswerSchema, SendLinkAnswerSchema, TransactionAnswerSchema, TransactionStatusAnswerSchema } from './payment-answers.ts';
import { object } from './schema-kit.ts';

export {
  isPricedAnswer,
  type CurrencyOption,
  type PricedTransactionAnswer,
  type ReceiptAnswer,
  type SendLinkAnswer,
  type TopUp,
  type TransactionAnswer,
  type TransactionStatusAnswer,
  type UnpricedTransactionAnswer,
} from './payment-answers.ts';

/** Payment tokens: 'pay_' + 22 base64url characters (kept beside the widget's reading of an address). */
export { TRANSACTION_TOKEN_PATTERN };

const CustomField = v.optional(v.nullable(v.pipe(v.string('Send text.'), v.maxLength(200, 'Use at most 200 characters.'))));
const ProductField = v.optional(v.nullable(v.pipe(v.string('Send the product as text.'), v.maxLength(200, 'Use at most 200 characters.'))));
const LangField = v.picklist(['en', 'es'], 'Choose en or es.');

/**
 * Where the buyer returns after paying (Stripe's success_url), for this payment only; without it the
 * merchant's widget_return_url. The test-mode rule is checked here (absolute http(s), at most 2000
 * characters); the server adds live mode's https-only rule, since only it knows the mode.
 */
export const ReturnUrlSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string('Send the return URL as text, such as "https://shop.example.com/thanks".'),
      v.trim(),
      v.maxLength(RETURN_URL_MAX_LENGTH, `Use at most ${RETURN_URL_MAX_LENGTH} characters for the return URL.`),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const problem = returnUrlProblem(dataset.value, 'test');
        // Too long is said once, by maxLength above.
        if (problem && dataset.value.length <= RETURN_URL_MAX_LENGTH) addIssue({ message: problem });
      }),
    ),
  ),
);

/**
 * The coin is optional: without one the payment waits for the buyer to choose it in the widget
 * (transaction/currency), and a coin amount without a coin means nothing.
 */
export const CreateTransactionSchema = v.pipe(
  object({
    merchant_id: MerchantIdSchema,
    currency_1_iso: v.optional(v.nullable(CryptoSchema)),
    /** Optional: the merchant names the coin amount itself; otherwise it comes from amount through the merchant's rates. */
    currency_1_amount: v.optional(v.nullable(AmountInputSchema)),
    currency: FiatSchema,
    amount: AmountInputSchema,
    transaction_product: ProductField,
    transaction_c1: CustomField,
    transaction_c2: CustomField,
    transaction_c3: CustomField,
    transaction_c4: CustomField,
    return_url: ReturnUrlSchema,
  }),
  v.forward(
    v.partialCheck(
      [['currency_1_iso'], ['currency_1_amount']],
      (input) => input.currency_1_amount == null || input.currency_1_iso != null,
      'Name the coin in currency_1_iso to give its amount, or leave currency_1_amount out and let the buyer choose the coin.',
    ),
    ['currency_1_amount'],
  ),
);
export type CreateTransactionInput = v.InferOutput<typeof CreateTransactionSchema>;

const TransactionIdSchema = v.pipe(v.string('Send the transaction_token as transaction_id.'), v.trim(), v.regex(TRANSACTION_TOKEN_PATTERN, 'Send the transaction_token (pay_...) as transaction_id.'));

/** One payment: the merchant's id and the payment's token (a token of another merchant is unknown). */
export const TransactionStatusSchema = object({ merchant_id: MerchantIdSchema, transaction_id: TransactionIdSchema });
export const ReceiptRequestSchema = TransactionStatusSchema;
export const ExpireTransactionSchema = TransactionStatusSchema;

export const ChooseCurrencySchema = object({ merchant_id: MerchantIdSchema, transaction_id: TransactionIdSchema, currency_1_iso: CryptoSchema });
export type ChooseCurrencyInput = v.InferOutput<typeof ChooseCurrencySchema>;

export const CHECKOUT_RETURN_URL_REFUSED =
  "The pay button returns buyers to the merchant's widget return URL. To send them elsewhere, create the transaction on your server with return_url.";

/** The script-tag pay button's order; order_id is kept as transaction_c1, lang is the widget's. */
export const CheckoutSchema = object({
  merchant_id: MerchantIdSchema,
  amount: AmountInputSchema,
  currency: FiatSchema,
  product: ProductField,
  order_id: CustomField,
  lang: v.optional(LangField),
  // Refused, not ignored: anyone can call this public endpoint, so a return_url here would let any page send a
  // merchant's buyers to a site of its choosing after they pay. The button returns them to the merchant's own
  // widget_return_url; a per-order return URL comes from the merchant's server (POST /mapi/api/transaction).
  return_url: v.optional(v.never(CHECKOUT_RETURN_URL_REFUSED)),
});
export type CheckoutInput = v.InferOutput<typeof CheckoutSchema>;

export const SendLinkSchema = object({
  merchant_id: MerchantIdSchema,
  transaction_id: TransactionIdSchema,
  email: EmailSchema,
  lang: v.optional(LangField, 'en'),
});

// ---- Endpoints ------------------------------------------------------------------------------

const EXAMPLE_MERCHANT = 'mch_demo_verdant';
const EXAMPLE_PAYMENT = { merchant_id: EXAMPLE_MERCHANT, transaction_id: EXAMPLE_TOKEN };
const IDEMPOTENCY_ERRORS = ['idempotency_key_reused', 'idempotency_in_flight'] as const;

export const createTransaction = endpoint({
  id: 'payments.createTransaction',
  method: 'POST',
  base: 'merchant',
  path: 'api/transaction',
  caller: 'merchant_secret',
  body: CreateTransactionSchema,
  answer: TransactionAnswerSchema,
  idempotency: true,
  rate: 'merchant_key',
  docs: {
    summary: 'Creates a payment for an order: priced in the coin you name, or waiting for the buyer to choose one.',
    description: 'With `currency_1_iso` the answer has the address, the coin amount and a link to the QR code (`qr`, an SVG image at GET api/transaction/qr), and the buyer has 900 s to pay. Without it the buyer chooses the coin in the widget within 3600 s.',
    errors: ['invalid_api_key', 'merchant_not_recognized', 'rates_unavailable', ...IDEMPOTENCY_ERRORS, 'coin_unavailable'],
    example: {
      body: { merchant_id: EXAMPLE_MERCHANT, currency_1_iso: 'BTC', currency: 'EUR', amount: '120.00', transaction_product: 'Garden rake', transaction_c1: 'order-17' },
      answer: EXAMPLE_CREATED,
    },
  },
});

export const transactionQr = endpoint({
  id: 'payments.transactionQr',
  method: 'GET',
  base: 'merchant',
  path: 'api/transaction/qr',
  caller: 'merchant_public',
  query: TransactionStatusSchema,
  answer: v.string(),
  format: 'svg',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: "A payment's QR code as an SVG image (the create's `qr` links here): it encodes the payment URI, the address and the amount due.",
    description: 'Made for an `<img src>` in a page or a mail. A payment keeps its address and amount, so the image never changes: it may be cached for a day.',
    errors: ['merchant_not_recognized', 'payment_not_found', 'payment_coin_not_chosen'],
    example: { query: EXAMPLE_PAYMENT, answer: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 41 41" shape-rendering="crispEdges">…</svg>' },
  },
});

export const expireTransaction = endpoint({
  id: 'payments.expireTransaction',
  method: 'POST',
  base: 'merchant',
  path: 'api/transaction/expire',
  caller: 'merchant_secret',
  body: ExpireTransactionSchema,
  answer: TransactionStatusAnswerSchema,
  idempotency: true,
  rate: 'merchant_key',
  docs: {
    summary: 'Cancels a payment nobody has paid yet; an expired one is answered as it is.',
    errors: ['invalid_api_key', 'merchant_not_recognized', 'payment_not_found', 'payment_not_open', ...IDEMPOTENCY_ERRORS],
    example: { body: EXAMPLE_PAYMENT, answer: { ...EXAMPLE_STATUS, status: 'expired' } },
  },
});

export const sendPaymentLink = endpoint({
  id: 'payments.sendLink',
  method: 'POST',
  base: 'merchant',
  path: 'api/sendlink',
  caller: 'merchant_secret',
  body: SendLinkSchema,
  answer: SendLinkAnswerSchema,
  idempotency: true,
  rate: 'merchant_key',
  docs: {
    summary: 'Mails the buyer a link to pay a payment that is still waiting for money, on our hosted page.',
    errors: ['invalid_api_key', 'merchant_not_recognized', 'payment_not_found', 'transaction_not_pending', ...IDEMPOTENCY_ERRORS],
    example: {
      body: { ...EXAMPLE_PAYMENT, email: 'buyer@example.com', lang: 'en' },
      answer: {
        sent: true,
        link: `https://pay.example.com/sys-widget/payment?merchant_id=${EXAMPLE_MERCHANT}&transaction_id=${EXAMPLE_TOKEN}`,
        expires_at: EXAMPLE_PRICED.expires_at,
      },
    },
  },
});

export const transactionStatus = endpoint({
  id: 'payments.transactionStatus',
  method: 'POST',
  base: 'merchant',
  path: 'api/transaction/status',
  caller: 'merchant_public',
  body: TransactionStatusSchema,
  answer: TransactionStatusAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Where a payment is in its lifecycle and how much has arrived; no address or QR code.',
    errors: ['merchant_not_recognized', 'payment_not_found'],
    example: { body: EXAMPLE_PAYMENT, answer: EXAMPLE_STATUS },
  },
});

export const transactionDetails = endpoint({
  id: 'payments.transactionDetails',
  method: 'POST',
  base: 'merchant',
  path: 'api/transaction/details',
  caller: 'merchant_public',
  body: TransactionStatusSchema,
  answer: TransactionAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'What the widget shows the buyer: the address, amounts and QR code, or the coins to choose from.',
    errors: ['merchant_not_recognized', 'payment_not_found', 'rates_unavailable'],
    example: { body: EXAMPLE_PAYMENT, answer: EXAMPLE_PRICED },
  },
});

export const chooseTransactionCurrency = endpoint({
  id: 'payments.chooseCurrency',
  method: 'POST',
  base: 'merchant',
  path: 'api/transaction/currency',
  caller: 'merchant_public',
  body: ChooseCurrencySchema,
  answer: TransactionAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The buyer chooses the coin: the payment is priced, gets a fresh address and 900 s to pay.',
    description: 'The same coin again answers the payment as it is; another coin is 409 currency_already_chosen.',
    errors: ['merchant_not_recognized', 'payment_not_found', 'currency_already_chosen', 'payment_not_open', 'rates_unavailable', 'coin_unavailable'],
    example: { body: { ...EXAMPLE_PAYMENT, currency_1_iso: 'BTC' }, answer: EXAMPLE_PRICED },
  },
});

export const transactionReceipt = endpoint({
  id: 'payments.transactionReceipt',
  method: 'POST',
  base: 'merchant',
  path: 'api/transaction/receipt',
  caller: 'merchant_public',
  body: ReceiptRequestSchema,
  answer: ReceiptAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The signed receipt of a settled payment, which the widget hands to the shop\'s page.',
    errors: ['merchant_not_recognized', 'payment_not_found', 'payment_not_settled'],
    example: {
      body: EXAMPLE_PAYMENT,
      answer: {
        receipt: { transaction_id: EXAMPLE_TOKEN, amount: '120.00', currency: 'EUR', status: 'settled', timestamp: 1795428000, signature: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=' },
      },
    },
  },
});

export const checkout = endpoint({
  id: 'payments.checkout',
  method: 'POST',
  base: 'merchant',
  path: 'api/checkout',
  caller: 'merchant_public',
  body: CheckoutSchema,
  answer: TransactionAnswerSchema,
  idempotency: false,
  rate: 'pay_button',
  docs: {
    summary: 'The pay button\'s payment, made from the publishable merchant id alone; the buyer then chooses the coin.',
    description: `A return_url is refused: ${CHECKOUT_RETURN_URL_REFUSED}`,
    errors: ['merchant_not_recognized', 'rates_unavailable'],
    example: { body: { merchant_id: EXAMPLE_MERCHANT, amount: '75.50', currency: 'GBP', product: 'Seed box', order_id: 'web-42', lang: 'en' }, answer: EXAMPLE_UNPRICED },
  },
});

export const MERCHANT_PAYMENTS_ENDPOINTS = [
  createTransaction,
  transactionQr,
  expireTransaction,
  transactionStatus,
  sendPaymentLink,
  transactionDetails,
  chooseTransactionCurrency,
  transactionReceipt,
  checkout,
];
