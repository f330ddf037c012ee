// After a guest checkout is paid: its invoice (figures and PDF), registering as a member from it, a coupon
// applied to its price, and its identity verification state (spec §7 /verify/id/{orderId}). Every call
// runs with the flow token and reaches only the token's own checkout.

import * as v from 'valibot';
import { CRYPTO_DISPLAY_NAMES } from '../assets.ts';
import { CheckoutIdSchema, CheckoutSchema, EXAMPLE_FILLED } from './checkout.ts';
import { endpoint } from './endpoint.ts';
import { AssetSchema, CryptoSchema, Decimal, FiatSchema, IsoTime, LanguageSchema } from './fields.ts';
import { object, strictObject } from './schema-kit.ts';
import { PasswordSchema } from './users.ts';

const CheckoutParamsSchema = object({ id: CheckoutIdSchema });
const FLOW_ERRORS = ['flow_token_required', 'checkout_not_found', 'checkout_expired'] as const;

/**
 * The coins' delivery as the invoice shows it: sending (paid, the worker has not sent them yet), sent
 * (with the network's transaction id) or rejected (the network refused the address; an operator refunds).
 */
export const DELIVERY_STATES = ['sending', 'sent', 'rejected'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

const AddressSchema = v.object({ address1: v.string(), address2: v.string(), city: v.string(), state: v.string(), zipCode: v.string(), country: v.string() });

export const InvoiceSchema = v.object({
  /** "INV-000042": the provider's invoice number, consecutive, given when the checkout became successful. */
  invoice_number: v.string(),
  checkout_id: v.string(),
  payment_method: v.string(),
  /** When the checkout was paid (the invoice's date) and when it was started. */
  issued_at: IsoTime,
  created_at: IsoTime,
  /** Who was paid: the provider, which sells the coins, with the details its invoices carry. */
  seller: v.object({ name: v.string(), company: v.string(), address: v.string(), support_email: v.string() }),
  /** The merchant whose site the purchase started on, if any. */
  merchant: v.nullable(v.object({ merchant_id: v.string(), name: v.string() })),
  buyer: v.object({ name: v.string(), email: v.string(), billing: AddressSchema }),
  /** What the buyer paid (fee included), the fee in it, and what bought the coins (paid less fee). */
  paid: v.object({ currency: FiatSchema, amount: Decimal, fee: Decimal, net: Decimal }),
  /** How many of the coin one unit of the fiat bought, at the buyer's price. */
  rate: Decimal,
  /** A remittance to an IBAN delivers fiat: the currency is then the recipient's fiat. */
  coins: v.object({ currency: AssetSchema, currency_displayName: v.string(), amount: Decimal, address: v.string() }),
  /** The coupon that lowered the fee, if one was applied. */
  coupon_code: v.nullable(v.string()),
  delivery: v.object({ state: v.picklist(DELIVERY_STATES), txid: v.nullable(v.string()), delivered_at: v.nullable(IsoTime) }),
});
export type InvoiceAnswer = v.InferOutput<typeof InvoiceSchema>;

/** POST /v1/users/checkout/register: what a member account needs that the checkout does not hold. */
export const CheckoutRegisterBodySchema = strictObject({
  password: PasswordSchema,
  language: v.optional(LanguageSchema),
});
export type CheckoutRegisterBody = v.InferOutput<typeof CheckoutRegisterBodySchema>;

export const CheckoutRegisterAnswerSchema = v.object({
  /** The new member's e-mail: they sign in with it and the password just chosen. */
  email: v.string(),
  /** True when the guest proved the e-mail by code in the flow; otherwise the first login asks for it. */
  email_verified: v.boolean(),
  /** How many of this provider's checkouts with that e-mail now belong to the member. */
  linked_checkouts: v.number(),
});

export const CheckoutCouponBodySchema = strictObject({
  code: v.pipe(v.string('Send the coupon code as text.'), v.trim(), v.minLength(1, 'Enter the coupon code.'), v.maxLength(40, 'Use at most 40 characters.')),
});

export const CheckoutCouponAnswerSchema = v.object({
  coupon_code: v.string(),
  /** Percent of the buy fee the coupon waives. */
  fee_discount_percent: Decimal,
  /** The fee before the coupon, for the quote summary's "discount" line. */
  fee_before: Decimal,
  checkout: CheckoutSchema,
});

export const VerifyIdQuerySchema = object({ ip: v.optional(v.pipe(v.string(), v.maxLength(64))), is_flow: v.optional(v.picklist(['1'], 'Send is_flow=1.')) });

export const VerifyIdAnswerSchema = v.object({
  orderId: v.string(),
  /** Spec §4 verification number as the guest flow reads it: 1 successful, else 3 (in review). */
  verified: v.object({ email: v.boolean(), mobile: v.boolean(), id: v.picklist([1, 3]) }),
  /** The identity check's state in words: successful or review. */
  compliance: v.picklist(['successful', 'review']),
});

// ---- Examples -------------------------------------------------------------------------------

const EXAMPLE_ID = EXAMPLE_FILLED._id;
const EXAMPLE_INVOICE: InvoiceAnswer = {
  invoice_number: 'INV-000042',
  checkout_id: EXAMPLE_ID,
  payment_method: 'Credit Card',
  issued_at: '2026-11-24T10:02:00.000Z',
  created_at: '2026-11-24T10:00:00.000Z',
  seller: { name: 'Coinbox', company: 'Coinbox Payments Ltd', address: '1 Market Street, London', support_email: 'support@coinbox.example' },
  merchant: null,
  buyer: { name: 'Ana García', email: 'ana@example.com', billing: { address1: 'Calle Mayor 12', address2: '', city: 'Madrid', state: '', zipCode: '28013', country: 'ES' } },
  paid: { currency: 'EUR', amount: '300.00', fee: '4.50', net: '295.50' },
  rate: '0.00001621',
  coins: { currency: 'BTC', currency_displayName: CRYPTO_DISPLAY_NAMES.BTC, amount: '0.00479750', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' },
  coupon_code: null,
  delivery: { state: 'sent', txid: '9f2c4a7e0b1d3c5e7f9a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e', delivered_at: '2026-11-24T10:02:01.000Z' },
};

// ---- Endpoints ------------------------------------------------------------------------------

export const checkoutInvoice = endpoint({
  id: 'checkout.invoice',
  method: 'GET',
  base: 'main',
  path: 'checkout/invoice/{id}',
  caller: 'flow',
  params: CheckoutParamsSchema,
  answer: InvoiceSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The invoice of the flow token\'s paid checkout: invoice number, who was paid, the buyer, what was paid, the fee, the rate, the coins and their delivery (sending, sent with the transaction id, or rejected).',
    description: 'Only a successful checkout has an invoice (`checkout_not_paid` before). The figures are the checkout\'s, as the PDF prints them.',
    errors: [...FLOW_ERRORS, 'checkout_not_paid'],
    example: { params: { id: EXAMPLE_ID }, answer: EXAMPLE_INVOICE },
  },
});

export const checkoutInvoicePdf = endpoint({
  id: 'checkout.invoicePdf',
  method: 'GET',
  base: 'main',
  path: 'checkout/invoice/{id}/pdf',
  caller: 'flow',
  params: CheckoutParamsSchema,
  answer: v.instance(Uint8Array),
  format: 'pdf',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The same invoice as a PDF document (attachment, named after the invoice number).',
    errors: [...FLOW_ERRORS, 'checkout_not_paid'],
    example: { params: { id: EXAMPLE_ID }, answer: new TextEncoder().encode('%PDF-1.3\n') },
  },
});

export const checkoutRegister = endpoint({
  id: 'checkout.register',
  method: 'POST',
  base: 'main',
  path: 'users/checkout/register',
  caller: 'flow',
  body: CheckoutRegisterBodySchema,
  answer: CheckoutRegisterAnswerSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Opens a member account from the flow token\'s checkout (its name, e-mail, mobile, date of birth and billing address) with the password sent, and gives the member this provider\'s past checkouts with that e-mail.',
    description: 'The e-mail counts as verified only if the guest verified it by code in the flow. The member is not signed in: their first sign-in lands on /buy (spec §4 registration attempt marker). An e-mail that is already a member\'s is refused with `checkout_member_exists`: sign in instead.',
    errors: [...FLOW_ERRORS, 'checkout_details_required', 'checkout_member_exists'],
    example: { body: { password: 'correct-Horse-battery-9' }, answer: { email: 'ana@example.com', email_verified: true, linked_checkouts: 1 } },
  },
});

export const checkoutCoupon = endpoint({
  id: 'checkout.coupon',
  method: 'POST',
  base: 'main',
  path: 'coupons/validate/{id}',
  caller: 'flow',
  params: CheckoutParamsSchema,
  body: CheckoutCouponBodySchema,
  answer: CheckoutCouponAnswerSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Applies a coupon to the flow token\'s open checkout: the buy fee is lowered by the coupon\'s percent and the checkout repriced as a new single-use quote; the answer has the new figures.',
    description: 'The amount paid stays what the guest chose; the coupon lowers the fee, so more coins are bought. A use is counted once, when the checkout is paid. The member app\'s POST /coupons/validate (no checkout id) only reads a coupon.',
    errors: [...FLOW_ERRORS, 'coupon_invalid', 'coupon_expired', 'coupon_not_yet_valid', 'coupon_used_up', 'checkout_status_invalid', 'rates_unavailable'],
    example: {
      params: { id: EXAMPLE_ID },
      body: { code: 'WELCOME10' },
      answer: { coupon_code: 'WELCOME10', fee_discount_percent: '10.00', fee_before: '4.50', checkout: { ...EXAMPLE_FILLED, fiatCurrency: { ...EXAMPLE_FILLED.fiatCurrency, fee: '4.05' }, cryptoCurrency: { ...EXAMPLE_FILLED.cryptoCurrency, amount: '0.00480479' } } },
    },
  },
});

export const verifyId = endpoint({
  id: 'checkout.verifyId',
  method: 'GET',
  base: 'main',
  path: 'verify/id/{orderId}',
  caller: 'flow',
  params: object({ orderId: CheckoutIdSchema }),
  query: VerifyIdQuerySchema,
  answer: VerifyIdAnswerSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The identity verification state of the flow token\'s checkout (orderId is the checkout id): the e-mail and mobile codes and the verification number (1 successful, else 3).',
    errors: [...FLOW_ERRORS],
    example: { params: { orderId: EXAMPLE_ID }, query: { is_flow: '1' }, answer: { orderId: EXAMPLE_ID, verified: { email: true, mobile: true, id: 3 }, compliance: 'review' } },
  },
});

export const INVOICE_ENDPOINTS = [checkoutInvoice, checkoutInvoicePdf, checkoutRegister, checkoutCoupon, verifyId];
