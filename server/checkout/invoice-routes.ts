// The calls of core/contract/invoice.ts: a paid checkout's invoice and its PDF, registering as a member
// from the checkout, a coupon applied to the checkout's price and its verification state. All run with
// the flow token and reach only its checkout. The receipt worker mails each delivered checkout's
// receipt once (checkout-receipts.ts). Answers are about one guest: never kept by a shared cache.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkoutCoupon, checkoutInvoice, checkoutInvoicePdf, checkoutRegister, verifyId } from '#core/contract/invoice.ts';
import type { AppError } from '#core/errors.ts';
import { splitFee } from '#core/fees.ts';
import { formatMinor } from '#core/money.ts';
import { route } from '../contract/route.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { ApiError } from '../http/api-error.ts';
import { countryFromHeaders } from '../http/visitor-country.ts';
import { applyCheckoutCoupon } from './checkout-coupon.ts';
import { registerFromCheckout } from './checkout-register.ts';
import { startReceiptWorker } from './checkout-receipts.ts';
import { checkoutAnswer, loadFlowCheckout, merchantPublicId } from './checkouts.ts';
import { flowOf } from './flow-token.ts';
import { invoiceOf } from './invoice.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { flowUserVerified, flowUserVerifiedId } from './flow-user-verified.ts';

function fail(error: AppError): never {
  throw new ApiError(error);
}

export async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const now = () => app.identity.now();

  async function ownCheckout(request: FastifyRequest, publicId?: string): Promise<CheckoutRow> {
    const loaded = await loadFlowCheckout(app.db, flowOf(request), now(), publicId);
    return loaded.ok ? loaded.checkout : fail(loaded.error);
  }
  async function ownInvoice(request: FastifyRequest, publicId: string) {
    const built = await invoiceOf(app.db, await ownCheckout(request, publicId));
    return built.ok ? built.invoice : fail(built.error);
  }

  startReceiptWorker(app);

  route(app, checkoutInvoice, async ({ params, request }) => ownInvoice(request, params.id));

  route(app, checkoutInvoicePdf, async ({ params, request, reply }) => {
    const invoice = await ownInvoice(request, params.id);
    reply.header('content-disposition', `attachment; filename="invoice-${invoice.invoice_number}.pdf"`);
    return invoicePdf(invoice);
  });

  route(app, checkoutRegister, async ({ body, request }) => {
    const made = await registerFromCheckout(app.db, await ownCheckout(request), body, { ipCountry: countryFromHeaders(request.headers), now: now() });
    return made.ok ? made.registered : fail(made.error);
  });

  route(app, checkoutCoupon, async ({ params, body, request }) => {
    const checkout = await ownCheckout(request, params.id);
    const applied = await applyCheckoutCoupon(app.db, app.rates, checkout, body.code, now());
    if (!applied.ok) fail(applied.error);
    const coupon = await app.db.selectFrom('coupons').select('fee_discount_percent').where('id', '=', applied.checkout.coupon_id ?? 0n).executeTakeFirstOrThrow();
    // The fee without the coupon, from the same buy fee percent: the quote summary's discount is fee_before less fee.
    const pricing = await app.rates.pricing(checkout.provider_id);
    const feeBefore = splitFee(applied.checkout.fiat_amount_minor, pricing.conversionFeePercent.buy).feeMinor;
    return {
      coupon_code: applied.checkout.coupon_code ?? '',
      fee_discount_percent: coupon.fee_discount_percent,
      fee_before: formatMinor(feeBefore, checkout.fiat_currency),
      checkout: checkoutAnswer(applied.checkout, await merchantPublicId(app.db, applied.checkout.merchant_id)),
    };
  });

  route(app, verifyId, async ({ params, request }) => {
    const checkout = await ownCheckout(request, params.orderId);
    return {
      orderId: checkout.public_id,
      verified: flowUserVerified(checkout),
      compliance: flowUserVerifiedId(checkout) === 1 ? ('successful' as const) : ('review' as const),
    };
  });
}
