// Coupons: a code a member types to waive part of the conversion fee (never of the amount).
// A coupon is valid for a provider while it has not expired and has uses left; its uses are
// counted when a quote made with it is taken (quotes.ts takeQuote), not when it is merely shown.

import type { Transaction } from 'kysely';
import type { CouponAnswer } from '#core/contract/rates.ts';
import type { Database } from '../db/schema.ts';
import type { CouponRow } from '../db/tables/rates.ts';
import type { Db } from '../db/db.ts';


const CODE = /^[A-Z0-9_-]{1,40}$/;

export type CouponResult = { ok: true; coupon: CouponRow } | { ok: false; code: 'coupon_invalid' };

/** Codes are compared upper case and trimmed, so "welcome10 " finds WELCOME10. */
export function normaliseCouponCode(input: string): string {
  return input.trim().toUpperCase();
}

export async function findValidCoupon(db: Db, providerId: bigint, input: string, now: Date): Promise<CouponResult> {
  const code = normaliseCouponCode(input);
  if (!CODE.test(code)) return { ok: false, code: 'coupon_invalid' };
  const coupon = await db.selectFrom('coupons').selectAll().where('provider_id', '=', providerId).where('code', '=', code).executeTakeFirst();
  if (!coupon) return { ok: false, code: 'coupon_invalid' };
  if (coupon.expires_at !== null && coupon.expires_at.getTime() <= now.getTime()) return { ok: false, code: 'coupon_invalid' };
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) return { ok: false, code: 'coupon_invalid' };
  return { ok: true, coupon };
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
