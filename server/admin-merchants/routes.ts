// The console's merchants, their merchant API limits and fees (core/contract/admin-merchants.ts), behind
// the operator guard that route() puts in front of every caller 'operator' endpoint. Every query is
// limited to the operator's provider, and every change runs in one transaction with its audit row
// (before and after).

import type { FastifyInstance } from 'fastify';
import {
  getAdminFees,
  getAdminMerchant,
  listAdminMerchants,
  onboardAdminMerchant,
  setAdminMerchantFee,
  setAdminMerchantRateLimit,
  setAdminProviderFee,
} from '#core/contract/admin-merchants.ts';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '#core/whitelabel.ts';
import { hashPassword } from '../auth/password.ts';
import { route } from '../contract/route.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { recordAudit } from '../operators/audit.ts';
import { operatorOf } from '../operators/guard.ts';
import { linkOrigin } from '../verification/link-origin.ts';
import { requestPasswordReset } from '../verification/password-reset.ts';
import { changeMerchantRateLimit } from './api-rate-limit.ts';
import { changeMerchantFee, changeProviderFee, feeSchedule } from './fee-schedule.ts';
import { merchantDbId, merchantDetail, listMerchants } from './merchant-directory.ts';
import { onboardMerchant, unusablePassword } from './onboard-merchant.ts';

export async function adminMerchantRoutes(app: FastifyInstance, options: { mode: 'test' | 'live' }): Promise<void> {
  // Contacts, fees and key prefixes are the provider's business: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const defaultRate = app.merchantRateLimit.defaultPerSecond;

  route(app, listAdminMerchants, async ({ query, request }) => listMerchants(app.db, operatorOf(request).providerId, query));

  route(app, getAdminMerchant, async ({ params, request }) => {
    const detail = await merchantDetail(app.db, operatorOf(request).providerId, params.merchant_id, defaultRate);
    if (!detail) throw apiError('merchant_not_recognized', 'This provider has no merchant with this id.');
    return detail;
  });

  route(app, setAdminMerchantRateLimit, async ({ params, body, request }) => {
    const operator = operatorOf(request);
    await app.db.transaction().execute(async (trx) => {
      const change = await changeMerchantRateLimit(trx, operator.providerId, params.merchant_id, body.api_rate_limit_per_second);
      if (!change) throw apiError('merchant_not_recognized', 'This provider has no merchant with this id.');
      await recordAudit(trx, { operator, ip: request.ip, action: 'merchant.rate_limit', targetType: 'merchant', targetId: params.merchant_id, ...change });
    });
    // This process applies the new limit from the next request; the others within their cache's few seconds.
    app.merchantRateLimit.invalidate();
    const detail = await merchantDetail(app.db, operator.providerId, params.merchant_id, defaultRate);
    if (!detail) throw new Error(`rate limit: merchant ${params.merchant_id} vanished after its change`);
    return detail;
  });

  route(app, onboardAdminMerchant, async ({ body, request }) => {
    const operator = operatorOf(request);
    const state = await request.readyProvider();
    // scrypt outside the transaction (about 0.1 s): no row lock waits on it.
    const passwordHash = await hashPassword(unusablePassword());
    const colors = { primary: state.settings.meta.primary_color ?? DEFAULT_PRIMARY_COLOR, secondary: state.settings.meta.secondary_color ?? DEFAULT_SECONDARY_COLOR };
    const made = await app.db.transaction().execute(async (trx) => {
      const result = await onboardMerchant(trx, { providerId: operator.providerId, passwordHash, mode: options.mode, colors }, body);
      // Thrown inside the transaction: the user row made before a merchant-id clash is rolled back with it.
      if (!result.ok) throw new ApiError(result.error);
      const detail = await merchantDetail(trx, operator.providerId, result.merchantId, defaultRate);
      if (!detail) throw new Error(`onboarding: merchant ${result.merchantId} not found in its own transaction`);
      // The audit keeps what was made, never the secret key (only its prefix is in detail.keys).
      await recordAudit(trx, { operator, ip: request.ip, action: 'merchant.create', targetType: 'merchant', targetId: result.merchantId, before: null, after: detail });
      return { detail, secretKey: result.secretKey };
    });
    // The owner chooses a password through the reset link; nobody at the provider ever knows it.
    const reset = { providerId: operator.providerId, email: body.email, language: undefined, origin: linkOrigin(app.notifier.publicUrl, request.hostname), now: app.identity.now() };
    let sent = true;
    await requestPasswordReset(app.db, app.notifier, reset).catch((error: unknown) => {
      sent = false;
      request.log.error({ err: error }, 'onboarding: the password link mail failed');
    });
    return { merchant: made.detail, secret_key: made.secretKey, password_link_sent: sent };
  });

  route(app, getAdminFees, async ({ request }) => feeSchedule(app.db, operatorOf(request).providerId));

  route(app, setAdminProviderFee, async ({ body, request }) => {
    const operator = operatorOf(request);
    await app.db.transaction().execute(async (trx) => {
      const change = await changeProviderFee(trx, operator.providerId, body.fee_bps);
      await recordAudit(trx, { operator, ip: request.ip, action: 'fees.update', targetType: 'provider', targetId: String(operator.providerId), ...change });
    });
    return feeSchedule(app.db, operator.providerId);
  });

  route(app, setAdminMerchantFee, async ({ params, body, request }) => {
    const operator = operatorOf(request);
    await app.db.transaction().execute(async (trx) => {
      const id = await merchantDbId(trx, operator.providerId, params.merchant_id);
      const change = id === null ? null : await changeMerchantFee(trx, operator.providerId, id, body.fee_bps);
      if (!change) throw apiError('merchant_not_recognized', 'This provider has no merchant with this id.');
      await recordAudit(trx, { operator, ip: request.ip, action: 'fees.update', targetType: 'merchant', targetId: params.merchant_id, ...change });
    });
    return feeSchedule(app.db, operator.providerId);
  });
}
