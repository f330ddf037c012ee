// The guest checkout's steps after the details (core/contract/checkout-steps.ts): confirming the payment
// method, the verify account codes and the guest's identity. Registered by routes.ts. Answers are about
// one guest: never kept by a shared cache. Only updatekyc's body may be large (two photos as base64).

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkoutConfirm, checkVerify, resendCheckoutCode, resetCheckoutMobile, submitCheckoutCode, updateCheckoutKyc } from '#core/contract/checkout-steps.ts';
import { routePath } from '#core/contract/endpoint.ts';
import { appError, type AppError } from '#core/errors.ts';
import { isOpen } from '#core/rules/checkout-status.ts';
import { route } from '../contract/route.ts';
import type { Env } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { checkoutAnswer, loadFlowCheckout, merchantPublicId } from './checkouts.ts';
import { flowOf } from './flow-token.ts';
import { guestIdentityBoxFor } from './guest-identity-box.ts';
import { submitGuestIdentity } from './guest-identity.ts';
import { checkCheckoutCode, resetCheckoutMobile as resetMobile, sendCheckoutCode, verifyAnswer } from './verify-account.ts';

/** Two 8 MB photos as base64 (2 x 11 184 812 characters) and the JSON around them. */
export const IDENTITY_BODY_LIMIT = 23 * 1024 * 1024;

function fail(error: AppError): never {
  throw new ApiError(error);
}

export async function checkoutStepRoutes(app: FastifyInstance, options: { env: Pick<Env, 'APP_SECRET' | 'MODE'> }): Promise<void> {
  const box = guestIdentityBoxFor(options.env);
  const now = () => app.identity.now();

  app.addHook('onRoute', (routeOptions) => {
    if (routeOptions.url === routePath(updateCheckoutKyc)) routeOptions.bodyLimit = IDENTITY_BODY_LIMIT;
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  async function ownCheckout(request: FastifyRequest, publicId?: string): Promise<CheckoutRow> {
    const loaded = await loadFlowCheckout(app.db, flowOf(request), now(), publicId);
    return loaded.ok ? loaded.checkout : fail(loaded.error);
  }
  const reread = (checkout: CheckoutRow) => app.db.selectFrom('guest_checkouts').selectAll().where('id', '=', checkout.id).executeTakeFirstOrThrow();

  route(app, checkoutConfirm, async ({ body, request }) => {
    const checkout = await ownCheckout(request);
    if (checkout.first_name === null || checkout.email === null) fail(appError('checkout_details_required'));
    const live = await app.db.selectFrom('checkout_payments').select('id').where('checkout_id', '=', checkout.id).where('status', 'in', ['three_d_secure', 'authorized', 'captured']).executeTakeFirst();
    if (!isOpen(checkout.status) || live) fail(appError('checkout_status_invalid', 'A payment of this checkout was already made or is under way, so its payment method can no longer change. Reload it to see where it stands.'));
    const updated = await app.db
      .updateTable('guest_checkouts')
      .set({ payment_method: body.payment_method, step: 'payment', updated_at: now() })
      .where('id', '=', checkout.id)
      .where('status', 'in', ['created', 'pending'])
      .returningAll()
      .executeTakeFirst();
    if (!updated) fail(appError('checkout_status_invalid'));
    return { transaction_token: updated.public_id, checkout: checkoutAnswer(updated, await merchantPublicId(app.db, updated.merchant_id)) };
  });

  route(app, checkVerify, async ({ params, request }) => verifyAnswer(app.db, app.rates, await ownCheckout(request, params.id)));

  route(app, submitCheckoutCode, async ({ params, body, request }) => {
    const checked = await checkCheckoutCode(app.db, app.notifier, app.rates, await ownCheckout(request, params.id), body.channel, body.code, now());
    return checked.ok ? verifyAnswer(app.db, app.rates, checked.checkout) : fail(checked.error);
  });

  route(app, resendCheckoutCode, async ({ body, request }) => {
    const sent = await sendCheckoutCode(app.db, app.notifier, await ownCheckout(request), body.channel, body.language);
    return sent.ok ? sent.sent : fail(sent.error);
  });

  route(app, resetCheckoutMobile, async ({ params, body, request }) => {
    const sent = await resetMobile(app.db, app.notifier, await ownCheckout(request, params.id), body.mobile, body.language, now());
    return sent.ok ? sent.sent : fail(sent.error);
  });

  route(app, updateCheckoutKyc, async ({ body, request }) => {
    const checkout = await ownCheckout(request);
    const submitted = await submitGuestIdentity(
      { db: app.db, rates: app.rates, box, mode: options.env.MODE, now: now() },
      checkout,
      {
        documentType: body.document_type,
        documentNumber: body.document_number,
        issueCountry: body.issue_country,
        documentImage: new Uint8Array(Buffer.from(body.document_image, 'base64')),
        selfieImage: new Uint8Array(Buffer.from(body.selfie_image, 'base64')),
      },
    );
    if (!submitted.ok) fail(submitted.error);
    return verifyAnswer(app.db, app.rates, await reread(checkout));
  });
}
