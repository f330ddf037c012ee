// The member's verification level and limits: GET /v1/users/limits answers the level the
// member holds, the provider's ladder, per operation what the level allows, what was used today and
// this calendar month (UTC) and what is left, and the next level with what it still needs. Amounts
// are decimal strings in the provider's fiat (`currency`). Every money operation checks the same
// figures on the server and refuses an amount above them with limit_exceeded.

import * as v from 'valibot';
import { OPERATIONS, REQUIREMENTS } from '../compliance/levels-config.ts';
import { endpoint } from './endpoint.ts';
import { strictObject } from './schema-kit.ts';
import { Decimal, FiatSchema } from './fields.ts';

const RequirementSchema = v.picklist(REQUIREMENTS);
const OperationSchema = v.picklist(OPERATIONS);
const PeriodSchema = v.object({ daily: Decimal, monthly: Decimal });

export const LevelAnswerSchema = v.object({
  id: v.string(),
  requires: v.array(RequirementSchema),
  limits: v.object(Object.fromEntries(OPERATIONS.map((operation) => [operation, PeriodSchema])) as Record<(typeof OPERATIONS)[number], typeof PeriodSchema>),
});
export type LevelAnswer = v.InferOutput<typeof LevelAnswerSchema>;

export const OperationLimitSchema = v.object({
  operation: OperationSchema,
  /** What the member's level allows (0 when they hold no level yet). */
  daily: Decimal,
  monthly: Decimal,
  used_today: Decimal,
  used_this_month: Decimal,
  left_today: Decimal,
  left_this_month: Decimal,
});
export type OperationLimit = v.InferOutput<typeof OperationLimitSchema>;

export const MemberLimitsSchema = v.object({
  currency: FiatSchema,
  /** The level held, or null when not even the first level's requirements are met. */
  level: v.nullable(v.string()),
  /** What the member has verified, by requirement. */
  verified: v.object(Object.fromEntries(REQUIREMENTS.map((requirement) => [requirement, v.boolean()])) as Record<(typeof REQUIREMENTS)[number], v.BooleanSchema<undefined>>),
  levels: v.array(LevelAnswerSchema),
  operations: v.array(OperationLimitSchema),
  /** The level above, with what it still needs; null at the top. */
  next_level: v.nullable(v.object({ id: v.string(), missing: v.array(RequirementSchema) })),
});
export type MemberLimits = v.InferOutput<typeof MemberLimitsSchema>;

const period = (daily: string, monthly: string) => ({ daily, monthly });
const EXAMPLE_LIMITS: MemberLimits = {
  currency: 'EUR',
  level: 'basic',
  verified: { email: true, phone: true, identity: false, proof_of_address: false },
  levels: [
    {
      id: 'basic',
      requires: ['email', 'phone'],
      limits: { buy: period('150.00', '150.00'), sell: period('150.00', '150.00'), deposit: period('150.00', '150.00'), withdraw: period('0.00', '0.00'), send: period('0.00', '0.00') },
    },
    {
      id: 'verified',
      requires: ['email', 'phone', 'identity'],
      limits: { buy: period('5000.00', '20000.00'), sell: period('5000.00', '20000.00'), deposit: period('10000.00', '30000.00'), withdraw: period('5000.00', '20000.00'), send: period('2000.00', '10000.00') },
    },
  ],
  operations: [
    { operation: 'buy', daily: '150.00', monthly: '150.00', used_today: '40.00', used_this_month: '40.00', left_today: '110.00', left_this_month: '110.00' },
    { operation: 'sell', daily: '150.00', monthly: '150.00', used_today: '0.00', used_this_month: '0.00', left_today: '150.00', left_this_month: '150.00' },
    { operation: 'deposit', daily: '150.00', monthly: '150.00', used_today: '50.00', used_this_month: '50.00', left_today: '100.00', left_this_month: '100.00' },
    { operation: 'withdraw', daily: '0.00', monthly: '0.00', used_today: '0.00', used_this_month: '0.00', left_today: '0.00', left_this_month: '0.00' },
    { operation: 'send', daily: '0.00', monthly: '0.00', used_today: '0.00', used_this_month: '0.00', left_today: '0.00', left_this_month: '0.00' },
  ],
  next_level: { id: 'verified', missing: ['identity'] },
};

export const getUserLimits = endpoint({
  id: 'limits.get',
  method: 'GET',
  base: 'main',
  path: 'users/limits',
  caller: 'member',
  answer: MemberLimitsSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Your verification level, what each money operation allows and has left today and this month, and what the next level needs.',
    description:
      'Amounts are in the provider\'s fiat (`currency`); a crypto operation counts at the rate it used. Days and months are UTC. Buy, sell (trade and exchange count as sell), deposit (card and wire), withdraw (to a bank) and send (crypto to an address) are refused above what is left with `limit_exceeded`, whose message names the verification step that raises the limit.',
    errors: ['unauthorized', 'invalid_session', 'double_auth_required'],
    example: { answer: EXAMPLE_LIMITS },
  },
});

/**
 * Test mode only: marks the signed-in member identity-verified (users.compliance_status 'successful'),
 * what an approved KYC decision does, without documents. For journeys that are about something else
 * (money specs moving more than the basic level allows); the KYC flow itself is tested through its own endpoints.
 */
export const testVerifyIdentity = endpoint({
  id: 'limits.testVerifyIdentity',
  method: 'POST',
  base: 'main',
  path: 'test-mode/verifyIdentity',
  caller: 'member',
  body: strictObject({
    /** verified (default): identity only; enhanced: also an approved proof of address (the top level). */
    level: v.optional(v.picklist(['verified', 'enhanced']), 'verified'),
  }),
  answer: MemberLimitsSchema,
  idempotency: false,
  rate: 'standard',
  testModeOnly: true,
  docs: {
    summary: 'Test mode: marks you identity-verified at once (as an approved identity check would), with level "enhanced" also an approved proof of address, and answers your limits.',
    errors: ['unauthorized', 'invalid_session', 'double_auth_required'],
    example: { body: { level: 'verified' }, answer: { ...EXAMPLE_LIMITS, level: 'verified', verified: { ...EXAMPLE_LIMITS.verified, identity: true }, next_level: { id: 'enhanced', missing: ['proof_of_address'] } } },
  },
});

export const LIMITS_ENDPOINTS = [getUserLimits, testVerifyIdentity] as const;
