// Withdrawals (spec §7 POST /transactions/withdrawal, crypto and fiat) and the saved bank accounts
// fiat goes to (/users/getUserBeneficiaries, /users/addBeneficiary). A withdrawal starts 2-FA Pending
// and a code goes to the member by e-mail; confirming with the code reserves the funds, and the
// payout worker sends it. Resend and cancel act on a withdrawal still waiting for its code. Fiat
// withdrawals need the Withdraw Fiat permission (spec §6).

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { AccountFiatSchema, AmountInputSchema, CryptoSchema, REQUIRED_FIELD, required } from './fields.ts';
import { object } from './schema-kit.ts';
import { EXAMPLE_TRANSACTION, TransactionDetailsAnswerSchema, TransactionIdSchema, TransactionRecordSchema, type TransactionRecord } from './transactions.ts';

export const WithdrawalSchema = v.variant(
  'method',
  [
    object({ method: v.literal('crypto'), currency: CryptoSchema, amount: AmountInputSchema, address: v.pipe(required(), v.maxLength(128, 'The address is too long.')) }),
    object({ method: v.literal('wire'), currency: AccountFiatSchema, amount: AmountInputSchema, beneficiary_id: v.pipe(required(), v.maxLength(64, 'The beneficiary id is too long.')) }),
  ],
  'Choose a withdrawal method: crypto or wire.',
);
export type WithdrawalInput = v.InferInput<typeof WithdrawalSchema>;

export const WithdrawalAnswerSchema = v.object({
  transaction: TransactionRecordSchema,
  /** Masked e-mail address the code went to. */
  code_sent_to: v.string(),
});
export type WithdrawalAnswer = v.InferOutput<typeof WithdrawalAnswerSchema>;

export const ConfirmWithdrawalSchema = object({
  transaction_id: v.pipe(required(), v.maxLength(64, 'The transaction id is too long.')),
  code: v.pipe(v.string(REQUIRED_FIELD), v.trim(), v.regex(/^\d{6}$/, 'Enter the 6-digit code.')),
});

export const AddBeneficiarySchema = object({
  name: v.pipe(required(), v.maxLength(100, 'Use at most 100 characters.')),
  bank_name: v.pipe(required(), v.maxLength(100, 'Use at most 100 characters.')),
  iban: v.pipe(v.string(REQUIRED_FIELD), v.transform((raw) => raw.replace(/\s/g, '').toUpperCase()), v.regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, 'Enter the IBAN, starting with the country code, like DE89 3704 0044 0532 0130 00.')),
  swift: v.pipe(v.string(REQUIRED_FIELD), v.transform((raw) => raw.replace(/\s/g, '').toUpperCase()), v.regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'Enter the 8 or 11 character SWIFT/BIC code.')),
  currency: AccountFiatSchema,
});

export const BeneficiarySchema = v.object({
  id: v.string(),
  name: v.string(),
  bank_name: v.string(),
  /** Masked: country, check digits and the last 4 characters. */
  iban: v.string(),
  swift: v.string(),
  currency: AccountFiatSchema,
});
export type Beneficiary = v.InferOutput<typeof BeneficiarySchema>;

export const BeneficiariesAnswerSchema = v.object({ beneficiaries: v.array(BeneficiarySchema) });
export type BeneficiariesAnswer = v.InferOutput<typeof BeneficiariesAnswerSchema>;

export const AddBeneficiaryAnswerSchema = v.object({ beneficiary: BeneficiarySchema });
export type AddBeneficiaryAnswer = v.InferOutput<typeof AddBeneficiaryAnswerSchema>;

const MEMBER_ERRORS = ['unauthorized', 'invalid_session', 'double_auth_required'] as const;
const IDEMPOTENCY_ERRORS = ['idempotency_key_reused', 'idempotency_in_flight'] as const;

const EXAMPLE_WITHDRAWAL: TransactionRecord = {
  ...EXAMPLE_TRANSACTION,
  id: 'txn_01JDQB7C8D9E0F1G2H3J4K5M6N',
  type: 'withdrawal',
  operation: null,
  status: 'initial',
  payment_status: null,
  method: 'crypto',
  currency_iso: 'BTC',
  amount: '0.00500000',
  currency_2_iso: null,
  amount_2: null,
  fee: '0.00010000',
  fee_currency: 'BTC',
  rate: null,
  counterparty: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
};
const EXAMPLE_BENEFICIARY: Beneficiary = { id: 'ben_01JDQC', name: 'Ana Lopez', bank_name: 'Deutsche Bank', iban: 'DE89 •••• 3000', swift: 'DEUTDEFF', currency: 'EUR' };

export const withdrawal = endpoint({
  id: 'withdrawals.withdrawal',
  method: 'POST',
  base: 'main',
  path: 'transactions/withdrawal',
  caller: 'member',
  body: WithdrawalSchema,
  answer: WithdrawalAnswerSchema,
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Starts a crypto or wire withdrawal and mails the member the code that confirms it.',
    errors: [
      'coin_unavailable',
      'insufficient_funds',
      'address_invalid',
      'beneficiary_not_found',
      'operation_disabled',
      'amount_below_minimum',
      'amount_above_maximum',
      'code_resend_limited',
      'limit_exceeded',
      'rates_unavailable',
      'provider_not_found',
      'provider_not_configured',
      ...IDEMPOTENCY_ERRORS,
      ...MEMBER_ERRORS,
    ],
    example: {
      body: { method: 'crypto', currency: 'BTC', amount: '0.005', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' },
      answer: { transaction: EXAMPLE_WITHDRAWAL, code_sent_to: 'a***@example.com' },
    },
  },
});

export const withdrawalConfirm = endpoint({
  id: 'withdrawals.confirm',
  method: 'POST',
  base: 'main',
  path: 'transactions/withdrawal/confirm',
  caller: 'member',
  body: ConfirmWithdrawalSchema,
  answer: TransactionDetailsAnswerSchema,
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Confirms a withdrawal with the code from the e-mail, which reserves the funds until it is sent.',
    errors: ['coin_unavailable', 'invalid_code', 'code_expired', 'code_attempts_exceeded', 'insufficient_funds', 'transaction_not_found', 'transaction_not_pending', ...IDEMPOTENCY_ERRORS, ...MEMBER_ERRORS],
    example: {
      body: { transaction_id: EXAMPLE_WITHDRAWAL.id, code: '123456' },
      answer: { transaction: { ...EXAMPLE_WITHDRAWAL, status: 'pending' } },
    },
  },
});

export const withdrawalResend = endpoint({
  id: 'withdrawals.resend',
  method: 'POST',
  base: 'main',
  path: 'transactions/withdrawal/resend',
  caller: 'member',
  body: TransactionIdSchema,
  answer: WithdrawalAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Mails a new code for a withdrawal still waiting for one (a lost mail or an expired code).',
    errors: ['code_resend_limited', 'transaction_not_found', 'transaction_not_pending', ...MEMBER_ERRORS],
    example: { body: { transaction_id: EXAMPLE_WITHDRAWAL.id }, answer: { transaction: EXAMPLE_WITHDRAWAL, code_sent_to: 'a***@example.com' } },
  },
});

export const withdrawalCancel = endpoint({
  id: 'withdrawals.cancel',
  method: 'POST',
  base: 'main',
  path: 'transactions/withdrawal/cancel',
  caller: 'member',
  body: TransactionIdSchema,
  answer: TransactionDetailsAnswerSchema,
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Calls off a withdrawal that has not been sent yet; reserved funds return to the wallet.',
    errors: ['transaction_not_found', 'transaction_not_pending', ...IDEMPOTENCY_ERRORS, ...MEMBER_ERRORS],
    example: { body: { transaction_id: EXAMPLE_WITHDRAWAL.id }, answer: { transaction: { ...EXAMPLE_WITHDRAWAL, status: 'canceled' } } },
  },
});

export const getUserBeneficiaries = endpoint({
  id: 'withdrawals.getUserBeneficiaries',
  method: 'GET',
  base: 'main',
  path: 'users/getUserBeneficiaries',
  caller: 'member',
  answer: BeneficiariesAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The bank accounts the member saved for fiat withdrawals, IBANs masked.',
    errors: [...MEMBER_ERRORS],
    example: { answer: { beneficiaries: [EXAMPLE_BENEFICIARY] } },
  },
});

export const addBeneficiary = endpoint({
  id: 'withdrawals.addBeneficiary',
  method: 'POST',
  base: 'main',
  path: 'users/addBeneficiary',
  caller: 'member',
  body: AddBeneficiarySchema,
  answer: AddBeneficiaryAnswerSchema,
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Saves a bank account for fiat withdrawals; the IBAN\'s check digits are checked, and the same account twice answers the saved one.',
    errors: [...IDEMPOTENCY_ERRORS, ...MEMBER_ERRORS],
    example: {
      body: { name: 'Ana Lopez', bank_name: 'Deutsche Bank', iban: 'DE89 3704 0044 0532 0130 00', swift: 'DEUTDEFF', currency: 'EUR' },
      answer: { beneficiary: EXAMPLE_BENEFICIARY },
    },
  },
});

export const WITHDRAWALS_ENDPOINTS = [withdrawal, withdrawalConfirm, withdrawalResend, withdrawalCancel, getUserBeneficiaries, addBeneficiary];
