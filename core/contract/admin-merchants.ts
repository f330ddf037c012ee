// The operator console's merchants and fees (issue 11): onboard a merchant (its user, its merchant
// record, its first secret API key, its settlement policy), list and open merchants, and the fee on
// merchant payments: the provider's default and a merchant's own figure, in basis points
// (core/payments/merchant-fee.ts). Every change is audited with its before and after.
//
// Roles, least privilege: merchants and fee changes are admin's. finance may READ the fee schedule,
// because reconciling the house's fee income needs the figures; it may not change them (a price is a
// commercial decision) nor see merchants' contacts and keys. compliance and support have no business here.

import * as v from 'valibot';
import { FeeBpsSchema } from '../payments/merchant-fee.ts';
import { ApiKeyRecordSchema } from './developers.ts';
import { AccountFiatSchema, EmailSchema, IsoTime, MobileSchema, NameSchema, pageQuery } from './fields.ts';
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
  keys: v.array(ApiKeyRecordSchema),
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
