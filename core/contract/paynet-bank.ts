// A guest checkout paid by bank (spec §4 bank methods, §7 paynet/wirePreAuth and wirePreAuthStatus):
// - Wire, SEPA, Swift: paynet/wirePreAuth fixes the price (the checkout's single-use quote is taken) and
//   answers the provider's receiving account, a reference with a check character and the end of the
//   window; the operator matches the incoming wire in the console (admin-checkout-wires.ts);
//   paynet/wirePreAuthStatus/{id} reports awaiting, received or expired.
// - Online Banking, Online Banking ZA: paynet/onlineBanking creates the payment at the bank and answers
//   the bank's approval page; the bank's signed callback decides it; paynet/onlineBankingStatus/{id} is
//   what the page the bank returns to polls. Test mode only until a live bank is connected.
// Each start is a money POST: an Idempotency-Key is required. The flow user's identity must be verified
// (verified.id 1) and the details saved first. An expired quote charges nothing: the answer is
// outcome repriced with the new figures, for the guest to confirm again.

import * as v from 'valibot';
import { CheckoutSchema, EXAMPLE_FILLED } from './checkout.ts';
import { endpoint } from './endpoint.ts';
import { Decimal, FiatSchema, IsoTime } from './fields.ts';
import { object } from './schema-kit.ts';

/** 'cpay_' + 22 base64url characters: one payment of a checkout. */
export const CheckoutPaymentIdSchema = v.pipe(v.string('Send the payment id, like "cpay_…".'), v.regex(/^cpay_[A-Za-z0-9_-]{22}$/, 'Send the payment id, like "cpay_…", as the payment call answered it.'));
const PaymentParamsSchema = object({ id: CheckoutPaymentIdSchema });
const NoBodySchema = v.optional(object({}), {});

export const WIRE_STATUSES = ['awaiting', 'received', 'expired'] as const;

/** What the guest needs to send the wire, and where it stands. */
export const WireDetailsSchema = v.object({
  payment_id: v.string(),
  status: v.picklist(WIRE_STATUSES),
  /** Quote it exactly: the operator matches the wire by it (its last character is a check). */
  reference: v.string(),
  amount: Decimal,
  currency: FiatSchema,
  beneficiary: v.string(),
  iban: v.string(),
  bic: v.string(),
  bank_name: v.string(),
  /** The wire must arrive before this; after it the order is closed and nothing is held. */
  window_ends_at: IsoTime,
  received_at: v.nullable(IsoTime),
  /** Why it ended, when it expired. */
  reason: v.nullable(v.string()),
});
export type WireDetails = v.InferOutput<typeof WireDetailsSchema>;

export const WirePreAuthAnswerSchema = v.object({
  /** wire: send the transfer; repriced: nothing fixed, the quote had expired: show the new figures and confirm again. */
  outcome: v.picklist(['wire', 'repriced']),
  checkout: CheckoutSchema,
  wire: v.nullable(WireDetailsSchema),
});
export type WirePreAuthAnswer = v.InferOutput<typeof WirePreAuthAnswerSchema>;

export const WireStatusAnswerSchema = v.object({ wire: WireDetailsSchema, checkout: CheckoutSchema });
export type WireStatusAnswer = v.InferOutput<typeof WireStatusAnswerSchema>;

export const ONLINE_BANKING_STATUSES = ['awaiting', 'approved', 'refused', 'failed'] as const;

export const OnlineBankingAnswerSchema = v.object({
  /** redirect: send the browser to approval_url; repriced: nothing started, confirm the new figures. */
  outcome: v.picklist(['redirect', 'repriced']),
  checkout: CheckoutSchema,
  payment_id: v.nullable(v.string()),
  /** The bank's own approval page (its origin, never ours). */
  approval_url: v.nullable(v.string()),
});
export type OnlineBankingAnswer = v.InferOutput<typeof OnlineBankingAnswerSchema>;

export const OnlineBankingStatusAnswerSchema = v.object({
  payment_id: v.string(),
  status: v.picklist(ONLINE_BANKING_STATUSES),
  /** What the guest is told when the bank refused or failed it. */
  reason: v.nullable(v.string()),
  checkout: CheckoutSchema,
});
export type OnlineBankingStatusAnswer = v.InferOutput<typeof OnlineBankingStatusAnswerSchema>;

const FLOW_ERRORS = ['flow_token_required', 'checkout_not_found', 'checkout_expired'] as const;
const IDEMPOTENCY_ERRORS = ['idempotency_key_reused', 'idempotency_in_flight'] as const;
const START_ERRORS = ['checkout_status_invalid', 'checkout_method_mismatch', 'checkout_details_required', 'checkout_address_required', 'checkout_recipient_required', 'checkout_verification_required', 'rates_unavailable', 'validation_failed'] as const;

const EXAMPLE_PAYMENT_ID = 'cpay_Hq3Lm8Tz2Wc9Rb5Vn1Kd8P';
const EXAMPLE_WIRE_CHECKOUT = { ...EXAMPLE_FILLED, payment_method: 'SEPA' as const, status: 'pending' as const, step: 'payment' as const, verified: { email: true, mobile: true, id: 1 as const }, expires_at: '2026-11-29T10:10:00.000Z' };
const EXAMPLE_WIRE: WireDetails = {
  payment_id: EXAMPLE_PAYMENT_ID,
  status: 'awaiting',
  reference: 'VRD-7KQ2-M9XD',
  amount: '300.00',
  currency: 'EUR',
  beneficiary: 'Verdant Exchange',
  iban: 'GB82WEST12345698765432',
  bic: 'TESTGB2L',
  bank_name: 'Test Bank (test mode, no real money)',
  window_ends_at: '2026-11-29T10:00:00.000Z',
  received_at: null,
  reason: null,
};
const EXAMPLE_BANK_CHECKOUT = { ...EXAMPLE_WIRE_CHECKOUT, payment_method: 'Online Banking' as const, expires_at: '2026-11-24T11:00:00.000Z' };

export const wirePreAuth = endpoint({
  id: 'paynet.wirePreAuth',
  method: 'POST',
  base: 'main',
  path: 'paynet/wirePreAuth',
  caller: 'flow',
  body: NoBodySchema,
  answer: WirePreAuthAnswerSchema,
  format: 'checkout',
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Fixes the price of the flow token\'s checkout (Wire, SEPA or Swift) and answers where to send the transfer: the provider\'s account, the reference to quote, the exact amount and the window.',
    description:
      'Requires an Idempotency-Key. The checkout\'s quote is taken once: its figures hold until the window ends (5 days). A second call answers the same wire. ' +
      'Nothing is held in the ledger while the wire is awaited; an operator matches it in the console when it arrives (then the coins are sent), and past the window the order fails. ' +
      'The flow user\'s identity must be verified (verified.id 1). In live mode the call answers bank_account_missing until the provider\'s receiving account is configured.',
    errors: [...FLOW_ERRORS, ...START_ERRORS, 'bank_account_missing', ...IDEMPOTENCY_ERRORS],
    example: { body: {}, answer: { outcome: 'wire', checkout: EXAMPLE_WIRE_CHECKOUT, wire: EXAMPLE_WIRE } },
  },
});

export const wirePreAuthStatus = endpoint({
  id: 'paynet.wirePreAuthStatus',
  method: 'POST',
  base: 'main',
  path: 'paynet/wirePreAuthStatus/{id}',
  caller: 'flow',
  params: PaymentParamsSchema,
  body: NoBodySchema,
  answer: WireStatusAnswerSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Where the checkout\'s wire stands: awaiting, received (the coins are on their way) or expired (the window ended, nothing was held).',
    description: 'A wire past its window is closed by this call if the periodic sweep has not closed it yet.',
    errors: [...FLOW_ERRORS, 'checkout_payment_not_found', 'validation_failed'],
    example: { params: { id: EXAMPLE_PAYMENT_ID }, body: {}, answer: { wire: EXAMPLE_WIRE, checkout: EXAMPLE_WIRE_CHECKOUT } },
  },
});

export const onlineBankingPay = endpoint({
  id: 'paynet.onlineBanking',
  method: 'POST',
  base: 'main',
  path: 'paynet/onlineBanking',
  caller: 'flow',
  body: object({ module: v.optional(v.picklist(['sys-flow', 'sys-remitflow'], 'Send sys-flow or sys-remitflow.'), 'sys-flow') }),
  answer: OnlineBankingAnswerSchema,
  format: 'checkout',
  idempotency: true,
  rate: 'standard',
  testModeOnly: true,
  docs: {
    summary: 'Pays the flow token\'s checkout (Online Banking, Online Banking ZA) at the bank: answers the bank\'s approval page to send the browser to.',
    description:
      'Requires an Idempotency-Key. The checkout\'s quote is taken once. The bank brings the browser back to `/{module}/processing_online?payment=…`; the result comes only from the bank\'s signed callback, which settles the checkout in the same transaction. ' +
      'A second call while the payment waits answers the same approval page. Test mode only (the test bank) until a live bank is connected.',
    errors: [...FLOW_ERRORS, ...START_ERRORS, 'bank_unavailable', ...IDEMPOTENCY_ERRORS],
    example: { body: { module: 'sys-flow' }, answer: { outcome: 'redirect', checkout: EXAMPLE_BANK_CHECKOUT, payment_id: EXAMPLE_PAYMENT_ID, approval_url: 'http://127.0.0.1:4100/approve/bp_7Hn2Qw9ErT1y' } },
  },
});

export const onlineBankingStatus = endpoint({
  id: 'paynet.onlineBankingStatus',
  method: 'POST',
  base: 'main',
  path: 'paynet/onlineBankingStatus/{id}',
  caller: 'flow',
  params: PaymentParamsSchema,
  body: NoBodySchema,
  answer: OnlineBankingStatusAnswerSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'standard',
  testModeOnly: true,
  docs: {
    summary: 'Where the checkout\'s online banking payment stands: awaiting the bank, approved (the coins are on their way), refused or failed (with the reason; nothing was held).',
    errors: [...FLOW_ERRORS, 'checkout_payment_not_found', 'validation_failed'],
    example: { params: { id: EXAMPLE_PAYMENT_ID }, body: {}, answer: { payment_id: EXAMPLE_PAYMENT_ID, status: 'refused', reason: 'Your bank refused the payment. Nothing was taken; start a new order to try again.', checkout: { ...EXAMPLE_BANK_CHECKOUT, status: 'failed' } } },
  },
});

export const PAYNET_BANK_ENDPOINTS = [wirePreAuth, wirePreAuthStatus, onlineBankingPay, onlineBankingStatus];
