// The console's coupons (core/contract/admin-coupons.ts), behind the operator guard route() puts in front
// of every caller 'operator' endpoint. Every query is limited to the operator's provider, and every change
// runs in one transaction with its audit row (before and after).

import type { FastifyInstance } from 'fastify';
import { createAdminCoupon, deleteAdminCoupon, listAdminCoupons, updateAdminCoupon } from '#core/contract/admin-coupons.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';
import { recordAudit } from '../operators/audit.ts';
import { operatorOf } from '../operators/guard.ts';
import { adminCoupon, createCoupon, deleteCoupon, listCoupons, updateCoupon, type CouponProblem } from './admin-coupons.ts';

function refuse(problem: CouponProblem | 'not_found'): never {
  if (problem === 'not_found') throw apiError('coupon_not_found');
  if (problem === 'taken') throw apiError('coupon_code_taken', undefined, { code: ['Another coupon already has this code.'] });
  throw apiError('validation_failed', undefined, { [problem.field]: [problem.message] });
}

export async function adminCouponRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const now = () => app.identity.now();

  route(app, listAdminCoupons, async ({ request }) => ({ coupons: await listCoupons(app.db, operatorOf(request).providerId, now()) }));

  route(app, createAdminCoupon, async ({ body, request }) => {
    const operator = operatorOf(request);
    const row = await app.db.transaction().execute(async (trx) => {
      const made = await createCoupon(trx, operator.providerId, body);
      if (!made.ok) refuse(made.problem);
      await recordAudit(trx, { operator, ip: request.ip, action: 'coupons.create', targetType: 'coupon', targetId: String(made.row.id), before: null, after: adminCoupon(made.row, now()) });
      return made.row;
    });
    return adminCoupon(row, now());
  });

  route(app, updateAdminCoupon, async ({ params, body, request }) => {
    const operator = operatorOf(request);
    const row = await app.db.transaction().execute(async (trx) => {
      const changed = await updateCoupon(trx, operator.providerId, BigInt(params.id), body);
      if (!changed.ok) refuse(changed.problem);
      await recordAudit(trx, { operator, ip: request.ip, action: 'coupons.update', targetType: 'coupon', targetId: params.id, before: adminCoupon(changed.before, now()), after: adminCoupon(changed.row, now()) });
      return changed.row;
    });
    return adminCoupon(row, now());
  });

  route(app, deleteAdminCoupon, async ({ params, request }) => {
    const operator = operatorOf(request);
    await app.db.transaction().execute(async (trx) => {
      const gone = await deleteCoupon(trx, operator.providerId, BigInt(params.id));
      if (!gone) refuse('not_found');
      await recordAudit(trx, { operator, ip: request.ip, action: 'coupons.delete', targetType: 'coupon', targetId: params.id, before: adminCoupon(gone, now()), after: null });
    });
    return { coupons: await listCoupons(app.db, operator.providerId, now()) };
  });
}
