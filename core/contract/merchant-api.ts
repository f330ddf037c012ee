// The merchant API's wire shapes (spec §7 "Merchant API", issue 5): what a merchant's server sends to
// /mapi/api/* and what it gets back. Amounts are decimal strings; the coin amount has 8 decimals.
// Server-to-server calls carry the secret key (Authorization: Bearer sk_...); the browser only ever
// sees the publishable merchant_id and a transaction token.

import * as v from 'valibot';
import type { CryptoAsset, FiatAsset, RateKey } from '../assets.ts';
import type { PaymentException, PaymentStatus } from '../payments/payment-rules.ts';
import { AmountInputSchema, CryptoSchema, FiatSchema } from './money.ts';
import { EmailSchema } from './users.ts';

export const MerchantIdSchema = v.pipe(
  v.string('Send your publishable merchant_id, such as "mch_demo_shop".'),
  v.trim(),
  v.nonEmpty('Send your publishable merchant_id, such as "mch_demo_shop".'),
  v.maxLength(64, 'The merchant_id is too long.'),
);

/** Payment tokens: 'pay_' + 22 base64url characters. */
export const TRANSACTION_TOKEN_PATTERN = /^pay_[A-Za-z0-9_-]{22}$/;

const CustomField = v.optional(v.nullable(v.pipe(v.string('Send text.'), v.maxLength(200, 'Use at most 200 characters.'))));

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

export const CreateTransactionSchema = v.object({
  merchant_id: MerchantIdSchema,
  currency_1_iso: CryptoSchema,
  /** Optional: the merchant names the coin amount itself; otherwise it comes from amount through the merchant's rates. */
  currency_1_amount: v.optional(v.nullable(AmountInputSchema)),
  currency: FiatSchema,
  amount: AmountInputSchema,
  transaction_product: v.optional(v.nullable(v.pipe(v.string('Send the product as text.'), v.maxLength(200, 'Use at most 200 characters.')))),
  transaction_c1: CustomField,
  transaction_c2: CustomField,
  transaction_c3: CustomField,
  transaction_c4: CustomField,
});
export type CreateTransactionInput = v.InferOutput<typeof CreateTransactionSchema>;

export const TransactionStatusSchema = v.object({
  merchant_id: MerchantIdSchema,
  transaction_id: v.pipe(v.string('Send the transaction_token as transaction_id.'), v.trim(), v.regex(TRANSACTION_TOKEN_PATTERN, 'Send the transaction_token (pay_...) as transaction_id.')),
});

/** POST /mapi/api/sendlink: mail the buyer a link to pay this (still new) payment on our hosted page. */
export const SendLinkSchema = v.object({
  merchant_id: MerchantIdSchema,
  transaction_id: v.pipe(v.string('Send the transaction_token as transaction_id.'), v.trim(), v.regex(TRANSACTION_TOKEN_PATTERN, 'Send the transaction_token (pay_...) as transaction_id.')),
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

export interface TransactionAnswer {
  transaction_token: string;
  currency_1_iso: CryptoAsset;
  currency_1_address: string;
  /** Destination tag or memo; none of our coins uses one. */
  currency_1_tag: string | null;
  currency_1_amount: string;
  /** The payment URI (BIP21 / EIP-681) the QR code encodes. */
  payment_uri: string;
  /** An SVG data URL of the QR code of payment_uri. */
  qr: string;
  amount: string;
  currency: FiatAsset;
  rate: string | null;
  product: string;
  expires_at: string;
  status: PaymentStatus;
  test_mode: boolean;
}

export interface TransactionStatusAnswer {
  transaction_token: string;
  status: PaymentStatus;
  exception: PaymentException | null;
  currency_1_iso: CryptoAsset;
  currency_1_amount: string;
  currency_1_paid: string;
  currency_1_confirmed: string;
  amount: string;
  currency: FiatAsset;
  confirmations: number;
  required_confirmations: number;
  expires_at: string;
  settled_at: string | null;
}
