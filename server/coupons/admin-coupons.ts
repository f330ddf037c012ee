// The console's coupons: the provider's rows of `coupons` as the console shows them, and the changes,
// each returning the before and after its audit row records. Codes are stored upper case (the table's
// CHECK), so WELCOME10 and welcome10 are one code; uses are never edited here, only counted by payments.

import type { AdminCoupon, CouponInput } from '#core/contract/admin-coupons.ts';
import type { Db } from '../db/db.ts';
import type { CouponRow } from '../db/tables/rates.ts';
import { couponUsableAt } from '../rates/coupons.ts';

const STATE = { coupon_not_yet_valid: 'scheduled', coupon_expired: 'expired', coupon_used_up: 'used_up', coupon_invalid: 'expired' } as const;

export function adminCoupon(row: CouponRow, now: Date): AdminCoupon {
  const usable = couponUsableAt(row, now);
  return {
    id: String(row.id),
    code: row.code,
    fee_discount_percent: row.fee_discount_percent,
    valid_from: row.valid_from?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    max_uses: row.max_uses,
    uses: row.uses,
    state: usable.ok ? 'usable' : STATE[usable.code],
    created_at: row.created_at.toISOString(),
  };
}

export async function listCoupons(db: Db, providerId: bigint, now: Date): Promise<AdminCoupon[]> {
  const rows = await db.selectFrom('coupons').selectAll().where('provider_id', '=', providerId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => adminCoupon(row, now));
}

export type CouponProblem = { field: 'code' | 'max_uses' | 'expires_at'; message: string } | 'taken';

/** What is wrong with `input` for a coupon used `uses` times so far, or null. */
export function couponInputProblem(input: CouponInput, uses: number): CouponProblem | null {
  if (input.valid_from !== null && input.expires_at !== null && Date.parse(input.valid_from) >= Date.parse(input.expires_at)) return { field: 'expires_at', message: 'End the coupon after it starts.' };
  if (input.max_uses !== null && input.max_uses < uses) return { field: 'max_uses', message: `This coupon was already used ${uses} times; allow at least that many.` };
  return null;
}

function values(input: CouponInput) {
  return {
    code: input.code,
    fee_discount_percent: input.fee_discount_percent,
    valid_from: input.valid_from === null ? null : new Date(input.valid_from),
    expires_at: input.expires_at === null ? null : new Date(input.expires_at),
    max_uses: input.max_uses,
  };
}

async function codeTaken(db: Db, providerId: bigint, code: string, exceptId: bigint | null): Promise<boolean> {
  let query = db.selectFrom('coupons').select('id').where('provider_id', '=', providerId).where('code', '=', code);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function createCoupon(db: Db, providerId: bigint, input: CouponInput): Promise<{ ok: true; row: CouponRow } | { ok: false; problem: CouponProblem }> {
  const problem = couponInputProblem(input, 0);
  if (problem) return { ok: false, problem };
  if (await codeTaken(db, providerId, input.code, null)) return { ok: false, problem: 'taken' };
  const row = await db.insertInto('coupons').values({ provider_id: providerId, ...values(input) }).onConflict((c) => c.columns(['provider_id', 'code']).doNothing()).returningAll().executeTakeFirst();
  return row ? { ok: true, row } : { ok: false, problem: 'taken' };
}

export async function updateCoupon(db: Db, providerId: bigint, id: bigint, input: CouponInput): Promise<{ ok: true; before: CouponRow; row: CouponRow } | { ok: false; problem: CouponProblem | 'not_found' }> {
  const before = await db.selectFrom('coupons').selectAll().where('id', '=', id).where('provider_id', '=', providerId).forUpdate().executeTakeFirst();
  if (!before) return { ok: false, problem: 'not_found' };
  const problem = couponInputProblem(input, before.uses);
  if (problem) return { ok: false, problem };
  if (await codeTaken(db, providerId, input.code, id)) return { ok: false, problem: 'taken' };
  const row = await db.updateTable('coupons').set(values(input)).where('id', '=', id).where('provider_id', '=', providerId).returningAll().executeTakeFirstOrThrow();
  return { ok: true, before, row };
}

export async function deleteCoupon(db: Db, providerId: bigint, id: bigint): Promise<CouponRow | null> {
  return (await db.deleteFrom('coupons').where('id', '=', id).where('provider_id', '=', providerId).returningAll().executeTakeFirst()) ?? null;
}
