// Merchant settlements (core/contract/settlements.ts), for a signed-in merchant user on a provider
// that does not hide settlements (spec §2 sidebar, §6): settings, payouts, reports and widget sums.
// A member without a merchant gets 403 forbidden; every query is scoped to the caller's merchant.
// The payout worker starts with these routes and stops when the app closes.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  getMerchantReceipts,
  getMerchantSettlments,
  getMerchantWidgetSums,
  getSettlementSettings,
  merchantPayoutReportCsv,
  merchantPayoutReportPdf,
  requestMerchantPayout,
  updateSettlementInfo,
  updateSettlementPolicy,
} from '#core/contract/settlements.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { DEFAULT_SETTLE_MS } from '../money/withdrawals/payout-worker.ts';
import { merchantOfUser } from '../webhooks/endpoint.ts';
import { answerPayout, findPayout, listPayouts } from './payout-answer.ts';
import { startSettlementWorker } from './payout-worker.ts';
import { createPayout } from './payouts.ts';
import { payoutReport } from './report.ts';
import { reportCsv } from './report-csv.ts';
import { reportPdf } from './report-pdf.ts';
import { payableOf, readSettings, saveSettlementInfo, saveSettlementPolicy, settingsAnswer } from './settings.ts';
import { listReceipts } from './receipts.ts';
import { widgetSums } from './widget-sums.ts';

export interface SettlementRouteOptions {
  /** WITHDRAWAL_SETTLE_MS: the test bank's processing time, the same for payouts as for fiat withdrawals. */
  settleMs?: number | undefined;
}

export async function settlementRoutes(app: FastifyInstance, options: SettlementRouteOptions = {}): Promise<void> {
  startSettlementWorker(app, options.settleMs ?? DEFAULT_SETTLE_MS);

  // Bank details and reports are the merchant's own: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  async function merchantOf(request: FastifyRequest): Promise<bigint> {
    const session = sessionOf(request);
    const merchantId = await merchantOfUser(app.db, session.userId, session.providerId);
    if (merchantId === null) throw apiError('forbidden', 'Settlements belong to merchant accounts. Sign in with your merchant account.');
    const { settings } = await request.readyProvider();
    if (settings.permissions.hide_settlements) throw apiError('operation_disabled', 'Settlements are not available here.');
    return merchantId;
  }

  route(app, getSettlementSettings, async ({ request }) => settingsAnswer(app.db, await merchantOf(request)));

  route(app, updateSettlementInfo, async ({ body, request }) => {
    const merchantId = await merchantOf(request);
    await saveSettlementInfo(app.db, merchantId, body);
    return settingsAnswer(app.db, merchantId);
  });

  route(app, updateSettlementPolicy, async ({ body, request }) => {
    const merchantId = await merchantOf(request);
    // A payout pays one currency, the merchant's: what was converted to the old one is paid out first.
    const current = await readSettings(app.db, merchantId);
    if (body.fiat_currency !== current.fiat_currency && (await payableOf(app.db, merchantId, current.fiat_currency)).count > 0) {
      throw apiError('validation_failed', undefined, { fiat_currency: [`Pay out what was converted to ${current.fiat_currency} first; then choose another currency.`] });
    }
    await saveSettlementPolicy(app.db, merchantId, body);
    return settingsAnswer(app.db, merchantId);
  });

  route(app, requestMerchantPayout, async ({ request }) => {
    const merchantId = await merchantOf(request);
    const created = await app.db.transaction().execute((trx) => createPayout(trx, merchantId, { trigger: 'on_demand' }));
    if (!created.ok) throw apiError(created.code === 'period_taken' ? 'nothing_to_pay_out' : created.code);
    return answerPayout(app.db, created.payout);
  });

  route(app, getMerchantSettlments, async ({ query, request }) => listPayouts(app.db, await merchantOf(request), query.page, query.per_page));

  async function reportOf(request: FastifyRequest, payoutId: string) {
    const payout = await findPayout(app.db, await merchantOf(request), payoutId);
    if (!payout) throw apiError('payout_not_found');
    return payoutReport(app.db, payout);
  }

  route(app, merchantPayoutReportCsv, async ({ query, request, reply }) => {
    const report = await reportOf(request, query.payout_id);
    reply.header('content-disposition', `attachment; filename="payout-${report.payoutId}.csv"`);
    return reportCsv(report);
  });

  route(app, merchantPayoutReportPdf, async ({ query, request, reply }) => {
    const report = await reportOf(request, query.payout_id);
    const { settings } = await request.readyProvider();
    reply.header('content-disposition', `attachment; filename="payout-${report.payoutId}.pdf"`);
    return reportPdf(report, settings.configuration.label_name);
  });

  route(app, getMerchantWidgetSums, async ({ request }) => widgetSums(app.db, await merchantOf(request)));

  route(app, getMerchantReceipts, async ({ query, request }) => listReceipts(app.db, await merchantOf(request), query.kind, query.page, query.per_page));
}
