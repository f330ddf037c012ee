// Coupons: a code a member types to waive part of the conversion fee (never of the amount).
// A coupon is valid for a provider from its valid_from until it expires, while it has uses left; a
// member's use is counted when a quote made with it is taken (quotes.ts takeQuote), a guest's when the
// checkout becomes successful (server/checkout/checkout-success.ts), never when it is merely shown.

import type { Transaction } from 'kysely';
import type { CouponAnswer } from '#core/contract/rates.ts';
import type { Database } from '../db/schema.ts';
import type { CouponRow } from '../db/tables/rates.ts';
import type { Db } from '../db/db.ts';


const CODE = /^[A-Z0-9_-]{1,40}$/;

export type CouponResult = { ok: true; coupon: CouponRow } | { ok: false; code: 'coupon_invalid' };
/** Why a coupon cannot be used now, for callers that tell the buyer (the guest checkout). */
export type CouponCheck = { ok: true; coupon: CouponRow } | { ok: false; code: 'coupon_invalid' | 'coupon_expired' | 'coupon_not_yet_valid' | 'coupon_used_up' };

/** Codes are compared upper case and trimmed, so "welcome10 " finds WELCOME10. */
export function normaliseCouponCode(input: string): string {
  return input.trim().toUpperCase();
}

/** The provider's coupon `input` and whether it can be used at `now`: unknown, not started, expired or used up. */
export async function checkCoupon(db: Db, providerId: bigint, input: string, now: Date): Promise<CouponCheck> {
  const code = normaliseCouponCode(input);
  if (!CODE.test(code)) return { ok: false, code: 'coupon_invalid' };
  const coupon = await db.selectFrom('coupons').selectAll().where('provider_id', '=', providerId).where('code', '=', code).executeTakeFirst();
  if (!coupon) return { ok: false, code: 'coupon_invalid' };
  return couponUsableAt(coupon, now);
}

export function couponUsableAt(coupon: CouponRow, now: Date): CouponCheck {
  if (coupon.valid_from !== null && coupon.valid_from.getTime() > now.getTime()) return { ok: false, code: 'coupon_not_yet_valid' };
  if (coupon.expires_at !== null && coupon.expires_at.getTime() <= now.getTime()) return { ok: false, code: 'coupon_expired' };
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) return { ok: false, code: 'coupon_used_up' };
  return { ok: true, coupon };
}

/** A member's check: any reason it cannot be used is one answer, coupon_invalid. */
export async function findValidCoupon(db: Db, providerId: bigint, input: string, now: Date): Promise<CouponResult> {
  const checked = await checkCoupon(db, providerId, input, now);
  return checked.ok ? checked : { ok: false, code: 'coupon_invalid' };
}

/** Counts one use, unless the coupon ran out meanwhile (then false, and nothing changes). */
export async function useCoupon(trx: Transaction<Database>, couponId: bigint): Promise<boolean> {
  const row = await trx
    .updateTable('coupons')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function couponAnswer(coupon: CouponRow): CouponAnswer {
  return { coupon_code: coupon.code, fee_discount_percent: twoDecimals(coupon.fee_discount_percent), expires_at: coupon.expires_at?.toISOString() ?? null };
}

/** The contract shows the discount as "10.00". */
function twoDecimals(percent: string): string {
  const [int = '0', frac = ''] = percent.split('.');
  return `${int}.${frac.padEnd(2, '0').slice(0, 2)}`;
}
