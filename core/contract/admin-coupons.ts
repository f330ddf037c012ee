// The operator console's coupons (in the fees area): list, create, change and delete the provider's
// coupon codes. A coupon waives a percent of the buy fee, never of the amount (server/checkout/
// checkout-coupon.ts says why), from valid_from until expires_at, up to max_uses times. Admin changes
// them; finance reads them (the fee income they cost). Every change is audited.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { IsoTime } from './fields.ts';
import { object, strictObject } from './schema-kit.ts';

export const CouponCodeSchema = v.pipe(
  v.string('Send the code as text.'),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z0-9_-]{1,40}$/, 'Use 1 to 40 letters, digits, - or _.'),
);
const PercentSchema = v.pipe(
  v.string('Send the percent as text, like "10" or "12.5".'),
  v.trim(),
  v.regex(/^([0-9]{1,2}(\.[0-9]{1,2})?|100(\.0{1,2})?)$/, 'Enter a percent from 0 to 100, with at most two decimals.'),
);
const OptionalTime = v.optional(v.nullable(v.pipe(v.string('Send a date and time.'), v.isoTimestamp('Send an ISO date and time, like 2026-12-31T23:59:00Z.'))), null);
const MaxUsesSchema = v.optional(v.nullable(v.pipe(v.number('Send a whole number.'), v.integer('Send a whole number.'), v.minValue(1, 'Allow at least one use, or leave it empty for no limit.'), v.maxValue(1_000_000_000, 'Use a smaller number.'))), null);

export const CouponInputSchema = strictObject({
  code: CouponCodeSchema,
  fee_discount_percent: PercentSchema,
  valid_from: OptionalTime,
  expires_at: OptionalTime,
  max_uses: MaxUsesSchema,
});
export type CouponInput = v.InferOutput<typeof CouponInputSchema>;

export const AdminCouponSchema = v.object({
  id: v.string(),
  code: v.string(),
  fee_discount_percent: v.string(),
  valid_from: v.nullable(IsoTime),
  expires_at: v.nullable(IsoTime),
  max_uses: v.nullable(v.number()),
  uses: v.number(),
  /** usable now, scheduled (not started), expired or used_up. */
  state: v.picklist(['usable', 'scheduled', 'expired', 'used_up']),
  created_at: IsoTime,
});
export type AdminCoupon = v.InferOutput<typeof AdminCouponSchema>;
export const AdminCouponListSchema = v.object({ coupons: v.array(AdminCouponSchema) });

const CouponParamsSchema = object({ id: v.pipe(v.string(), v.regex(/^[0-9]{1,18}$/, 'Send the coupon\'s id.')) });
const OPERATOR_ERRORS = ['operator_session_required', 'operator_forbidden', 'forbidden'] as const;
const T = '2026-11-24T10:00:00.000Z';
const EXAMPLE: AdminCoupon = { id: '7', code: 'WELCOME10', fee_discount_percent: '10', valid_from: null, expires_at: '2026-12-31T23:59:00.000Z', max_uses: 500, uses: 12, state: 'usable', created_at: T };

export const listAdminCoupons = endpoint({
  id: 'adminCoupons.list',
  method: 'GET',
  base: 'main',
  path: 'admin/coupons',
  caller: 'operator',
  roles: ['admin', 'finance'],
  answer: AdminCouponListSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The provider\'s coupons, newest first: the fee percent they waive, their window, uses and state.',
    errors: [...OPERATOR_ERRORS],
    example: { answer: { coupons: [EXAMPLE] } },
  },
});

export const createAdminCoupon = endpoint({
  id: 'adminCoupons.create',
  method: 'POST',
  base: 'main',
  path: 'admin/coupons',
  caller: 'operator',
  roles: ['admin'],
  body: CouponInputSchema,
  answer: AdminCouponSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Creates a coupon: a code (stored upper case), the percent of the buy fee it waives, an optional window and maximum uses. Audited as coupons.create.',
    errors: [...OPERATOR_ERRORS, 'coupon_code_taken'],
    example: { body: { code: 'WELCOME10', fee_discount_percent: '10', expires_at: '2026-12-31T23:59:00Z', max_uses: 500 }, answer: { ...EXAMPLE, uses: 0 } },
  },
});

export const updateAdminCoupon = endpoint({
  id: 'adminCoupons.update',
  method: 'PUT',
  base: 'main',
  path: 'admin/coupons/{id}',
  caller: 'operator',
  roles: ['admin'],
  params: CouponParamsSchema,
  body: CouponInputSchema,
  answer: AdminCouponSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Changes a coupon. Its uses so far stay; a maximum below them is refused. Checkouts already priced with it keep their price. Audited as coupons.update.',
    errors: [...OPERATOR_ERRORS, 'coupon_not_found', 'coupon_code_taken'],
    example: { params: { id: '7' }, body: { code: 'WELCOME10', fee_discount_percent: '15', max_uses: 500 }, answer: { ...EXAMPLE, fee_discount_percent: '15', expires_at: null } },
  },
});

export const deleteAdminCoupon = endpoint({
  id: 'adminCoupons.delete',
  method: 'DELETE',
  base: 'main',
  path: 'admin/coupons/{id}',
  caller: 'operator',
  roles: ['admin'],
  params: CouponParamsSchema,
  answer: AdminCouponListSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Deletes a coupon: it can no longer be applied; quotes and checkouts that used it keep their figures and its code. Audited as coupons.delete.',
    errors: [...OPERATOR_ERRORS, 'coupon_not_found'],
    example: { params: { id: '7' }, answer: { coupons: [] } },
  },
});

export const ADMIN_COUPONS_ENDPOINTS = [listAdminCoupons, createAdminCoupon, updateAdminCoupon, deleteAdminCoupon] as const;
