// Fiat deposits: by card through the test acquirer (a new card or a saved one, with its 3-D Secure
// challenge) or by wire (the answer says where to send the money and the reference to quote), and
// the member's saved cards. The spec leaves these calls to us. A deposit takes an Idempotency-Key,
// so a retried click charges once. In live mode cards go to the acquirer's hosted fields, never to us.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { AccountFiatSchema, AmountInputSchema, AssetSchema, Decimal, REQUIRED_FIELD, required } from './fields.ts';
import { object } from './schema-kit.ts';
import { EXAMPLE_TRANSACTION, TransactionRecordSchema, type TransactionRecord } from './transactions.ts';

/** Test-acquirer card input. */
export const CardInputSchema = object({
  number: v.pipe(v.string(REQUIRED_FIELD), v.transform((raw) => raw.replace(/[\s-]/g, '')), v.regex(/^\d{12,19}$/, 'Enter the card number: 12 to 19 digits.')),
  exp_month: v.pipe(v.string(REQUIRED_FIELD), v.regex(/^(0?[1-9]|1[0-2])$/, 'Enter the expiry month, 01 to 12.')),
  exp_year: v.pipe(v.string(REQUIRED_FIELD), v.regex(/^(\d{2}|\d{4})$/, 'Enter the expiry year, like 28 or 2028.')),
  cvc: v.pipe(v.string(REQUIRED_FIELD), v.regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code.')),
  holder: v.pipe(required(), v.maxLength(100, 'Use at most 100 characters.')),
});

export const DepositSchema = v.variant(
  'method',
  [
    object({ method: v.literal('card'), currency: AccountFiatSchema, amount: AmountInputSchema, card: CardInputSchema }),
    /** A saved card (GET /users/getUserCards). */
    object({ method: v.literal('saved_card'), currency: AccountFiatSchema, amount: AmountInputSchema, card_id: v.pipe(required(), v.maxLength(64, 'The card id is too long.')) }),
    object({ method: v.literal('wire'), currency: AccountFiatSchema, amount: AmountInputSchema }),
  ],
  'Choose a deposit method: card, saved_card or wire.',
);
export type DepositInput = v.InferInput<typeof DepositSchema>;

/** Where to send a wire and the reference to quote. */
export const WireInstructionsSchema = v.object({
  reference: v.string(),
  amount: Decimal,
  currency: AssetSchema,
  bank_name: v.string(),
  account_holder: v.string(),
  iban: v.string(),
  swift: v.string(),
});
export type WireInstructions = v.InferOutput<typeof WireInstructionsSchema>;

export const DepositAnswerSchema = v.object({
  transaction: TransactionRecordSchema,
  /** A card that needs 3-D Secure: finish with POST /transactions/deposit/3ds. */
  next_action: v.nullable(v.object({ type: v.literal('three_d_secure'), transaction_id: v.string() })),
  /** Wire deposits: where to send the money and the reference to quote. */
  wire_instructions: v.nullable(WireInstructionsSchema),
});
export type DepositAnswer = v.InferOutput<typeof DepositAnswerSchema>;

/** The test acquirer's 3-D Secure challenge, answered by the member. */
export const ThreeDSecureSchema = object({
  transaction_id: v.pipe(required(), v.maxLength(64, 'The transaction id is too long.')),
  outcome: v.picklist(['approve', 'fail'], 'Choose approve or fail.'),
});

/** Cards are kept as acquirer tokens; we hold no card number. */
export const CardsAnswerSchema = v.object({
  cards: v.array(v.object({ id: v.string(), brand: v.string(), last4: v.string(), exp_month: v.string(), exp_year: v.string(), holder: v.string() })),
});
export type CardsAnswer = v.InferOutput<typeof CardsAnswerSchema>;

const MEMBER_ERRORS = ['unauthorized', 'invalid_session', 'double_auth_required'] as const;
const IDEMPOTENCY_ERRORS = ['idempotency_key_reused', 'idempotency_in_flight'] as const;

const EXAMPLE_CARD_DEPOSIT: TransactionRecord = {
  ...EXAMPLE_TRANSACTION,
  id: 'txn_01JDQ9A1B2C3D4E5F6G7H8J9KM',
  type: 'deposit',
  operation: null,
  status: 'initial',
  payment_status: 'pending',
  method: 'card',
  amount: '100.00',
  currency_2_iso: null,
  amount_2: null,
  fee: '2.50',
  rate: null,
  counterparty: 'VISA •••• 4242',
};

export const deposit = endpoint({
  id: 'deposits.deposit',
  method: 'POST',
  base: 'main',
  path: 'transactions/deposit',
  caller: 'member',
  body: DepositSchema,
  answer: DepositAnswerSchema,
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Adds fiat to the member\'s wallet by card, saved card or wire; a card may first need its 3-D Secure challenge.',
    errors: ['card_declined', 'card_invalid', 'amount_below_minimum', 'amount_above_maximum', 'limit_exceeded', 'rates_unavailable', 'provider_not_found', 'provider_not_configured', ...IDEMPOTENCY_ERRORS, ...MEMBER_ERRORS],
    example: {
      body: { method: 'card', currency: 'EUR', amount: '100.00', card: { number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2028', cvc: '123', holder: 'Ana Lopez' } },
      answer: { transaction: EXAMPLE_CARD_DEPOSIT, next_action: { type: 'three_d_secure', transaction_id: EXAMPLE_CARD_DEPOSIT.id }, wire_instructions: null },
    },
  },
});

export const depositThreeDSecure = endpoint({
  id: 'deposits.threeDSecure',
  method: 'POST',
  base: 'main',
  path: 'transactions/deposit/3ds',
  caller: 'member',
  body: ThreeDSecureSchema,
  answer: DepositAnswerSchema,
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Answers the test acquirer\'s 3-D Secure challenge of a card deposit: approve charges the card, fail declines it.',
    errors: ['card_declined', 'transaction_not_found', 'transaction_not_pending', ...IDEMPOTENCY_ERRORS, ...MEMBER_ERRORS],
    example: {
      body: { transaction_id: EXAMPLE_CARD_DEPOSIT.id, outcome: 'approve' },
      answer: { transaction: { ...EXAMPLE_CARD_DEPOSIT, status: 'completed', payment_status: 'successful' }, next_action: null, wire_instructions: null },
    },
  },
});

export const getUserCards = endpoint({
  id: 'deposits.getUserCards',
  method: 'GET',
  base: 'main',
  path: 'users/getUserCards',
  caller: 'member',
  answer: CardsAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The member\'s saved cards, newest first, to deposit with again.',
    errors: [...MEMBER_ERRORS],
    example: { answer: { cards: [{ id: 'card_01JDQ9', brand: 'visa', last4: '4242', exp_month: '12', exp_year: '2028', holder: 'Ana Lopez' }] } },
  },
});

export const DEPOSITS_ENDPOINTS = [deposit, depositThreeDSecure, getUserCards];
