// Online banking: the platform's side of the test bank's redirect payment. The bank posts its
// signed result to the callback (Bank-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">); the two
// test-mode-only calls start a bank payment and read what the callback stored, so a browser test (or a
// person) can go through the bank's approval page without a checkout. A guest checkout pays through the
// same bank and callback (paynet-bank.ts: paynet/onlineBanking).

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { object } from './schema-kit.ts';

/** What the bank says happened; `pending` is ours only: created, no verified callback yet. */
export const BANK_DECISIONS = ['approved', 'refused', 'failed'] as const;
export const BANK_PAYMENT_STATUSES = ['pending', ...BANK_DECISIONS] as const;

const BankId = (prefix: string) => v.pipe(v.string('Send the id as text.'), v.regex(new RegExp(`^${prefix}_[A-Za-z0-9]{8,64}$`), 'The id is malformed.'));
export const BankPaymentIdSchema = BankId('bp');
/** Minor units as a decimal string (bigint-safe), above zero. */
export const MinorUnitsSchema = v.pipe(v.string('Send the amount in minor units as a string.'), v.regex(/^[1-9][0-9]{0,17}$/, 'Send the amount as whole minor units above zero, like "1250".'));
export const BankCurrencySchema = v.pipe(v.string('Send the currency.'), v.regex(/^[A-Z]{3}$/, 'Send an ISO 4217 currency code like EUR or ZAR.'));
const Reference = v.pipe(v.string('Send the reference.'), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'The reference is 1 to 64 letters, digits, _ or -.'));

export const BankCallbackSchema = object({
  /** The callback's own id: retries of one result carry the same id, so a replay is recognised. */
  id: BankId('cb'),
  payment_id: BankPaymentIdSchema,
  reference: Reference,
  status: v.picklist(BANK_DECISIONS, 'The status is approved, refused or failed.'),
  amount: MinorUnitsSchema,
  currency: BankCurrencySchema,
});

export const BankCallbackAnswerSchema = v.object({
  /** False when this callback id was already applied or the payment already had its result: acknowledged, nothing changed. */
  applied: v.boolean(),
  status: v.picklist(BANK_PAYMENT_STATUSES),
});

export const BankPaymentSchema = v.object({
  payment_id: v.string(),
  reference: v.string(),
  amount: v.string(),
  currency: v.string(),
  status: v.picklist(BANK_PAYMENT_STATUSES),
  /** When the verified callback was stored; null while pending. */
  callback_received_at: v.nullable(v.string()),
});

export const StartTestBankPaymentSchema = object({
  amount: MinorUnitsSchema,
  currency: v.optional(BankCurrencySchema, 'EUR'),
  description: v.optional(v.pipe(v.string('Send text.'), v.trim(), v.nonEmpty('Say what the payment is for.'), v.maxLength(140, 'Use at most 140 characters.')), 'Test order'),
});

export const StartTestBankPaymentAnswerSchema = v.object({
  payment_id: v.string(),
  reference: v.string(),
  /** Where the buyer's browser goes: the test bank's approval page, on its own origin. */
  approval_url: v.string(),
});

export const bankCallback = endpoint({
  id: 'onlineBanking.callback',
  method: 'POST',
  base: 'main',
  path: 'paynet/onlineBanking/callback',
  caller: 'public',
  body: BankCallbackSchema,
  answer: BankCallbackAnswerSchema,
  idempotency: false,
  rate: 'standard',
  testModeOnly: true,
  docs: {
    summary: 'The test bank posts the result of a bank payment here, signed; it is stored before the 2xx answer.',
    description:
      'Signed with the header `Bank-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` and the bank secret (HKDF-SHA256 of APP_SECRET, info `paykit test bank v1`). ' +
      'A timestamp more than 5 minutes away, another secret or a changed body is 401. A callback id seen before, or a payment that already has its result, is answered 200 with `applied: false` and changes nothing. ' +
      'Anything but 2xx makes the bank retry with backoff. Test mode only until a live bank is connected.',
    errors: ['unauthorized', 'not_found'],
    example: {
      body: { id: 'cb_3k9Xq2LmP0aZ', payment_id: 'bp_7Hn2Qw9ErT1y', reference: 'ob_5gT2mW8pLq3z', status: 'approved', amount: '1250', currency: 'EUR' },
      answer: { applied: true, status: 'approved' },
    },
  },
});

export const startTestBankPayment = endpoint({
  id: 'onlineBanking.startTestPayment',
  method: 'POST',
  base: 'main',
  path: 'paynet/onlineBanking/testPayment',
  caller: 'public',
  body: StartTestBankPaymentSchema,
  answer: StartTestBankPaymentAnswerSchema,
  idempotency: false,
  rate: 'faucet',
  testModeOnly: true,
  docs: {
    summary: 'Test mode: creates a payment at the test bank (as the checkout will) and answers its approval page.',
    description: 'The bank brings the browser back to `GET /v1/paynet/onlineBanking/testPayment?payment_id=…`, which shows the stored result.',
    errors: ['bank_unavailable'],
    example: {
      body: { amount: '1250', currency: 'EUR', description: 'Test order' },
      answer: { payment_id: 'bp_7Hn2Qw9ErT1y', reference: 'ob_5gT2mW8pLq3z', approval_url: 'http://127.0.0.1:4100/approve/bp_7Hn2Qw9ErT1y' },
    },
  },
});

export const testBankPayment = endpoint({
  id: 'onlineBanking.testPayment',
  method: 'GET',
  base: 'main',
  path: 'paynet/onlineBanking/testPayment',
  caller: 'public',
  query: object({ payment_id: BankPaymentIdSchema }),
  answer: BankPaymentSchema,
  idempotency: false,
  rate: 'faucet',
  testModeOnly: true,
  docs: {
    summary: 'Test mode: a bank payment as the platform stored it (pending until the signed callback came).',
    errors: ['not_found'],
    example: {
      query: { payment_id: 'bp_7Hn2Qw9ErT1y' },
      answer: { payment_id: 'bp_7Hn2Qw9ErT1y', reference: 'ob_5gT2mW8pLq3z', amount: '1250', currency: 'EUR', status: 'approved', callback_received_at: '2026-11-24T06:10:00.000Z' },
    },
  },
});

export const ONLINE_BANKING_ENDPOINTS = [bankCallback, startTestBankPayment, testBankPayment];
