// The merchant back office's payment reports (core/contract/merchant-office.ts) for a signed-in
// merchant user: the list, the volume, the CSV and one payment. Every query is scoped to the session's
// merchant and provider; a member without a merchant account gets 403 forbidden.

import type { FastifyInstance } from 'fastify';
import { listMerchantPayments, merchantPaymentDetail, merchantPaymentsCsv, merchantPaymentsVolume } from '#core/contract/merchant-office.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';
import { checkRange } from './day-range.ts';
import { merchantScopeOf } from './merchant-of-session.ts';
import { paymentDetail } from './payment-detail.ts';
import { toMerchantPayment } from './payment-record.ts';
import { paymentsCsv } from './payments-csv.ts';
import { allPayments, findPayment, pagePayments } from './payment-queries.ts';
import { merchantVolume } from './volume.ts';

/** A download covers at most this many payments: a limit on everything. */
export const CSV_MAX_ROWS = 10_000;

export async function merchantReportsRoutes(app: FastifyInstance): Promise<void> {
  // A merchant's payments are its business: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, listMerchantPayments, async ({ query, request }) => {
    const scope = await merchantScopeOf(app, request);
    // The list may span any dates (paged); only impossible or reversed dates are refused.
    checkRange(query, null);
    const { rows, total } = await pagePayments(app.db, { ...scope, ...query }, { page: query.page, perPage: query.per_page });
    return { payments: rows.map(toMerchantPayment), page: query.page, per_page: query.per_page, total };
  });

  route(app, merchantPaymentsVolume, async ({ query, request }) => {
    const scope = await merchantScopeOf(app, request);
    checkRange(query);
    return merchantVolume(app.db, scope, query);
  });

  route(app, merchantPaymentsCsv, async ({ query, request, reply }) => {
    const scope = await merchantScopeOf(app, request);
    checkRange(query, null);
    const rows = await allPayments(app.db, { ...scope, ...query }, CSV_MAX_ROWS);
    const name = [query.from, query.to].filter(Boolean).join('-to-') || 'all';
    reply.header('content-disposition', `attachment; filename="payments-${name}.csv"`);
    return paymentsCsv(rows.map(toMerchantPayment));
  });

  route(app, merchantPaymentDetail, async ({ query, request }) => {
    const scope = await merchantScopeOf(app, request);
    const payment = await findPayment(app.db, scope, query.payment);
    if (!payment) throw apiError('merchant_payment_not_found');
    return paymentDetail(app.db, payment);
  });
}
