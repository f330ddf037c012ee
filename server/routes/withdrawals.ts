// Withdrawals (core/contract/withdrawals.ts): starting one (2-FA Pending, a code goes out by
// e-mail), confirming it with that code (which reserves the funds), mailing a new code, and calling
// it off while it is not yet sent. The payout worker (server/money/withdrawals/payout-worker.ts)
// sends confirmed ones. Starting, confirming and cancelling take an Idempotency-Key. And the saved
// bank accounts fiat withdrawals go to: the IBAN is checked, and the same account twice answers the saved one.

import type { FastifyInstance } from 'fastify';
import { addBeneficiary, getUserBeneficiaries, withdrawal, withdrawalCancel, withdrawalConfirm, withdrawalResend } from '#core/contract/withdrawals.ts';
import { route } from '../contract/route.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { requestLanguage } from '../limits/request-language.ts';
import { addBeneficiary as saveBeneficiary, listBeneficiaries } from '../money/beneficiaries.ts';
import { loadMoneyTerms } from '../money/deposits/terms.ts';
import { midPrices } from '../money/member-context.ts';
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
  // Withdrawals and bank details are personal: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  startPayoutWorker(app, options.settleMs ?? DEFAULT_SETTLE_MS);

  route(app, withdrawal, async ({ body, request, reply }) => {
    const session = sessionOf(request);
    const { settings } = await request.readyProvider();
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
        provider: settings.permissions,
        terms: await loadMoneyTerms(app.db, session.providerId),
        limits: { rates: app.rates, language: requestLanguage(request) },
        chain: app.chain,
      },
      body,
    );
    if (!result.ok) {
      if (result.retryAfterS !== undefined) reply.header('retry-after', String(result.retryAfterS));
      throw new ApiError(result.error);
    }
    return result.answer;
  });

  route(app, withdrawalConfirm, async ({ body, request }) => {
    const session = sessionOf(request);
    const owner = { providerId: session.providerId, userId: session.userId };
    const result = await confirmWithdrawal(app.db, app.notifier, owner, body.transaction_id, body.code, midPrices(app, session.providerId), app.chain);
    if (!result.ok) throw new ApiError(result.error);
    return { transaction: result.transaction };
  });

  // A new code for a 2-FA Pending withdrawal (lost mail, expired code, or replaced by another withdrawal's).
  route(app, withdrawalResend, async ({ body, request, reply }) => {
    const session = sessionOf(request);
    const user = await app.db.selectFrom('users').select(['email', 'language']).where('id', '=', session.userId).executeTakeFirst();
    if (!user) throw apiError('unauthorized');
    const member = { providerId: session.providerId, userId: session.userId, email: user.email, language: user.language };
    const result = await resendWithdrawalCode(app.db, app.notifier, member, body.transaction_id);
    if (!result.ok) {
      if (result.retryAfterS !== undefined) reply.header('retry-after', String(result.retryAfterS));
      throw new ApiError(result.error);
    }
    return result.answer;
  });

  route(app, withdrawalCancel, async ({ body, request }) => {
    const session = sessionOf(request);
    const result = await cancelWithdrawal(app.db, { providerId: session.providerId, userId: session.userId }, body.transaction_id);
    if (!result.ok) throw new ApiError(result.error);
    return { transaction: result.transaction };
  });

  route(app, getUserBeneficiaries, async ({ request }) => ({ beneficiaries: await listBeneficiaries(app.db, sessionOf(request).userId) }));

  route(app, addBeneficiary, async ({ body, request }) => {
    const result = await saveBeneficiary(app.db, sessionOf(request).userId, body);
    if (!result.ok) throw new ApiError(result.error);
    return { beneficiary: result.beneficiary };
  });
}
