// Refunds and accepted exceptions (core/payments/refund-rules.ts): a signed-in merchant user decides
// about its own payments that were overpaid, underpaid, late or invalid: accept one as settled, or refund
// money to the buyer through a claim link; the buyer, without an account, opens the link, reads what is
// refunded and gives an address. A member without a merchant gets 403 forbidden.
//
// The claim token travels in the link (like a password-reset link) and is sent in a POST body, never in
// a query string, so it stays out of access logs.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { AmountInputSchema, CryptoSchema, Decimal, EmailSchema, IsoTime, OpaqueTokenSchema, required } from './fields.ts';
import { TRANSACTION_TOKEN_PATTERN } from './merchant-payments.ts';
import { object, strictObject } from './schema-kit.ts';

const PaymentIdField = v.pipe(v.string('Send the payment token (pay_...) as transaction_id.'), v.trim(), v.regex(TRANSACTION_TOKEN_PATTERN, 'Send the payment token (pay_...) as transaction_id.'));
const RefundIdField = v.pipe(v.string('Send the refund id (rfd_...).'), v.trim(), v.regex(/^rfd_[A-Za-z0-9_-]{22}$/, 'Send the refund id (rfd_...).'));
const LangField = v.optional(v.picklist(['en', 'es'], 'Choose en or es.'), 'en');

export const REFUND_STATUSES = ['claimable', 'sent', 'expired', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const AcceptPaymentSchema = strictObject({ transaction_id: PaymentIdField });
export const CreateRefundSchema = strictObject({
  transaction_id: PaymentIdField,
  amount: AmountInputSchema,
  /** Where the claim link is mailed; without it the merchant passes the link on itself. */
  buyer_email: v.optional(EmailSchema),
  lang: LangField,
});
export type CreateRefundInput = v.InferOutput<typeof CreateRefundSchema>;
export const ListRefundsQuery = object({ transaction_id: PaymentIdField });
export const SendRefundLinkSchema = strictObject({ refund_id: RefundIdField, buyer_email: EmailSchema, lang: LangField });
export const ClaimTokenSchema = strictObject({ token: OpaqueTokenSchema });
export const SubmitClaimSchema = strictObject({ token: OpaqueTokenSchema, address: v.pipe(required(), v.maxLength(128, 'The address is too long.')) });

/** One refund, as its merchant sees it. */
export const RefundRecordSchema = v.object({
  refund_id: v.string(),
  transaction_token: v.string(),
  status: v.picklist(REFUND_STATUSES),
  currency: CryptoSchema,
  /** What leaves the merchant's books. */
  amount: Decimal,
  network_fee: Decimal,
  /** amount - network_fee: what reaches the buyer's address. */
  buyer_receives: Decimal,
  buyer_email: v.nullable(v.string()),
  /** The buyer's link while it can still be used; null once sent or expired. */
  claim_url: v.nullable(v.string()),
  claim_expires_at: IsoTime,
  address: v.nullable(v.string()),
  /** Null until the payout is broadcast (a 'sent' refund's coins may still be on their way to the node). */
  txid: v.nullable(v.string()),
  created_at: IsoTime,
  sent_at: v.nullable(IsoTime),
});
export type RefundRecord = v.InferOutput<typeof RefundRecordSchema>;

export const CreatedRefundSchema = v.object({ ...RefundRecordSchema.entries, mailed: v.boolean() });
export type CreatedRefund = v.InferOutput<typeof CreatedRefundSchema>;

/** What can be decided about a payment now, with its figures, and the refunds made so far (newest first). */
export const PaymentRefundsSchema = v.object({
  transaction_token: v.string(),
  status: v.picklist(['new', 'processing', 'settled', 'expired', 'invalid']),
  exception: v.nullable(v.picklist(['paid_partial', 'paid_over', 'paid_late'])),
  currency: v.nullable(CryptoSchema),
  amount_due: v.nullable(Decimal),
  /** Received and confirmed on the chain. */
  received: Decimal,
  /** Claimable and sent refunds together. */
  refunded: Decimal,
  max_refund: Decimal,
  default_refund: Decimal,
  network_fee: Decimal,
  can_accept: v.boolean(),
  /** What an accept would credit, fee excluded, and the fee (zero when it cannot be accepted). */
  accept_credit: Decimal,
  accept_fee: Decimal,
  can_refund: v.boolean(),
  accepted_at: v.nullable(IsoTime),
  refunds: v.array(RefundRecordSchema),
});
export type PaymentRefunds = v.InferOutput<typeof PaymentRefundsSchema>;

export const AcceptedPaymentSchema = v.object({
  transaction_token: v.string(),
  status: v.literal('settled'),
  exception: v.nullable(v.picklist(['paid_partial', 'paid_over', 'paid_late'])),
  currency: CryptoSchema,
  received: Decimal,
  credited: Decimal,
  fee: Decimal,
  accepted_at: IsoTime,
});
export type AcceptedPayment = v.InferOutput<typeof AcceptedPaymentSchema>;

/** The buyer's view of a refund claim: who refunds, how much, in which coin, and where it went once sent. */
export const RefundClaimSchema = v.object({
  merchant_name: v.string(),
  status: v.picklist(REFUND_STATUSES),
  currency: CryptoSchema,
  amount: Decimal,
  network_fee: Decimal,
  buyer_receives: Decimal,
  expires_at: IsoTime,
  /** What an address of this coin looks like on this network, for the form's hint. */
  address_hint: v.string(),
  /** How an address of this coin starts on this network ('tb1', '0x'), for a hint in the page's language. */
  address_start: v.string(),
  address: v.nullable(v.string()),
  txid: v.nullable(v.string()),
});
export type RefundClaim = v.InferOutput<typeof RefundClaimSchema>;

const SESSION_ERRORS = ['unauthorized', 'invalid_session', 'double_auth_required', 'forbidden'] as const;
const EXAMPLE_TOKEN = 'pay_Q2hlY2tvdXQtZXhhbXBsZT';
const EXAMPLE_REFUND = 'rfd_UmVmdW5kLWV4YW1wbGUtMQ';
const EXAMPLE_CLAIM = 'cG9zdGFsLWNsYWltLWV4YW1wbGUtdG9rZW4tdmFsdWU';
const EXAMPLE_TIME = '2026-11-23T10:00:00.000Z';
const EXAMPLE_LATER = '2026-12-07T10:00:00.000Z';
const EXAMPLE_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const EXAMPLE_TXID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const EXAMPLE_RECORD: RefundRecord = {
  refund_id: EXAMPLE_REFUND,
  transaction_token: EXAMPLE_TOKEN,
  status: 'claimable',
  currency: 'BTC',
  amount: '0.00050000',
  network_fee: '0.00000000',
  buyer_receives: '0.00050000',
  buyer_email: 'buyer@example.com',
  claim_url: `https://wallet.example.com/sys-wallets/refund/${EXAMPLE_CLAIM}`,
  claim_expires_at: EXAMPLE_LATER,
  address: null,
  txid: null,
  created_at: EXAMPLE_TIME,
  sent_at: null,
};

export const acceptPayment = endpoint({
  id: 'refunds.acceptPayment',
  method: 'POST',
  base: 'main',
  path: 'merchant/payments/accept',
  caller: 'member',
  body: AcceptPaymentSchema,
  answer: AcceptedPaymentSchema,
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Accepts an invalid payment (paid late, or underpaid when its window closed) as settled, or the money that came after an overpaid payment settled: what was received, less the fee, is credited once.',
    description: 'Sends `payment.accepted` with what this accept credited. The answer gives the payment\'s totals (`credited`, `fee`). Accepting again, with nothing new received, answers the settled payment as it is and credits nothing more.',
    errors: [...SESSION_ERRORS, 'payment_not_found', 'payment_not_acceptable'],
    example: {
      body: { transaction_id: EXAMPLE_TOKEN },
      answer: { transaction_token: EXAMPLE_TOKEN, status: 'settled', exception: 'paid_late', currency: 'BTC', received: '0.00120000', credited: '0.00118800', fee: '0.00001200', accepted_at: EXAMPLE_TIME },
    },
  },
});

export const createRefund = endpoint({
  id: 'refunds.createRefund',
  method: 'POST',
  base: 'main',
  path: 'merchant/payments/refunds',
  caller: 'member',
  body: CreateRefundSchema,
  answer: CreatedRefundSchema,
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Refunds money received for one of your payments: the amount is reserved and the buyer gets a link to claim it with their address.',
    description:
      'At most what was received, less what was already refunded. The link is mailed to `buyer_email` when given, and is in `claim_url` for you to pass on. The network fee is taken from the amount (`buyer_receives`). Send an Idempotency-Key: a retry with it makes no second refund.',
    errors: ['coin_unavailable', ...SESSION_ERRORS, 'payment_not_found', 'payment_not_refundable', 'insufficient_funds'],
    example: { body: { transaction_id: EXAMPLE_TOKEN, amount: '0.0005', buyer_email: 'buyer@example.com', lang: 'en' }, answer: { ...EXAMPLE_RECORD, mailed: true } },
  },
});

export const listRefunds = endpoint({
  id: 'refunds.listRefunds',
  method: 'GET',
  base: 'main',
  path: 'merchant/payments/refunds',
  caller: 'member',
  query: ListRefundsQuery,
  answer: PaymentRefundsSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'What you can decide about one of your payments (accept, refund and up to how much) and its refunds.',
    errors: [...SESSION_ERRORS, 'payment_not_found'],
    example: {
      query: { transaction_id: EXAMPLE_TOKEN },
      answer: {
        transaction_token: EXAMPLE_TOKEN,
        status: 'settled',
        exception: 'paid_over',
        currency: 'BTC',
        amount_due: '0.00120000',
        received: '0.00170000',
        refunded: '0.00050000',
        max_refund: '0.00120000',
        default_refund: '0.00000000',
        network_fee: '0.00000000',
        can_accept: false,
        accept_credit: '0.00000000',
        accept_fee: '0.00000000',
        can_refund: true,
        accepted_at: null,
        refunds: [EXAMPLE_RECORD],
      },
    },
  },
});

export const sendRefundLink = endpoint({
  id: 'refunds.sendLink',
  method: 'POST',
  base: 'main',
  path: 'merchant/payments/refunds/send',
  caller: 'member',
  body: SendRefundLinkSchema,
  answer: CreatedRefundSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: "Mails a refund's claim link to the buyer (and keeps the address as the refund's buyer e-mail).",
    errors: [...SESSION_ERRORS, 'refund_not_found', 'refund_claim_used', 'refund_claim_expired'],
    example: { body: { refund_id: EXAMPLE_REFUND, buyer_email: 'buyer@example.com', lang: 'en' }, answer: { ...EXAMPLE_RECORD, mailed: true } },
  },
});

const EXAMPLE_CLAIM_ANSWER: RefundClaim = {
  merchant_name: 'Verdant Garden Supplies',
  status: 'claimable',
  currency: 'BTC',
  amount: '0.00050000',
  network_fee: '0.00000000',
  buyer_receives: '0.00050000',
  expires_at: EXAMPLE_LATER,
  address_hint: 'look like tb1q...',
  address_start: 'tb1',
  address: null,
  txid: null,
};

export const readRefundClaim = endpoint({
  id: 'refunds.readClaim',
  method: 'POST',
  base: 'main',
  path: 'refunds/claim',
  caller: 'public',
  body: ClaimTokenSchema,
  answer: RefundClaimSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: "The buyer's refund claim: who refunds, how much, in which coin; once sent, the address and the transaction id.",
    errors: ['refund_claim_not_found', 'refund_claim_expired'],
    example: { body: { token: EXAMPLE_CLAIM }, answer: EXAMPLE_CLAIM_ANSWER },
  },
});

export const submitRefundClaim = endpoint({
  id: 'refunds.submitClaim',
  method: 'POST',
  base: 'main',
  path: 'refunds/claim/address',
  caller: 'public',
  body: SubmitClaimSchema,
  answer: RefundClaimSchema,
  idempotency: false,
  rate: 'auth',
  docs: {
    summary: 'Gives the address the refund is paid to; it is sent on the chain at once and answered with its transaction id. A link works once.',
    errors: ['coin_unavailable', 'refund_claim_not_found', 'refund_claim_expired', 'refund_claim_used', 'address_invalid', 'payout_rejected', 'refund_payout_unavailable'],
    example: { body: { token: EXAMPLE_CLAIM, address: EXAMPLE_ADDRESS }, answer: { ...EXAMPLE_CLAIM_ANSWER, status: 'sent', address: EXAMPLE_ADDRESS, txid: EXAMPLE_TXID } },
  },
});

export const REFUNDS_ENDPOINTS = [acceptPayment, createRefund, listRefunds, sendRefundLink, readRefundClaim, submitRefundClaim];
