// The console's money area (core/contract/admin-money.ts), for finance and admin operators: route()
// applies the operator guard and the endpoint's roles, and every handler works within
// request.operator's provider. Each change and its audit row (server/operators/audit.ts) are written
// in ONE database transaction, so no action can happen without its record; mail goes out only after
// the commit.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminApprovalThreshold,
  adminApproveWithdrawal,
  adminHeldWithdrawals,
  adminLedgerCheck,
  adminMatchWire,
  adminPayouts,
  adminPendingWires,
  adminRejectWire,
  adminRejectWithdrawal,
  adminRetryPayout,
  adminUpdateApprovalThreshold,
} from '#core/contract/admin-money.ts';
import { parseAmount, formatMinor } from '#core/money.ts';
import { APPROVAL_CURRENCY } from '#core/withdrawal-approval.ts';
import { route } from '../contract/route.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { matchWire, refuseWire } from '../money/deposits/confirm-wire.ts';
import { readApprovalThreshold, saveApprovalThreshold } from '../money/withdrawals/approval-threshold.ts';
import { approveWithdrawal, rejectWithdrawal } from '../money/withdrawals/withdrawal-approvals.ts';
import { mailWithdrawalRejected } from '../money/withdrawals/withdrawal-rejected-mail.ts';
import { recordAudit } from '../operators/audit.ts';
import { listProviderPayouts, retryPayout } from './admin-payouts.ts';
import { listHeldWithdrawals } from './held-withdrawals.ts';
import { ledgerReport } from './ledger-report.ts';
import { listPendingWires } from './pending-wires.ts';

export async function adminMoneyRoutes(app: FastifyInstance): Promise<void> {
  // Money records of members and merchants: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const operatorOf = (request: FastifyRequest) => {
    if (!request.operator) throw apiError('unauthorized');
    return request.operator;
  };
  const audit = (request: FastifyRequest) => ({ operator: operatorOf(request), ip: request.ip });

  route(app, adminPendingWires, async ({ query, request }) =>
    listPendingWires(app.db, operatorOf(request).providerId, { reference: query.reference, page: query.page, perPage: query.per_page }),
  );

  route(app, adminMatchWire, async ({ body, request }) => {
    const operator = operatorOf(request);
    const result = await app.db.transaction().execute(async (trx) => {
      const matched = await matchWire(trx, { providerId: operator.providerId }, body.reference, body.amount);
      if (matched.ok) {
        const { transaction, expected } = matched;
        await recordAudit(trx, { ...audit(request), action: 'wire.match', targetType: 'transaction', targetId: transaction.id, before: { status: 'initial', reference: transaction.reference, expected_amount: expected }, after: { status: transaction.status, credited_amount: transaction.amount, currency: transaction.currency_iso } });
      }
      return matched;
    });
    if (!result.ok) throw new ApiError(result.error);
    return { transaction: result.transaction, expected_amount: result.expected, credited_amount: result.transaction.amount, differs: result.expected !== result.transaction.amount };
  });

  route(app, adminRejectWire, async ({ body, request }) => {
    const operator = operatorOf(request);
    const result = await app.db.transaction().execute(async (trx) => {
      const refused = await refuseWire(trx, { providerId: operator.providerId }, body.reference);
      if (refused.ok) {
        await recordAudit(trx, { ...audit(request), action: 'wire.reject', targetType: 'transaction', targetId: refused.transaction.id, before: { status: 'initial', reference: refused.transaction.reference, expected_amount: refused.expected }, after: { status: refused.transaction.status } });
      }
      return refused;
    });
    if (!result.ok) throw new ApiError(result.error);
    return { transaction: result.transaction };
  });

  route(app, adminHeldWithdrawals, async ({ query, request }) => listHeldWithdrawals(app.db, operatorOf(request), query.page, query.per_page));

  route(app, adminApproveWithdrawal, async ({ body, request }) => {
    const operator = operatorOf(request);
    const result = await app.db.transaction().execute(async (trx) => {
      const approved = await approveWithdrawal(trx, operator, body.transaction_id);
      if (approved.ok) await recordAudit(trx, { ...audit(request), action: 'withdrawal.approve', targetType: 'transaction', targetId: approved.transaction.id, before: approved.before, after: approved.after });
      return approved;
    });
    if (!result.ok) throw new ApiError(result.error);
    return { transaction: result.transaction, state: result.state === 'approved' ? ('approved' as const) : ('awaiting_second' as const) };
  });

  route(app, adminRejectWithdrawal, async ({ body, request }) => {
    const operator = operatorOf(request);
    const result = await app.db.transaction().execute(async (trx) => {
      const rejected = await rejectWithdrawal(trx, operator, body.transaction_id, body.reason);
      if (rejected.ok) await recordAudit(trx, { ...audit(request), action: 'withdrawal.reject', targetType: 'transaction', targetId: rejected.transaction.id, before: rejected.before, after: { ...rejected.after, reason: body.reason } });
      return rejected;
    });
    if (!result.ok) throw new ApiError(result.error);
    await mailWithdrawalRejected(app.db, app.notifier, result.member, body.reason);
    return { transaction: result.transaction, state: 'rejected' as const };
  });

  const thresholdAnswer = (threshold: { thresholdMinor: bigint; isDefault: boolean }) => ({ threshold_eur: formatMinor(threshold.thresholdMinor, APPROVAL_CURRENCY), is_default: threshold.isDefault });

  route(app, adminApprovalThreshold, async ({ request }) => thresholdAnswer(await readApprovalThreshold(app.db, operatorOf(request).providerId)));

  route(app, adminUpdateApprovalThreshold, async ({ body, request }) => {
    const operator = operatorOf(request);
    const parsed = parseAmount(body.threshold_eur, APPROVAL_CURRENCY);
    if (!parsed.ok || parsed.minor <= 0n) throw apiError('validation_failed', undefined, { threshold_eur: ['Enter an amount in EUR above zero, like 10000.00.'] });
    await app.db.transaction().execute(async (trx) => {
      const before = await saveApprovalThreshold(trx, operator.providerId, parsed.minor);
      await recordAudit(trx, { ...audit(request), action: 'withdrawal_threshold.update', targetType: 'provider', targetId: operator.providerId.toString(), before: thresholdAnswer(before), after: { threshold_eur: parsed.decimal } });
    });
    return thresholdAnswer(await readApprovalThreshold(app.db, operator.providerId));
  });

  route(app, adminPayouts, async ({ query, request }) => listProviderPayouts(app.db, operatorOf(request).providerId, { status: query.status, page: query.page, perPage: query.per_page }));

  route(app, adminRetryPayout, async ({ body, request }) => {
    const operator = operatorOf(request);
    const result = await app.db.transaction().execute(async (trx) => {
      const retried = await retryPayout(trx, operator.providerId, body.payout_id);
      if (retried.ok) {
        await recordAudit(trx, { ...audit(request), action: 'payout.retry', targetType: 'payout', targetId: retried.rejected.payout_id, before: { status: retried.rejected.status, bank_iban: retried.rejected.bank_iban }, after: { new_payout_id: retried.payout.payout_id, amount: retried.payout.amount, currency: retried.payout.currency, bank_iban: retried.payout.bank_iban } });
      }
      return retried;
    });
    if (!result.ok) throw new ApiError(result.error);
    return result.payout;
  });

  // Reading only (one snapshot), so it changes nothing and writes no audit row.
  route(app, adminLedgerCheck, async ({ request }) => ledgerReport(app.db, operatorOf(request).providerId));
}
