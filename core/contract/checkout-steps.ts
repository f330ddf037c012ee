// The guest checkout's own steps after the details (spec §7): confirm the payment method chosen on the
// payment page (POST /checkout), verify the flow user's email and mobile by code (/verify/checkVerify,
// /verify/resend, /verify/resetMobileCode) and send the guest's identity documents (PATCH
// /checkout/updatekyc) when the checkout needs them: above what an unverified guest may buy, or for a bank
// method. Each runs with the flow token and reaches only its own checkout. A card held (authorized) is
// captured when the checkout is cleared (server/checkout/clearance.ts): these calls are what clears it.
// None moves money by itself (capturing an authorisation already made is the server's decision), so none
// takes an Idempotency-Key.

import * as v from 'valibot';
import { CHECKOUT_PAYMENT_METHODS } from '../rules/checkout-status.ts';
import { CheckoutIdSchema, CheckoutSchema, EXAMPLE_FILLED } from './checkout.ts';
import { DOCUMENT_BASE64_MAX } from './compliance.ts';
import { endpoint } from './endpoint.ts';
import { CountryCodeSchema, MobileSchema, REQUIRED_FIELD, LanguageSchema } from './fields.ts';
import { object, strictObject } from './schema-kit.ts';
import { OtpCodeSchema } from './verify.ts';

const FLOW_ERRORS = ['flow_token_required', 'checkout_not_found', 'checkout_expired'] as const;
const EXAMPLE_ID = EXAMPLE_FILLED._id;
const CheckoutParamsSchema = object({ id: CheckoutIdSchema });

// ---- POST /checkout -----------------------------------------------------------------------------

export const CheckoutConfirmBodySchema = strictObject({
  payment_method: v.picklist(CHECKOUT_PAYMENT_METHODS, `Choose one of: ${CHECKOUT_PAYMENT_METHODS.join(', ')}.`),
});

export const CheckoutConfirmAnswerSchema = v.object({
  /** Spec §7: the checkout's id, which the method's own page (review, wire, online banking) goes on with. */
  transaction_token: v.string(),
  checkout: CheckoutSchema,
});

export const checkoutConfirm = endpoint({
  id: 'checkout.confirm',
  method: 'POST',
  base: 'main',
  path: 'checkout',
  caller: 'flow',
  body: CheckoutConfirmBodySchema,
  answer: CheckoutConfirmAnswerSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The guest confirms the payment method chosen on the payment page, while the checkout is open and nothing was paid; answers transaction_token (the checkout\'s id).',
    description: 'Any of the flow\'s payment methods (Credit Card, Swift, Wire, SEPA, Online Banking, Online Banking ZA). The contact details (checkout/billing) must be saved first. Moves no money: the card is paid with paynet/deposit, the bank methods on their own pages.',
    errors: [...FLOW_ERRORS, 'checkout_status_invalid', 'checkout_details_required', 'validation_failed'],
    example: { body: { payment_method: 'SEPA' }, answer: { transaction_token: EXAMPLE_ID, checkout: { ...EXAMPLE_FILLED, payment_method: 'SEPA', step: 'payment' } } },
  },
});

// ---- verify/* ------------------------------------------------------------------------------------

export const CHECKOUT_CODE_CHANNELS = ['email', 'mobile'] as const;
export type CheckoutCodeChannel = (typeof CHECKOUT_CODE_CHANNELS)[number];
const ChannelSchema = v.picklist(CHECKOUT_CODE_CHANNELS, 'Choose email or mobile.');

/** Where the identity step stands: not needed, needed and not sent, waiting for a decision, approved or rejected. */
export const IDENTITY_STANDINGS = ['not_needed', 'required', 'review', 'approved', 'rejected'] as const;

const CodeStateSchema = v.object({
  verified: v.boolean(),
  /** A live code is out (sent, not used, not expired). */
  sent: v.boolean(),
  /** Seconds until another code may be sent on this channel (0: now). */
  resend_after_s: v.number(),
  /** Where it goes, masked ("a•••@example.com", "•••• 3456"). */
  to: v.string(),
});

export const CheckVerifyAnswerSchema = v.object({
  _id: v.string(),
  status: CheckoutSchema.entries.status,
  payment_status: CheckoutSchema.entries.payment_status,
  /** Spec §3 checkout cookie verified: id is 1 once the identity was approved, else 3. */
  verified: CheckoutSchema.entries.verified,
  email: CodeStateSchema,
  mobile: CodeStateSchema,
  identity: v.picklist(IDENTITY_STANDINGS),
  /** Email, mobile and (when needed) identity are all done: an authorised card is captured. */
  cleared: v.boolean(),
  failure_reason: v.nullable(v.string()),
});
export type CheckVerifyAnswer = v.InferOutput<typeof CheckVerifyAnswerSchema>;

export const CheckoutCodeBodySchema = strictObject({
  channel: ChannelSchema,
  code: OtpCodeSchema,
});

export const CheckoutResendBodySchema = strictObject({
  channel: ChannelSchema,
  /** The message's language; default English. */
  language: v.optional(LanguageSchema),
});

export const ResetMobileBodySchema = strictObject({
  mobile: MobileSchema,
  language: v.optional(LanguageSchema),
});

export const CheckoutCodeSentSchema = v.object({
  channel: ChannelSchema,
  to: v.string(),
  expires_in: v.number(),
  resend_after: v.number(),
});

const EXAMPLE_VERIFY: CheckVerifyAnswer = {
  _id: EXAMPLE_ID,
  status: 'authorized',
  payment_status: 'authorized',
  verified: { email: true, mobile: false, id: 3 },
  email: { verified: true, sent: false, resend_after_s: 0, to: 'a•••@example.com' },
  mobile: { verified: false, sent: true, resend_after_s: 42, to: '•••• 3456' },
  identity: 'not_needed',
  cleared: false,
  failure_reason: null,
};
const CODE_ERRORS = ['invalid_code', 'code_expired', 'code_attempts_exceeded', 'code_resend_limited'] as const;

export const checkVerify = endpoint({
  id: 'checkoutVerify.read',
  method: 'GET',
  base: 'main',
  path: 'verify/checkVerify/{id}',
  caller: 'flow',
  params: CheckoutParamsSchema,
  answer: CheckVerifyAnswerSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Where the flow token\'s checkout stands on the verify account step: email and mobile verified, which codes are out, and the identity step.',
    errors: [...FLOW_ERRORS],
    example: { params: { id: EXAMPLE_ID }, answer: EXAMPLE_VERIFY },
  },
});

export const submitCheckoutCode = endpoint({
  id: 'checkoutVerify.code',
  method: 'POST',
  base: 'main',
  path: 'verify/checkVerify/{id}',
  caller: 'flow',
  params: CheckoutParamsSchema,
  body: CheckoutCodeBodySchema,
  answer: CheckVerifyAnswerSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Checks the email or mobile code of the flow token\'s checkout; a checkout that is then cleared has its authorised card captured.',
    description: 'A code is 6 digits, valid 10 minutes, used once; 5 wrong tries end it (ask for a new one with verify/resend). The answer is checkVerify\'s, after the clearance.',
    errors: [...FLOW_ERRORS, ...CODE_ERRORS, 'checkout_status_invalid', 'validation_failed'],
    example: { params: { id: EXAMPLE_ID }, body: { channel: 'mobile', code: '123456' }, answer: { ...EXAMPLE_VERIFY, verified: { email: true, mobile: true, id: 3 }, mobile: { verified: true, sent: false, resend_after_s: 0, to: '•••• 3456' }, status: 'successful', payment_status: 'successful', cleared: true } },
  },
});

export const resendCheckoutCode = endpoint({
  id: 'checkoutVerify.resend',
  method: 'POST',
  base: 'main',
  path: 'verify/resend',
  caller: 'flow',
  body: CheckoutResendBodySchema,
  answer: CheckoutCodeSentSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Sends a (new) code to the flow token\'s checkout email (channel email) or mobile (channel mobile); an earlier live code of that channel stops working.',
    description: 'One send a minute per channel and ten an hour; code_resend_limited says how long to wait (retry_after_s). In test mode the message is in the dev outbox.',
    errors: [...FLOW_ERRORS, 'code_resend_limited', 'checkout_status_invalid', 'checkout_details_required'],
    example: { body: { channel: 'email' }, answer: { channel: 'email', to: 'a•••@example.com', expires_in: 600, resend_after: 60 } },
  },
});

export const resetCheckoutMobile = endpoint({
  id: 'checkoutVerify.resetMobile',
  method: 'PATCH',
  base: 'main',
  path: 'verify/resetMobileCode/{id}',
  caller: 'flow',
  params: CheckoutParamsSchema,
  body: ResetMobileBodySchema,
  answer: CheckoutCodeSentSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Changes the mobile number of the flow token\'s checkout and sends a code to the new number; the mobile is unverified until that code is entered.',
    errors: [...FLOW_ERRORS, 'code_resend_limited', 'checkout_status_invalid', 'validation_failed'],
    example: { params: { id: EXAMPLE_ID }, body: { mobile: '+34600123456' }, answer: { channel: 'mobile', to: '•••• 3456', expires_in: 600, resend_after: 60 } },
  },
});

// ---- PATCH /checkout/updatekyc -------------------------------------------------------------------

/** What a guest may identify with: a photo document (one side is enough for the guest's check). */
export const GUEST_DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence'] as const;

const ImageBase64Schema = v.pipe(
  v.string(REQUIRED_FIELD),
  v.nonEmpty(REQUIRED_FIELD),
  v.maxLength(DOCUMENT_BASE64_MAX, 'The photo is larger than 8 MB. Take it again at a lower resolution, or upload a smaller copy.'),
  v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Send the photo as base64 (A-Z, a-z, 0-9, + and /).'),
);

export const CheckoutKycBodySchema = strictObject({
  document_type: v.picklist(GUEST_DOCUMENT_TYPES, `Choose one of: ${GUEST_DOCUMENT_TYPES.join(', ')}.`),
  document_number: v.pipe(v.string(REQUIRED_FIELD), v.trim(), v.nonEmpty(REQUIRED_FIELD), v.maxLength(40, 'Use at most 40 characters.')),
  issue_country: v.pipe(v.string(REQUIRED_FIELD), v.nonEmpty(REQUIRED_FIELD), CountryCodeSchema),
  /** The document's photo page (front), base64. */
  document_image: ImageBase64Schema,
  /** A selfie, base64. */
  selfie_image: ImageBase64Schema,
});
export type CheckoutKycBody = v.InferInput<typeof CheckoutKycBodySchema>;

export const updateCheckoutKyc = endpoint({
  id: 'checkout.updatekyc',
  method: 'PATCH',
  base: 'main',
  path: 'checkout/updatekyc',
  caller: 'flow',
  body: CheckoutKycBodySchema,
  answer: CheckVerifyAnswerSchema,
  format: 'checkout',
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Sends the guest\'s identity (document and selfie photos) for the flow token\'s checkout, when it needs one; approved sets verified.id 1 and may capture the card, rejected ends the checkout with nothing held.',
    description:
      'Once per checkout, after the card was authorised (or with a bank method). Photos are JPEG, PNG or WebP, at most 8 MB, at least 600 x 400; their metadata is cut and they are stored sealed. In test mode the test KYC provider decides at once by the document number or the last name (TEST-APPROVED or last name Approved: approved; TEST-EXPIRED and the other TEST- cases or last name Rejected: rejected; anything else: review by an operator). The answer is checkVerify\'s.',
    errors: [...FLOW_ERRORS, 'checkout_status_invalid', 'checkout_identity_not_needed', 'checkout_identity_already_sent', 'document_not_image', 'document_type_unsupported', 'document_damaged', 'document_too_large', 'document_too_small', 'document_too_many_pixels', 'payload_too_large', 'validation_failed'],
    example: {
      body: { document_type: 'passport', document_number: 'TEST-APPROVED', issue_country: 'ES', document_image: '/9j/4AAQSkZJRgABAQ==', selfie_image: '/9j/4AAQSkZJRgABAQ==' },
      answer: { ...EXAMPLE_VERIFY, verified: { email: true, mobile: true, id: 1 }, email: { ...EXAMPLE_VERIFY.email }, mobile: { verified: true, sent: false, resend_after_s: 0, to: '•••• 3456' }, identity: 'approved', cleared: true, status: 'successful', payment_status: 'successful' },
    },
  },
});

export const CHECKOUT_STEP_ENDPOINTS = [checkoutConfirm, checkVerify, submitCheckoutCode, resendCheckoutCode, resetCheckoutMobile, updateCheckoutKyc];
