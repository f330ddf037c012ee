// Withdrawals (issue 4): POST /v1/transactions/withdrawal starts one (2-FA Pending, a code goes out
// by e-mail), POST /v1/transactions/withdrawal/confirm reserves the funds with that code, and
// POST /v1/transactions/withdrawal/resend mails a new code for it, and
// POST /v1/transactions/withdrawal/cancel calls it off while it is not yet sent. The payout worker
// (server/money/withdrawals/payout-worker.ts) sends confirmed ones. All three take an Idempotency-Key.

import type { FastifyInstance } from 'fastify';
import { ConfirmWithdrawalSchema, WithdrawalSchema } from '#core/contract/withdrawals.ts';
import { TransactionIdSchema, type TransactionDetailsAnswer } from '#core/contract/transactions.ts';
import { ok } from '#core/envelope.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate-input.ts';
import { requireSession, sessionOf } from '../identity/authenticate.ts';
import { loadMoneyTerms } from '../money/deposits/terms.ts';
import { readyProvider } from '../money/provider-of.ts';
import { cancelWithdrawal } from '../money/withdrawals/cancel-withdrawal.ts';
import { confirmWithdrawal } from '../money/withdrawals/confirm-withdrawal.ts';
import { DEFAULT_SETTLE_MS, startPayoutWorker } from '../money/withdrawals/payout-worker.ts';
import { requestWithdrawal } from '../money/withdrawals/request-withdrawal.ts';
import { resendWithdrawalCode } from '../money/withdrawals/resend-withdrawal-code.ts';

export interface WithdrawalRouteOptions {
  /** WITHDRAWAL_SETTLE_MS: how long a confirmed withdrawal waits before the payout worker sends it. */
  settleMs?: number | undefined;
}

export async function withdrawalRoutes(app: FastifyInstance, options: WithdrawalRouteOptions = {}): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  startPayoutWorker(app, options.settleMs ?? DEFAULT_SETTLE_MS);

  app.post('/v1/transactions/withdrawal', { preHandler: requireSession, config: { idempotency: true } }, async (request, reply) => {
    const body = parseInput(WithdrawalSchema, request.body, 'body');
    const session = sessionOf(request);
    const provider = await readyProvider(request);
    const user = await app.db
      .selectFrom('users')
      .select(['email', 'language', 'permissions'])
      .where('id', '=', session.userId)
      .executeTakeFirst();
    if (!user) throw apiError('unauthorized');
    const result = await requestWithdrawal(
      {
        db: app.db,
        notifier: app.notifier,
        member: { providerId: session.providerId, userId: session.userId, email: user.email, language: user.language, permissions: user.permissions },
        provider: provider.permissions,
        terms: await loadMoneyTerms(app.db, session.providerId),
      },
      body,
    );
    if (!result.ok) {
      if (result.retryAfterS !== undefined) reply.header('retry-after', String(result.retryAfterS));
      throw new ApiError(result.error);
    }
    return ok(result.answer);
  });

  app.post('/v1/transactions/withdrawal/confirm', { preHandler: requireSession, config: { idempotency: true } }, async (request) => {
    const body = parseInput(ConfirmWithdrawalSchema, request.body, 'body');
    const session = sessionOf(request);
    const result = await confirmWithdrawal(app.db, app.notifier, { providerId: session.providerId, userId: session.userId }, body.transaction_id, body.code);
    if (!result.ok) throw new ApiError(result.error);
    const answer: TransactionDetailsAnswer = { transaction: result.transaction };
    return ok(answer);
  });

  // A new code for a 2-FA Pending withdrawal (lost mail, expired code, or replaced by another withdrawal's).
  app.post('/v1/transactions/withdrawal/resend', { preHandler: requireSession }, async (request, reply) => {
    const body = parseInput(TransactionIdSchema, request.body, 'body');
    const session = sessionOf(request);
    const user = await app.db.selectFrom('users').select(['email', 'language']).where('id', '=', session.userId).executeTakeFirst();
    if (!user) throw apiError('unauthorized');
    const member = { providerId: session.providerId, userId: session.userId, email: user.email, language: user.language };
    const result = await resendWithdrawalCode(app.db, app.notifier, member, body.transaction_id);
    if (!result.ok) {
      if (result.retryAfterS !== undefined) reply.header('retry-after', String(result.retryAfterS));
      throw new ApiError(result.error);
    }
    return ok(result.answer);
  });

  app.post('/v1/transactions/withdrawal/cancel', { preHandler: requireSession, config: { idempotency: true } }, async (request) => {
    const body = parseInput(TransactionIdSchema, request.body, 'body');
    const session = sessionOf(request);
    const result = await cancelWithdrawal(app.db, { providerId: session.providerId, userId: session.userId }, body.transaction_id);
    if (!result.ok) throw new ApiError(result.error);
    const answer: TransactionDetailsAnswer = { transaction: result.transaction };
    return ok(answer);
  });
}
