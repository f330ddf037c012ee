// The developers section of a merchant's profile: secret API keys (list, create shown once, label, revoke,
// roll with an overlap like Stripe's) and, in test mode only, a simulator that creates a payment for the
// merchant and drives it through the test network to each state, and a switch that makes the merchant's
// webhook endpoint fail for a while. All for a signed-in merchant user; a member's session is 403 forbidden.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { CryptoSchema, Decimal, IsoTime } from './fields.ts';
import { strictObject } from './schema-kit.ts';
import { WebhookEventRecordSchema } from './webhooks.ts';

export const API_KEY_STATES = ['active', 'expiring', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

/** How long a rolled key keeps working beside its successor. */
export const ROLL_OVERLAPS = ['now', '1h', '24h', '7d'] as const;
export type RollOverlap = (typeof ROLL_OVERLAPS)[number];
export const ROLL_OVERLAP_MS: Record<RollOverlap, number> = { now: 0, '1h': 3_600_000, '24h': 86_400_000, '7d': 604_800_000 };

const KeyIdSchema = v.pipe(v.string('Send the key id.'), v.trim(), v.regex(/^[1-9]\d{0,18}$/, 'Send the key id as the list gives it.'));
const LabelSchema = v.pipe(v.string('Send a label.'), v.trim(), v.nonEmpty('Give the key a label, such as "production server".'), v.maxLength(100, 'Use at most 100 characters.'));
/** A fresh random id per create (a UUID): a retried create finds the key it made instead of making another. */
const RequestIdSchema = v.pipe(v.string('Send a request id.'), v.trim(), v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'Send a new random request id (16 to 64 letters, digits, - or _), such as a UUID.'));

export const ApiKeyRecordSchema = v.object({
  id: v.string(),
  label: v.string(),
  /** Like 'sk_test_abcd…': tells keys apart, gives nothing away. */
  prefix: v.string(),
  state: v.picklist(API_KEY_STATES),
  created_at: IsoTime,
  /** Recorded at most once a minute, so it may lag a call by up to a minute. */
  last_used_at: v.nullable(IsoTime),
  expires_at: v.nullable(IsoTime),
  revoked_at: v.nullable(IsoTime),
});
export type ApiKeyRecord = v.InferOutput<typeof ApiKeyRecordSchema>;

export const ApiKeyListSchema = v.object({ keys: v.array(ApiKeyRecordSchema) });
/** The new key's secret: answered this once, never stored, never shown again. */
export const IssuedApiKeySchema = v.object({ key: ApiKeyRecordSchema, secret: v.pipe(v.string(), v.regex(/^sk_(test|live)_/)) });
export const RolledApiKeySchema = v.object({ key: ApiKeyRecordSchema, secret: v.pipe(v.string(), v.regex(/^sk_(test|live)_/)), previous: ApiKeyRecordSchema });

export const CreateApiKeySchema = strictObject({ label: LabelSchema, request_id: RequestIdSchema });
export const LabelApiKeySchema = strictObject({ key_id: KeyIdSchema, label: LabelSchema });
export const RevokeApiKeySchema = strictObject({ key_id: KeyIdSchema });
export const RollApiKeySchema = strictObject({
  key_id: KeyIdSchema,
  expires_in: v.picklist(ROLL_OVERLAPS, 'Choose when the old key stops working: now, 1h, 24h or 7d.'),
  request_id: RequestIdSchema,
});

/** dropped: paid, then the test network drops the transaction before it confirms (payment.dropped; the payment is new again). */
export const SIMULATED_OUTCOMES = ['settled', 'underpaid', 'overpaid', 'late', 'expired', 'invalid', 'dropped'] as const;
export type SimulatedOutcome = (typeof SIMULATED_OUTCOMES)[number];

export const CreateSimulatedPaymentSchema = strictObject({
  coin: CryptoSchema,
  amount: v.pipe(v.string('Send the amount as text, like "25.00".'), v.trim(), v.regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter an amount like 25.00.')),
});
export const DriveSimulatedPaymentSchema = strictObject({
  transaction_token: v.pipe(v.string('Send the payment token.'), v.trim(), v.regex(/^pay_[A-Za-z0-9_-]{10,40}$/, 'Send the payment token, like "pay_…".')),
  outcome: v.picklist(SIMULATED_OUTCOMES, `Choose one of: ${SIMULATED_OUTCOMES.join(', ')}.`),
});
export const SimulatedPaymentQuerySchema = v.object({
  transaction_token: v.pipe(v.string('Send the payment token.'), v.trim(), v.regex(/^pay_[A-Za-z0-9_-]{10,40}$/, 'Send the payment token, like "pay_…".')),
});

export const SimulatedPaymentSchema = v.object({
  transaction_token: v.string(),
  coin: v.nullable(v.string()),
  fiat_amount: Decimal,
  fiat_currency: v.string(),
  amount_due: v.nullable(Decimal),
  paid: Decimal,
  confirmed: Decimal,
  status: v.string(),
  exception: v.nullable(v.string()),
  address: v.nullable(v.string()),
  expires_at: IsoTime,
  /** The payment's own events, oldest first, and the webhook events they queued (with delivery state). */
  events: v.array(v.object({ type: v.string(), created_at: IsoTime })),
  webhooks: v.array(WebhookEventRecordSchema),
});
export type SimulatedPayment = v.InferOutput<typeof SimulatedPaymentSchema>;

export const WEBHOOK_FAULT_STATUSES = [500, 502, 503, 504, 429] as const;
export const WebhookFaultSchema = strictObject({
  status_code: v.picklist(WEBHOOK_FAULT_STATUSES, 'Choose 500, 502, 503, 504 or 429.'),
  /** 0 ends the fault now. */
  minutes: v.pipe(v.number('Send minutes as a number.'), v.integer('Send whole minutes.'), v.minValue(0, 'Send 0 to 60 minutes.'), v.maxValue(60, 'Send 0 to 60 minutes.')),
});
export const WebhookFaultStateSchema = v.object({ status_code: v.nullable(v.number()), until: v.nullable(IsoTime) });
export type WebhookFaultState = v.InferOutput<typeof WebhookFaultStateSchema>;

const SESSION_ERRORS = ['unauthorized', 'invalid_session', 'double_auth_required', 'forbidden'] as const;
const T = '2026-11-23T10:00:00.000Z';
const EXAMPLE_KEY: ApiKeyRecord = { id: '7', label: 'production server', prefix: 'sk_test_Xk3q…', state: 'active', created_at: T, last_used_at: null, expires_at: null, revoked_at: null };
const EXAMPLE_SECRET = 'sk_test_Xk3qv0Q2b8m1LwZt9yHc4RrE6nPaJ5dUuKfGsIo7Vx0';
const REQUEST_ID = '3f2c6a1e-8d4b-4c2a-9e1f-5b7d0a6c8e21';
const TOKEN = 'pay_3kTMd9rQ0bZ1x8yWvL2n4A';

export const listApiKeys = endpoint({
  id: 'developers.listApiKeys',
  method: 'GET',
  base: 'main',
  path: 'users/merchant/api-keys',
  caller: 'member',
  answer: ApiKeyListSchema,
  idempotency: false,
  rate: 'standard',
  docs: { summary: 'Your secret API keys, newest first: label, prefix, state, created, last used, expiry. Never a key itself.', errors: [...SESSION_ERRORS], example: { answer: { keys: [EXAMPLE_KEY] } } },
});

export const createApiKey = endpoint({
  id: 'developers.createApiKey',
  method: 'POST',
  base: 'main',
  path: 'users/merchant/api-keys',
  caller: 'member',
  body: CreateApiKeySchema,
  answer: IssuedApiKeySchema,
  // Not the Idempotency-Key store: it would keep the answer, and so the secret, in the database. The
  // request_id is the natural key instead: a retry is answered 409 with the key it already made.
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Makes a new secret API key; its secret is answered this once and cannot be shown again.',
    description: 'A retried call with the same `request_id` makes no second key: it is answered 409 `api_key_already_created`.',
    errors: [...SESSION_ERRORS, 'api_key_already_created'],
    example: { body: { label: 'production server', request_id: REQUEST_ID }, answer: { key: EXAMPLE_KEY, secret: EXAMPLE_SECRET } },
  },
});

export const labelApiKey = endpoint({
  id: 'developers.labelApiKey',
  method: 'POST',
  base: 'main',
  path: 'users/merchant/api-keys/label',
  caller: 'member',
  body: LabelApiKeySchema,
  answer: ApiKeyRecordSchema,
  idempotency: false,
  rate: 'standard',
  docs: { summary: 'Renames one of your keys.', errors: [...SESSION_ERRORS, 'api_key_not_found'], example: { body: { key_id: '7', label: 'production server' }, answer: EXAMPLE_KEY } },
});

export const revokeApiKey = endpoint({
  id: 'developers.revokeApiKey',
  method: 'POST',
  base: 'main',
  path: 'users/merchant/api-keys/revoke',
  caller: 'member',
  body: RevokeApiKeySchema,
  answer: ApiKeyRecordSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Revokes one of your keys: the very next call with it is refused. Revoking again answers the key as it is.',
    errors: [...SESSION_ERRORS, 'api_key_not_found'],
    example: { body: { key_id: '7' }, answer: { ...EXAMPLE_KEY, state: 'revoked', revoked_at: T } },
  },
});

export const rollApiKey = endpoint({
  id: 'developers.rollApiKey',
  method: 'POST',
  base: 'main',
  path: 'users/merchant/api-keys/roll',
  caller: 'member',
  body: RollApiKeySchema,
  answer: RolledApiKeySchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Replaces a key: a new key (secret answered once) with the same label, and the old one keeps working until the expiry you choose (now, 1h, 24h, 7d).',
    errors: [...SESSION_ERRORS, 'api_key_not_found', 'api_key_not_active', 'api_key_already_created'],
    example: {
      body: { key_id: '7', expires_in: '24h', request_id: REQUEST_ID },
      answer: { key: { ...EXAMPLE_KEY, id: '8' }, secret: EXAMPLE_SECRET, previous: { ...EXAMPLE_KEY, state: 'expiring', expires_at: '2026-11-24T10:00:00.000Z' } },
    },
  },
});

const EXAMPLE_PAYMENT: SimulatedPayment = {
  transaction_token: TOKEN,
  coin: 'BTC',
  fiat_amount: '25.00',
  fiat_currency: 'EUR',
  amount_due: '0.00031250',
  paid: '0.00046875',
  confirmed: '0.00046875',
  status: 'settled',
  exception: 'paid_over',
  address: 'bcrt1qexampleaddress0000000000000000000000',
  expires_at: T,
  events: [{ type: 'payment.created', created_at: T }, { type: 'payment.detected', created_at: T }, { type: 'payment.settled', created_at: T }],
  webhooks: [{ event_id: 'msg_2KWPBgLlAfxdpx2AI54pPJ', type: 'payment.settled', status: 'delivered', attempts: 1, next_attempt_at: null, delivered_at: T, created_at: T }],
};
const SIMULATOR_ERRORS = [...SESSION_ERRORS, 'test_mode_only'] as const;

export const createSimulatedPayment = endpoint({
  id: 'developers.simulatorCreate',
  method: 'POST',
  base: 'main',
  path: 'users/merchant/simulator/payments',
  caller: 'member',
  body: CreateSimulatedPaymentSchema,
  answer: SimulatedPaymentSchema,
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Test mode only: makes a payment for your shop in the coin and EUR amount you choose, waiting to be paid on the test network.',
    errors: [...SIMULATOR_ERRORS, 'rates_unavailable', 'coin_unavailable'],
    example: { body: { coin: 'BTC', amount: '25.00' }, answer: { ...EXAMPLE_PAYMENT, paid: '0.00000000', confirmed: '0.00000000', status: 'new', exception: null, events: [{ type: 'payment.created', created_at: T }], webhooks: [] } },
  },
});

export const driveSimulatedPayment = endpoint({
  id: 'developers.simulatorDrive',
  method: 'POST',
  base: 'main',
  path: 'users/merchant/simulator/drive',
  caller: 'member',
  body: DriveSimulatedPaymentSchema,
  answer: SimulatedPaymentSchema,
  idempotency: true,
  rate: 'standard',
  docs: {
    summary: 'Test mode only: drives a new simulated payment through the test network to an outcome: settled, underpaid, overpaid, late, expired, invalid or dropped.',
    description:
      'Late, expired and invalid move the payment\'s own clock (its expiry) into the past; the money moves on the test network and the sweeper, as for a real payment. ' +
      'Dropped pays it, then the test network drops that transaction before it confirms (as a replacement or a double spend would): payment.dropped, and the payment is new again.',
    errors: [...SIMULATOR_ERRORS, 'payment_not_found', 'payment_not_open'],
    example: { body: { transaction_token: TOKEN, outcome: 'overpaid' }, answer: EXAMPLE_PAYMENT },
  },
});

export const getSimulatedPayment = endpoint({
  id: 'developers.simulatorPayment',
  method: 'GET',
  base: 'main',
  path: 'users/merchant/simulator/payment',
  caller: 'member',
  query: SimulatedPaymentQuerySchema,
  answer: SimulatedPaymentSchema,
  idempotency: false,
  rate: 'standard',
  docs: { summary: 'Test mode only: one of your payments with its events and the webhooks they queued.', errors: [...SIMULATOR_ERRORS, 'payment_not_found'], example: { query: { transaction_token: TOKEN }, answer: EXAMPLE_PAYMENT } },
});

export const setWebhookFault = endpoint({
  id: 'developers.simulatorWebhookFault',
  method: 'POST',
  base: 'main',
  path: 'users/merchant/simulator/webhook-fault',
  caller: 'member',
  body: WebhookFaultSchema,
  answer: WebhookFaultStateSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Test mode only: for the chosen minutes every delivery to your endpoint is recorded as answered with the chosen status (and retried as such); 0 minutes ends it.',
    errors: [...SIMULATOR_ERRORS],
    example: { body: { status_code: 503, minutes: 5 }, answer: { status_code: 503, until: '2026-11-23T10:05:00.000Z' } },
  },
});

export const getWebhookFault = endpoint({
  id: 'developers.simulatorWebhookFaultState',
  method: 'GET',
  base: 'main',
  path: 'users/merchant/simulator/webhook-fault',
  caller: 'member',
  answer: WebhookFaultStateSchema,
  idempotency: false,
  rate: 'standard',
  docs: { summary: 'Test mode only: whether your endpoint is made to fail now, and until when.', errors: [...SIMULATOR_ERRORS], example: { answer: { status_code: null, until: null } } },
});

export const DEVELOPERS_ENDPOINTS = [
  listApiKeys,
  createApiKey,
  labelApiKey,
  revokeApiKey,
  rollApiKey,
  createSimulatedPayment,
  driveSimulatedPayment,
  getSimulatedPayment,
  setWebhookFault,
  getWebhookFault,
];
