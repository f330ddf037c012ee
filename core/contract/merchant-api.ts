// The merchant API's wire shapes (spec §7 "Merchant API", issue 5): what a merchant's server sends to
// /mapi/api/* and what it gets back. Amounts are decimal strings; the coin amount has 8 decimals.
// Server-to-server calls carry the secret key (Authorization: Bearer sk_...); the browser only ever
// sees the publishable merchant_id and a transaction token.
//
// Failures of the buyer-facing calls (error_message.code, core/errors.ts), besides 400 validation_failed:
//   transaction/currency  404 merchant_not_recognized / payment_not_found, 409 currency_already_chosen,
//                         409 payment_not_open, 503 rates_unavailable
//   transaction/receipt   404 merchant_not_recognized / payment_not_found, 409 payment_not_settled
//   checkout              404 merchant_not_recognized, 429 rate_limited, 503 rates_unavailable
// and of the merchant's own calls (secret key), besides 401 invalid_api_key:
//   transaction/expire    404 merchant_not_recognized / payment_not_found, 409 payment_not_open

import * as v from 'valibot';
import type { CryptoAsset, FiatAsset, RateKey } from '../assets.ts';
import type { PaymentException, PaymentStatus } from '../payments/payment-rules.ts';
import type { PaymentReceipt } from '../protocol.ts';
import { RETURN_URL_MAX_LENGTH, returnUrlProblem } from '../payments/return-url.ts';
import { AmountInputSchema, CryptoSchema, EmailSchema, FiatSchema } from './fields.ts';

export const MerchantIdSchema = v.pipe(
  v.string('Send your publishable merchant_id, such as "mch_demo_shop".'),
  v.trim(),
  v.nonEmpty('Send your publishable merchant_id, such as "mch_demo_shop".'),
  v.maxLength(64, 'The merchant_id is too long.'),
);

/** Payment tokens: 'pay_' + 22 base64url characters. */
export const TRANSACTION_TOKEN_PATTERN = /^pay_[A-Za-z0-9_-]{22}$/;

const CustomField = v.optional(v.nullable(v.pipe(v.string('Send text.'), v.maxLength(200, 'Use at most 200 characters.'))));

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

export const MerchantQuerySchema = v.object({ merchant_id: MerchantIdSchema });

export const RatesRequestSchema = v.object({
  merchant_id: MerchantIdSchema,
  currencies: v.pipe(
    v.array(v.pipe(v.string('Name each pair like "EUR_BTC".'), v.regex(/^[A-Z]{3,4}_[A-Z]{3,4}$/, 'Name each pair like "EUR_BTC".')), 'Send currencies as a list of pairs like ["EUR_BTC"].'),
    v.minLength(1, 'Name at least one pair.'),
    v.maxLength(100, 'Name at most 100 pairs.'),
  ),
});

export const MarketsRequestSchema = v.object({
  merchant_id: MerchantIdSchema,
  currency: v.optional(FiatSchema, 'EUR'),
});

/**
 * POST /mapi/api/transaction. The coin is optional: without one the payment waits for the buyer to choose
 * it in the widget (POST /mapi/api/transaction/currency), and a coin amount without a coin means nothing.
 */
export const CreateTransactionSchema = v.pipe(
  v.object({
    merchant_id: MerchantIdSchema,
    currency_1_iso: v.optional(v.nullable(CryptoSchema)),
    /** Optional: the merchant names the coin amount itself; otherwise it comes from amount through the merchant's rates. */
    currency_1_amount: v.optional(v.nullable(AmountInputSchema)),
    currency: FiatSchema,
    amount: AmountInputSchema,
    transaction_product: v.optional(v.nullable(v.pipe(v.string('Send the product as text.'), v.maxLength(200, 'Use at most 200 characters.')))),
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

/** Public reads of one payment (details, status, receipt): the publishable merchant id and the token. */
export const TransactionStatusSchema = v.object({
  merchant_id: MerchantIdSchema,
  transaction_id: TransactionIdSchema,
});

/** POST /mapi/api/transaction/receipt (public): the signed receipt of a settled payment. */
export const ReceiptRequestSchema = TransactionStatusSchema;

/**
 * POST /mapi/api/transaction/expire (secret key, Idempotency-Key): the merchant cancels a payment nobody
 * has paid yet (like Stripe's "expire a Checkout Session"). Answers the TransactionStatusAnswer.
 */
export const ExpireTransactionSchema = TransactionStatusSchema;

/** POST /mapi/api/transaction/currency (public): the buyer chooses the coin of a payment created without one. */
export const ChooseCurrencySchema = v.object({
  merchant_id: MerchantIdSchema,
  transaction_id: TransactionIdSchema,
  currency_1_iso: CryptoSchema,
});
export type ChooseCurrencyInput = v.InferOutput<typeof ChooseCurrencySchema>;

export const CHECKOUT_RETURN_URL_REFUSED =
  "The pay button returns buyers to the merchant's widget return URL. To send them elsewhere, create the transaction on your server with return_url.";

/**
 * POST /mapi/api/checkout (public, rate-limited per address): the script-tag pay button, which knows only
 * the publishable merchant id, creates a payment without a coin itself (like BTCPay Server's pay button).
 * order_id is kept as transaction_c1; lang is the widget's, accepted so the button can pass its options on.
 */
export const CheckoutSchema = v.object({
  merchant_id: MerchantIdSchema,
  amount: AmountInputSchema,
  currency: FiatSchema,
  product: v.optional(v.nullable(v.pipe(v.string('Send the product as text.'), v.maxLength(200, 'Use at most 200 characters.')))),
  order_id: CustomField,
  lang: v.optional(v.picklist(['en', 'es'], 'Choose en or es.')),
  // Refused, not ignored: anyone can call this public endpoint, so a return_url here would let any page send a
  // merchant's buyers to a site of its choosing after they pay. The button returns them to the merchant's own
  // widget_return_url; a per-order return URL comes from the merchant's server (POST /mapi/api/transaction).
  return_url: v.optional(v.never(CHECKOUT_RETURN_URL_REFUSED)),
});
export type CheckoutInput = v.InferOutput<typeof CheckoutSchema>;

/** POST /mapi/api/sendlink: mail the buyer a link to pay this (still new) payment on our hosted page. */
export const SendLinkSchema = v.object({
  merchant_id: MerchantIdSchema,
  transaction_id: TransactionIdSchema,
  email: EmailSchema,
  lang: v.optional(v.picklist(['en', 'es'], 'Choose en or es.'), 'en'),
});

export interface SendLinkAnswer {
  sent: true;
  /** The hosted payment page the mail links to. */
  link: string;
  expires_at: string;
}

export interface WidgetSettingsAnswer {
  widget_product_name: string;
  widget_merchant_name: string;
  widget_return_url: string | null;
  widget_theme_logo_url: string | null;
  widget_theme_primary_color: string;
  widget_theme_secondary_color: string;
  widget_logo_size: 'Large' | 'Medium' | 'Small';
}

export interface MerchantAnswer {
  merchant_id: string;
  name: string;
  widget: WidgetSettingsAnswer;
  supported_coins: { iso: CryptoAsset; name: string }[];
  test_mode: boolean;
}

export interface MerchantRatesAnswer {
  rates: Partial<Record<RateKey, string>>;
  as_of: string;
  source: string;
}

export interface CurrenciesAnswer {
  crypto: { iso: CryptoAsset; name: string }[];
  fiat: { iso: FiatAsset; sign: string }[];
}

export interface MarketsAnswer {
  currency: FiatAsset;
  as_of: string;
  markets: { pair: RateKey; coin: CryptoAsset; price: string; mid: string }[];
}

/** What the buyer would pay in one coin the merchant accepts, before choosing (8 decimals, indicative). */
export interface CurrencyOption {
  iso: CryptoAsset;
  name: string;
  amount: string;
}

interface TransactionAnswerBase {
  transaction_token: string;
  /** Destination tag or memo; none of our coins uses one. */
  currency_1_tag: string | null;
  amount: string;
  currency: FiatAsset;
  rate: string | null;
  product: string;
  /** Before the coin is chosen: when the choice runs out (3600 s); after: when the price does (900 s). */
  expires_at: string;
  status: PaymentStatus;
  test_mode: boolean;
  /** Where the buyer returns: the payment's own return_url, else the merchant's widget_return_url, else null. */
  return_url: string | null;
  /** The merchant's order id (transaction_c1; the pay button's order_id), shown in the widget header. */
  order_id: string | null;
}

/** What is still due on an underpaid payment, with its own payment URI and QR code (the rest, not the whole amount). */
export interface TopUp {
  /** amount due - amount paid, 8 decimals like currency_1_amount. */
  currency_1_amount: string;
  payment_uri: string;
  /** An SVG data URL of the QR code of this payment_uri. */
  qr: string;
}

/** A payment whose coin is chosen: where to send how much. */
export interface PricedTransactionAnswer extends TransactionAnswerBase {
  currency_1_iso: CryptoAsset;
  currency_1_address: string;
  currency_1_amount: string;
  /** The payment URI (BIP21 / EIP-681) the QR code encodes. */
  payment_uri: string;
  /** An SVG data URL of the QR code of payment_uri. */
  qr: string;
  /** Only while 0 < paid < due and the payment is still payable (new or processing, before expires_at); else null. */
  top_up: TopUp | null;
  currency_options: null;
}

/** A payment waiting for the buyer to choose the coin: no address or price yet, the options instead. */
export interface UnpricedTransactionAnswer extends TransactionAnswerBase {
  currency_1_iso: null;
  currency_1_address: null;
  currency_1_amount: null;
  payment_uri: null;
  qr: null;
  top_up: null;
  /** Each coin the merchant accepts at the merchant's rate now; the price is fixed only when one is chosen. */
  currency_options: CurrencyOption[];
}

/** The create / details / choose-currency answer; `currency_1_iso === null` tells the two apart. */
export type TransactionAnswer = PricedTransactionAnswer | UnpricedTransactionAnswer;

export function isPricedAnswer(answer: TransactionAnswer): answer is PricedTransactionAnswer {
  return answer.currency_1_iso !== null;
}

/** The coin fields are null until the coin is chosen. */
export interface TransactionStatusAnswer {
  transaction_token: string;
  status: PaymentStatus;
  exception: PaymentException | null;
  currency_1_iso: CryptoAsset | null;
  currency_1_amount: string | null;
  currency_1_paid: string | null;
  currency_1_confirmed: string | null;
  amount: string;
  currency: FiatAsset;
  confirmations: number;
  required_confirmations: number | null;
  expires_at: string;
  settled_at: string | null;
}

/** POST /mapi/api/transaction/receipt: see PaymentReceipt in core/protocol.ts for how to verify it. */
export interface ReceiptAnswer {
  receipt: PaymentReceipt;
}
