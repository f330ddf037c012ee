// The guest checkout (spec §3 checkout cookie and flow user, §4 flow payment_status, §6 flow
// token, §7 /getCheckoutCookie and /checkout/*). A visitor without an account starts a checkout
// (checkout/init), which answers the flow token and sets it as the HttpOnly flow cookie (12000 s); every
// other call of the flow carries that token, from the cookie or as `Authorization: Bearer <flow token>`.
// The amounts are priced on the server at init from the provider's rate and buy fee and kept on the
// checkout: the browser never sends a price the server trusts, and the checkout cookie's figures are for
// display only. None of these calls moves money, so none takes an Idempotency-Key; the payment calls of
// the next steps (paynet/*) will.

import * as v from 'valibot';
import { CRYPTO_DISPLAY_NAMES } from '../assets.ts';
import { CHECKOUT_FLOWS, CHECKOUT_PAYMENT_METHODS, CHECKOUT_STATUSES, CHECKOUT_STEPS, FLOW_SETTABLE } from '../rules/checkout-status.ts';
import { endpoint } from './endpoint.ts';
import { AmountInputSchema, AssetSchema, CryptoSchema, Decimal, EmailSchema, FiatSchema, IsoTime, MobileSchema, NameSchema } from './fields.ts';
import { MerchantIdSchema } from './merchant-info.ts';
import { object, strictObject } from './schema-kit.ts';
import { CompleteBillingSchema, formObject, RequiredDateOfBirthSchema } from './users.ts';

/** 'chk_' + 22 base64url characters: a checkout's public id (spec §3 checkout cookie _id). */
export const CheckoutIdSchema = v.pipe(
  v.string('Send the checkout id, like "chk_…".'),
  v.regex(/^chk_[A-Za-z0-9_-]{22}$/, 'Send the checkout id, like "chk_…", as checkout/init answered it.'),
);

/** 'flw_' + 43 base64url characters: the flow token; only its SHA-256 is stored. */
export const FLOW_TOKEN_PATTERN = /^flw_[A-Za-z0-9_-]{43}$/;

const PaymentMethodSchema = v.picklist(CHECKOUT_PAYMENT_METHODS, `Choose one of: ${CHECKOUT_PAYMENT_METHODS.join(', ')}.`);
const Text = v.pipe(v.string('Send text.'), v.trim(), v.maxLength(200, 'Use at most 200 characters.'));

/** POST /v1/checkout/init: what the visitor picked; every field has the spec's default. Strict: a price or fee sent along is refused, never ignored silently. */
export const CheckoutInitBodySchema = strictObject({
  /** The coin to buy; default BTC (spec §3 cryptoCurrency), or the first coin that is on where BTC's chain is off. A coin whose chain is off is refused (coin_unavailable). */
  coin: v.optional(CryptoSchema),
  /** The fiat paid; default EUR. */
  fiat: v.optional(FiatSchema),
  /** What the visitor pays, fee included; default 300.00 (the test route: 30.00, within 30 to 50). */
  amount: v.optional(AmountInputSchema),
  merchant_id: v.optional(MerchantIdSchema),
  /** Where the coins go; checked for the coin's network. */
  cryptoAddress: v.optional(Text),
  payment_method: v.optional(PaymentMethodSchema),
  flow: v.optional(v.picklist(CHECKOUT_FLOWS, 'Choose buy or remit.')),
  /** The flow's test route (spec §9): default 30 with minimum 30 and maximum 50. */
  test: v.optional(v.boolean('Send test as true or false.')),
});
export type CheckoutInitBody = v.InferOutput<typeof CheckoutInitBodySchema>;

/** POST /v1/checkout/billing: the flow user's contact details (spec §3 flow user), all required. */
export const CheckoutBillingBodySchema = formObject({
  firstName: NameSchema,
  lastName: NameSchema,
  email: EmailSchema,
  mobile: MobileSchema,
  dateOfBirth: RequiredDateOfBirthSchema,
  billing: CompleteBillingSchema,
});
export type CheckoutBillingBody = v.InferOutput<typeof CheckoutBillingBodySchema>;

export const CheckoutStatusBodySchema = object({
  status: v.picklist(FLOW_SETTABLE, 'Send pending once the payment is sent, or canceled to give up this checkout.'),
});

const CheckoutParamsSchema = object({ id: CheckoutIdSchema });
const MerchantParamsSchema = object({ id: MerchantIdSchema });
/** Spec §7: the flow sends ?ip and is_flow=1; both are accepted and not needed. */
const FlowQuerySchema = object({ ip: v.optional(v.pipe(v.string(), v.maxLength(64))), is_flow: v.optional(v.picklist(['1'], 'Send is_flow=1.')) });

const VerifiedSchema = v.object({ email: v.boolean(), mobile: v.boolean(), id: v.picklist([1, 3]) });

/** Spec §3 checkout cookie: what the flow's pages read; for display, never read back as a price. */
export const CheckoutCookieSchema = v.object({
  _id: v.string(),
  merchant_id: v.nullable(v.string()),
  payment_method: PaymentMethodSchema,
  cryptoAddress: v.nullable(v.string()),
  fiatCurrency: v.object({ currency: FiatSchema, currency_original: FiatSchema, amount: Decimal, fee: Decimal, minimum: Decimal, maximum: Decimal }),
  cryptoCurrency: v.object({ currency: AssetSchema, currency_displayName: v.string(), amount: Decimal }),
  verified: VerifiedSchema,
});
export type CheckoutCookie = v.InferOutput<typeof CheckoutCookieSchema>;

/** A checkout as the flow sees it: the order (priced by the server), its state and the flow user. */
export const CheckoutSchema = v.object({
  _id: v.string(),
  flow: v.picklist(CHECKOUT_FLOWS),
  status: v.picklist(CHECKOUT_STATUSES),
  /** Spec §4: absent (null), authorized or successful; what the flow's redirects read. */
  payment_status: v.nullable(v.picklist(['authorized', 'successful'])),
  step: v.picklist(CHECKOUT_STEPS),
  payment_method: PaymentMethodSchema,
  merchant_id: v.nullable(v.string()),
  cryptoAddress: v.nullable(v.string()),
  fiatCurrency: v.object({ currency: FiatSchema, amount: Decimal, fee: Decimal, minimum: Decimal, maximum: Decimal }),
  /** What is received: the coin, or for a remittance to an IBAN the fiat itself (rate 1). */
  cryptoCurrency: v.object({ currency: AssetSchema, currency_displayName: v.string(), amount: Decimal }),
  /** How many of the coin one unit of the fiat buys, at the guest's price. */
  rate: Decimal,
  user: v.object({
    firstName: v.string(),
    lastName: v.string(),
    email: v.string(),
    mobile: v.string(),
    dateOfBirth: v.string(),
    billing: v.object({
      address1: v.string(),
      address2: v.string(),
      city: v.string(),
      state: v.string(),
      country: v.string(),
      zipCode: v.string(),
      issueCountry: v.string(),
    }),
  }),
  verified: VerifiedSchema,
  expires_at: IsoTime,
  created_at: IsoTime,
  /** The coins' delivery once the checkout is successful: sent with the chain's transaction id, or refused by the network. */
  delivery: v.object({ status: v.nullable(v.picklist(['sent', 'rejected'])), txid: v.nullable(v.string()) }),
  /** Why the checkout ended without being paid (card declined, identity rejected, expired or canceled while held), in words; else null. */
  failure_reason: v.nullable(v.string()),
});
export type CheckoutAnswer = v.InferOutput<typeof CheckoutSchema>;

export const CheckoutInitAnswerSchema = v.object({
  checkout: CheckoutSchema,
  /** The flow token, also set as the HttpOnly flow cookie; send it as `Authorization: Bearer <flow_token>` where cookies are not sent. */
  flow_token: v.pipe(v.string(), v.regex(FLOW_TOKEN_PATTERN)),
  /** Seconds the flow token lives (spec §9: 12000). */
  expires_in_s: v.number(),
});

export const CheckoutCookieAnswerSchema = v.object({
  _id: v.string(),
  /** Spec §3 checkout transaction data, as a JSON string (spec §7 getCheckoutCookie). */
  transaction_data: v.string(),
  checkout_cookie: CheckoutCookieSchema,
});

export const CheckoutMerchantSchema = v.object({
  merchant_id: v.string(),
  name: v.string(),
  logo_url: v.nullable(v.string()),
  logo_size: v.picklist(['Large', 'Medium', 'Small']),
});

export const CheckoutMerchantFeesSchema = v.object({
  merchant_id: v.string(),
  /** The fee on the merchant's payments, in basis points and as a percent. */
  fee_bps: v.number(),
  fee_percent: Decimal,
  /** The buy fee a guest pays in this provider's checkout, percent of the amount. */
  buy_fee_percent: Decimal,
});

// ---- Examples -------------------------------------------------------------------------------

const EXAMPLE_ID = 'chk_Qm4Tz8Wc2Lx9Rb5Vn1Kd8P';
const EXAMPLE_TOKEN = 'flw_Tq4Hn7Wc2Lx9Rb5Vm1Kd8Pf3Zs6Jg0Ya4Ue7Oi2NwXr';
const EXAMPLE_CHECKOUT: CheckoutAnswer = {
  _id: EXAMPLE_ID,
  flow: 'buy',
  status: 'created',
  payment_status: null,
  step: 'details',
  payment_method: 'Credit Card',
  merchant_id: null,
  cryptoAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
  fiatCurrency: { currency: 'EUR', amount: '300.00', fee: '4.50', minimum: '10.00', maximum: '10000.00' },
  cryptoCurrency: { currency: 'BTC', currency_displayName: CRYPTO_DISPLAY_NAMES.BTC, amount: '0.00479750' },
  rate: '0.00001621',
  user: {
    firstName: '',
    lastName: '',
    email: '',
    mobile: '',
    dateOfBirth: '',
    billing: { address1: '', address2: '', city: '', state: '', country: '', zipCode: '', issueCountry: '' },
  },
  verified: { email: false, mobile: false, id: 3 },
  expires_at: '2026-11-24T13:20:00.000Z',
  created_at: '2026-11-24T10:00:00.000Z',
  delivery: { status: null, txid: null },
  failure_reason: null,
};
const EXAMPLE_BILLING_BODY = {
  firstName: 'Ana',
  lastName: 'García',
  email: 'ana@example.com',
  mobile: '+34600123456',
  dateOfBirth: '1990-04-12',
  billing: { address1: 'Calle Mayor 12', city: 'Madrid', country: 'ES', zipCode: '28013' },
};
export const EXAMPLE_FILLED: CheckoutAnswer = {
  ...EXAMPLE_CHECKOUT,
  user: {
    firstName: 'Ana',
    lastName: 'García',
    email: 'ana@example.com',
    mobile: '+34600123456',
    dateOfBirth: '1990-04-12',
    billing: { address1: 'Calle Mayor 12', address2: '', city: 'Madrid', state: '', country: 'ES', zipCode: '28013', issueCountry: '' },
  },
};
const FLOW_ERRORS = ['flow_token_required', 'checkout_not_found', 'checkout_expired'] as const;

// ---- Endpoints ------------------------------------------------------------------------------

export const checkoutInit = endpoint({
  id: 'checkout.init',
  method: 'POST',
  base: 'main',
  path: 'checkout/init',
  caller: 'public',
  body: CheckoutInitBodySchema,
  answer: CheckoutInitAnswerSchema,
  format: 'checkout',
  // It moves no money (the payment calls will take an Idempotency-Key); it creates a row, so it is
  // limited like the pay button.
  idempotency: false,
  rate: 'pay_button',
  docs: {
    summary: 'Starts a guest checkout at this provider: prices the order on the server and sets the flow cookie (12000 s).',
    description:
      'Every field is optional: the default is 300.00 EUR of BTC (the first coin that is on, where BTC\'s chain is off) paid by Credit Card; `test: true` is the flow\'s test route, 30.00 within 30 to 50. The amount is what the guest pays, fee included; the fee, rate and coin amount are decided here from the provider\'s rate and buy fee, recorded as a single-use quote of the checkout that the payment takes, and kept on the checkout. The answer\'s `flow_token` is also set as the HttpOnly `flow_token` cookie; other flow calls send either. Moves no money, so no Idempotency-Key.',
    errors: ['coin_unavailable', 'amount_below_minimum', 'amount_above_maximum', 'address_invalid', 'merchant_not_recognized', 'rates_unavailable', 'operation_disabled'],
    example: { body: { coin: 'BTC', fiat: 'EUR', amount: '300.00', cryptoAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' }, answer: { checkout: EXAMPLE_CHECKOUT, flow_token: EXAMPLE_TOKEN, expires_in_s: 12_000 } },
  },
});

export const getCheckoutCookie = endpoint({
  id: 'checkout.getCheckoutCookie',
  method: 'GET',
  base: 'main',
  path: 'getCheckoutCookie',
  caller: 'flow',
  query: FlowQuerySchema,
  answer: CheckoutCookieAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The checkout cookie of the flow token\'s checkout (spec §3): the fields the flow\'s pages show, for display only.',
    errors: [...FLOW_ERRORS],
    example: {
      query: { is_flow: '1' },
      answer: {
        _id: EXAMPLE_ID,
        transaction_data: JSON.stringify({
          merchant_id: null,
          payment_method: 'Credit Card',
          currency_1_amount: '300.00',
          currency_1_iso: 'EUR',
          currency_1_fee: '4.50',
          currency_2_amount: '0.00479750',
          currency_2_iso: 'BTC',
          currency_2_address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
          payment_status: null,
        }),
        checkout_cookie: {
          _id: EXAMPLE_ID,
          merchant_id: null,
          payment_method: 'Credit Card',
          cryptoAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
          fiatCurrency: { currency: 'EUR', currency_original: 'EUR', amount: '300.00', fee: '4.50', minimum: '10.00', maximum: '10000.00' },
          cryptoCurrency: { currency: 'BTC', currency_displayName: CRYPTO_DISPLAY_NAMES.BTC, amount: '0.00479750' },
          verified: { email: false, mobile: false, id: 3 },
        },
      },
    },
  },
});

export const getCheckout = endpoint({
  id: 'checkout.getCheckout',
  method: 'GET',
  base: 'main',
  path: 'checkout/getCheckout/{id}',
  caller: 'flow',
  params: CheckoutParamsSchema,
  answer: CheckoutSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The flow token\'s own checkout: the order as priced, its status and the flow user. Another checkout\'s id is 404.',
    errors: [...FLOW_ERRORS],
    example: { params: { id: EXAMPLE_ID }, answer: EXAMPLE_CHECKOUT },
  },
});

export const setCheckoutStatus = endpoint({
  id: 'checkout.status',
  method: 'PATCH',
  base: 'main',
  path: 'checkout/status/{id}',
  caller: 'flow',
  params: CheckoutParamsSchema,
  body: CheckoutStatusBodySchema,
  answer: CheckoutSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The flow says it sent its payment (pending) or gives the checkout up (canceled); authorized, successful and failed come only from the payment.',
    errors: [...FLOW_ERRORS, 'checkout_status_invalid'],
    example: { params: { id: EXAMPLE_ID }, body: { status: 'pending' }, answer: { ...EXAMPLE_CHECKOUT, status: 'pending' } },
  },
});

export const checkoutBilling = endpoint({
  id: 'checkout.billing',
  method: 'POST',
  base: 'main',
  path: 'checkout/billing',
  caller: 'flow',
  body: CheckoutBillingBodySchema,
  answer: CheckoutSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Saves the flow user\'s contact details (names, email, mobile, date of birth, billing address) on the flow token\'s checkout.',
    description: 'A changed email or mobile must be verified again. Only while the checkout is open (created or pending).',
    errors: [...FLOW_ERRORS, 'checkout_status_invalid'],
    example: { body: EXAMPLE_BILLING_BODY, answer: EXAMPLE_FILLED },
  },
});

export const checkoutMerchant = endpoint({
  id: 'checkout.merchant',
  method: 'GET',
  base: 'main',
  path: 'checkout/merchant/{id}',
  caller: 'merchant_public',
  params: MerchantParamsSchema,
  answer: CheckoutMerchantSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'A merchant of this provider as the checkout shows it: public name and logo.',
    errors: ['merchant_not_recognized'],
    example: { params: { id: 'mch_demo_verdant' }, answer: { merchant_id: 'mch_demo_verdant', name: 'Verdant Garden Supplies', logo_url: null, logo_size: 'Medium' } },
  },
});

export const checkoutMerchantFees = endpoint({
  id: 'checkout.merchantFees',
  method: 'GET',
  base: 'main',
  path: 'checkout/merchant/fees/{id}',
  caller: 'merchant_public',
  params: MerchantParamsSchema,
  answer: CheckoutMerchantFeesSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'A merchant\'s fees as the checkout shows them: the fee on its payments and the buy fee a guest pays.',
    errors: ['merchant_not_recognized'],
    example: { params: { id: 'mch_demo_verdant' }, answer: { merchant_id: 'mch_demo_verdant', fee_bps: 100, fee_percent: '1.00', buy_fee_percent: '1.50' } },
  },
});

export const CHECKOUT_ENDPOINTS = [checkoutInit, getCheckoutCookie, getCheckout, setCheckoutStatus, checkoutBilling, checkoutMerchant, checkoutMerchantFees];
