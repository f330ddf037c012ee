// The operator console's merchants and fees: onboard a merchant (its user, its merchant
// record, its first secret API key, its settlement policy), list and open merchants, and the fee on
// merchant payments: the provider's default and a merchant's own figure, in basis points
// (core/payments/merchant-fee.ts), and a merchant's own merchant API limit per secret key
// (core/merchant-rate-limit.ts). Every change is audited with its before and after.
//
// Roles, least privilege: onboarding, every fee change and a merchant's API limit are admin's (a new
// merchant, a price and a capacity are commercial decisions). support may READ merchants (list and detail: it answers merchants' calls, and
// "is my key still live?" needs the key states; it sees prefixes only, never a secret) but not onboard.
// finance may READ the fee schedule, because reconciling the house's fee income needs the figures; it
// neither changes them nor sees merchants' contacts and keys. compliance has no business here.

import * as v from 'valibot';
import { FeeBpsSchema } from '../payments/merchant-fee.ts';
import { MerchantRatePerSecondSchema } from '../merchant-rate-limit.ts';
import { PAYMENT_STATUSES } from '../payments/payment-rules.ts';
import { endpoint } from './endpoint.ts';
import { ApiKeyRecordSchema } from './developers.ts';
import { AccountFiatSchema, Decimal, EmailSchema, IsoTime, MobileSchema, NameSchema, pageQuery } from './fields.ts';
import { PAYOUT_SCHEDULES, SETTLEMENT_POLICIES } from './settlements.ts';
import { object, strictObject } from './schema-kit.ts';

/** A publishable merchant id as the merchants table allows it. */
export const MerchantPublicIdSchema = v.pipe(
  v.string('Send the merchant id.'),
  v.trim(),
  v.regex(/^mch_[a-z0-9_]{3,60}$/, 'Use mch_ followed by 3 to 60 lower-case letters, digits or _, like mch_fernhill.'),
);

const BusinessNameSchema = v.pipe(v.string('Send the business name.'), v.trim(), v.nonEmpty('Enter the business name buyers see.'), v.maxLength(120, 'Use at most 120 characters.'));

export const OnboardMerchantSchema = strictObject({
  business_name: BusinessNameSchema,
  /** Optional: made from the business name when left out. */
  merchant_id: v.optional(MerchantPublicIdSchema),
  email: EmailSchema,
  first_name: NameSchema,
  last_name: NameSchema,
  mobile: MobileSchema,
  policy: v.picklist(SETTLEMENT_POLICIES, 'Choose keep (each coin stays in its balance) or convert (to the fiat at settlement).'),
  fiat_currency: AccountFiatSchema,
  schedule: v.picklist(PAYOUT_SCHEDULES, 'Choose off, daily or weekly.'),
  /** The merchant's own fee; null or left out: the provider's default. */
  fee_bps: v.optional(v.nullable(FeeBpsSchema), null),
});
export type OnboardMerchantInput = v.InferOutput<typeof OnboardMerchantSchema>;

const FeeAnswer = v.object({
  /** The merchant's own figure, null when the provider's default applies. */
  fee_bps: v.nullable(v.number()),
  /** What a payment created now pays. */
  effective_fee_bps: v.number(),
});

export const MerchantSummarySchema = v.object({
  merchant_id: v.string(),
  name: v.string(),
  email: v.string(),
  ...FeeAnswer.entries,
  policy: v.picklist(SETTLEMENT_POLICIES),
  active_keys: v.number(),
  created_at: IsoTime,
});
export type MerchantSummary = v.InferOutput<typeof MerchantSummarySchema>;

export const MerchantListQuerySchema = object({
  /** Part of the name, merchant id or e-mail. */
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search with at most 100 characters.'))),
  ...pageQuery,
});

export const MerchantListSchema = v.object({
  merchants: v.array(MerchantSummarySchema),
  page: v.number(),
  per_page: v.number(),
  total: v.number(),
});
export type MerchantList = v.InferOutput<typeof MerchantListSchema>;

export const MerchantDetailSchema = v.object({
  ...MerchantSummarySchema.entries,
  first_name: v.string(),
  last_name: v.string(),
  mobile: v.nullable(v.string()),
  client_id: v.string(),
  provider_fee_bps: v.number(),
  fiat_currency: AccountFiatSchema,
  schedule: v.picklist(PAYOUT_SCHEDULES),
  payments: v.number(),
  settled_payments: v.number(),
  /** The newest payments, each with the fee it was created with (a later fee change never reaches them). */
  recent_payments: v.array(
    v.object({
      transaction_token: v.string(),
      status: v.picklist(PAYMENT_STATUSES),
      fiat_amount: Decimal,
      fiat_currency: v.string(),
      fee_bps: v.number(),
      created_at: IsoTime,
    }),
  ),
  keys: v.array(ApiKeyRecordSchema),
  /** The merchant API's limit per secret key: its own figure, null when the platform's default applies. */
  api_rate_limit_per_second: v.nullable(v.number()),
  /** What each of its keys may send a second now. */
  effective_api_rate_limit_per_second: v.number(),
});
export type MerchantDetail = v.InferOutput<typeof MerchantDetailSchema>;

/** The onboarding answer: the merchant, and its first secret key, answered this once and never again. */
export const OnboardedMerchantSchema = v.object({
  merchant: MerchantDetailSchema,
  secret_key: v.pipe(v.string(), v.regex(/^sk_(test|live)_/)),
  /** A link to set the password was mailed to the merchant's address. */
  password_link_sent: v.boolean(),
});
export type OnboardedMerchant = v.InferOutput<typeof OnboardedMerchantSchema>;

export const MerchantParamsSchema = strictObject({ merchant_id: MerchantPublicIdSchema });

export const FeeScheduleSchema = v.object({
  provider_fee_bps: v.number(),
  merchants: v.array(v.object({ merchant_id: v.string(), name: v.string(), ...FeeAnswer.entries })),
});
export type FeeSchedule = v.InferOutput<typeof FeeScheduleSchema>;

export const ProviderFeeInputSchema = strictObject({ fee_bps: FeeBpsSchema });
/** null removes the merchant's own figure: its provider's default applies again. */
export const MerchantFeeInputSchema = strictObject({ fee_bps: v.nullable(FeeBpsSchema) });
/** null removes the merchant's own limit: the platform's default applies again. */
export const MerchantRateLimitInputSchema = strictObject({ api_rate_limit_per_second: v.nullable(MerchantRatePerSecondSchema) });

// ---- Endpoints ------------------------------------------------------------------------------

/** What the console's guard answers (server/operators/guard.ts). */
const OPERATOR_ERRORS = ['operator_session_required', 'operator_forbidden', 'forbidden'] as const;
const T = '2026-11-24T10:00:00.000Z';
const EXAMPLE_SUMMARY: MerchantSummary = { merchant_id: 'mch_lantern_books', name: 'Lantern Books', email: 'owner@lantern.example', fee_bps: null, effective_fee_bps: 100, policy: 'keep', active_keys: 1, created_at: T };
const EXAMPLE_DETAIL: MerchantDetail = {
  ...EXAMPLE_SUMMARY,
  first_name: 'Rosa',
  last_name: 'Lind',
  mobile: '+447700900777',
  client_id: '100042',
  provider_fee_bps: 100,
  fiat_currency: 'EUR',
  schedule: 'off',
  payments: 0,
  settled_payments: 0,
  recent_payments: [],
  keys: [{ id: '12', label: 'onboarding', prefix: 'sk_test_Qw8r…', state: 'active', created_at: T, last_used_at: null, expires_at: null, revoked_at: null }],
  api_rate_limit_per_second: null,
  effective_api_rate_limit_per_second: 100,
};

export const listAdminMerchants = endpoint({
  id: 'adminMerchants.list',
  method: 'GET',
  base: 'main',
  path: 'admin/merchants',
  caller: 'operator',
  roles: ['admin', 'support'],
  query: MerchantListQuerySchema,
  answer: MerchantListSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The provider\'s merchants, newest first, searched by name, merchant id or e-mail: fee, settlement policy, live keys.',
    errors: [...OPERATOR_ERRORS],
    example: { query: { q: 'lantern' }, answer: { merchants: [EXAMPLE_SUMMARY], page: 1, per_page: 20, total: 1 } },
  },
});

export const onboardAdminMerchant = endpoint({
  id: 'adminMerchants.onboard',
  method: 'POST',
  base: 'main',
  path: 'admin/merchants',
  caller: 'operator',
  roles: ['admin'],
  body: OnboardMerchantSchema,
  answer: OnboardedMerchantSchema,
  // Not the Idempotency-Key store: it would keep the answer, and so the secret key, in the database. The
  // e-mail is the natural key: a retried onboarding is answered 409 email_taken and makes nothing.
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Onboards a merchant: its user, its merchant record, its first secret API key (answered this once) and its settlement policy; the owner is mailed a link to choose a password. Audited as merchant.create.',
    errors: [...OPERATOR_ERRORS, 'email_taken', 'merchant_id_taken'],
    example: {
      body: { business_name: 'Lantern Books', merchant_id: 'mch_lantern_books', email: 'owner@lantern.example', first_name: 'Rosa', last_name: 'Lind', mobile: '+447700900777', policy: 'keep', fiat_currency: 'EUR', schedule: 'off' },
      answer: { merchant: EXAMPLE_DETAIL, secret_key: 'sk_test_Qw8rT2mZ0bX9cV4nL7pK1sD3fG6hJ5yU8iO0aE2wR4t', password_link_sent: true },
    },
  },
});

export const getAdminMerchant = endpoint({
  id: 'adminMerchants.get',
  method: 'GET',
  base: 'main',
  path: 'admin/merchants/{merchant_id}',
  caller: 'operator',
  roles: ['admin', 'support'],
  params: MerchantParamsSchema,
  answer: MerchantDetailSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'One merchant of the provider: owner, fee (own and effective), settlement policy, payments, and its keys (prefixes and states, never a secret).',
    errors: [...OPERATOR_ERRORS, 'merchant_not_recognized'],
    example: { params: { merchant_id: 'mch_demo_verdant' }, answer: { ...EXAMPLE_DETAIL, merchant_id: 'mch_demo_verdant', name: 'Fernhill Supply', email: 'merchant@demo.test' } },
  },
});

export const getAdminFees = endpoint({
  id: 'adminFees.get',
  method: 'GET',
  base: 'main',
  path: 'admin/fees',
  caller: 'operator',
  // finance reads the schedule to reconcile the house's fee income; only admin changes it.
  roles: ['admin', 'finance'],
  answer: FeeScheduleSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The fee on merchant payments in basis points: the provider default, and each merchant\'s own figure and what it pays.',
    errors: [...OPERATOR_ERRORS],
    example: { answer: { provider_fee_bps: 100, merchants: [{ merchant_id: 'mch_lantern_books', name: 'Lantern Books', fee_bps: 75, effective_fee_bps: 75 }] } },
  },
});

export const setAdminProviderFee = endpoint({
  id: 'adminFees.setDefault',
  method: 'PUT',
  base: 'main',
  path: 'admin/fees/default',
  caller: 'operator',
  roles: ['admin'],
  body: ProviderFeeInputSchema,
  answer: FeeScheduleSchema,
  // A PUT of a value: repeating it changes nothing more.
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Sets the provider\'s default fee on merchant payments (0 to 2000 basis points). Payments created from now pay it; existing ones keep theirs. Audited as fees.update.',
    errors: [...OPERATOR_ERRORS],
    example: { body: { fee_bps: 120 }, answer: { provider_fee_bps: 120, merchants: [{ merchant_id: 'mch_lantern_books', name: 'Lantern Books', fee_bps: null, effective_fee_bps: 120 }] } },
  },
});

export const setAdminMerchantFee = endpoint({
  id: 'adminFees.setMerchant',
  method: 'PUT',
  base: 'main',
  path: 'admin/fees/merchants/{merchant_id}',
  caller: 'operator',
  roles: ['admin'],
  params: MerchantParamsSchema,
  body: MerchantFeeInputSchema,
  answer: FeeScheduleSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Sets one merchant\'s own fee in basis points, or null for the provider default again. Payments created from now pay it. Audited as fees.update.',
    errors: [...OPERATOR_ERRORS, 'merchant_not_recognized'],
    example: { params: { merchant_id: 'mch_lantern_books' }, body: { fee_bps: 75 }, answer: { provider_fee_bps: 100, merchants: [{ merchant_id: 'mch_lantern_books', name: 'Lantern Books', fee_bps: 75, effective_fee_bps: 75 }] } },
  },
});

export const setAdminMerchantRateLimit = endpoint({
  id: 'adminMerchants.setRateLimit',
  method: 'PUT',
  base: 'main',
  path: 'admin/merchants/{merchant_id}/rate-limit',
  caller: 'operator',
  // A merchant's capacity on the platform is a commercial decision, like its fee.
  roles: ['admin'],
  params: MerchantParamsSchema,
  body: MerchantRateLimitInputSchema,
  answer: MerchantDetailSchema,
  // A PUT of a value: repeating it changes nothing more.
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Sets how many merchant API requests a second each of one merchant\'s secret keys may send (1 to 1000), or null for the platform default (100) again. Takes effect within 5 s on every server process. Audited as merchant.rate_limit.',
    errors: [...OPERATOR_ERRORS, 'merchant_not_recognized'],
    example: {
      params: { merchant_id: 'mch_lantern_books' },
      body: { api_rate_limit_per_second: 250 },
      answer: { ...EXAMPLE_DETAIL, api_rate_limit_per_second: 250, effective_api_rate_limit_per_second: 250 },
    },
  },
});

export const ADMIN_MERCHANTS_ENDPOINTS = [listAdminMerchants, onboardAdminMerchant, getAdminMerchant, setAdminMerchantRateLimit, getAdminFees, setAdminProviderFee, setAdminMerchantFee] as const;
