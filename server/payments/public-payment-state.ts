// A payment's public state: what the widget's first screen shows, exactly as the three public calls answer it
// (GET /mapi/api/merchant, POST transaction/details and transaction/status). The routes answer through these
// same functions, and the widget's shell renders publicPaymentState() into its BootData when the address
// names the payment, so the first screen needs no request and can never disagree with a later poll.
// Nothing secret: the address and QR code are what the buyer pays to; no key, secret or return URL of
// another payment.

import type { FastifyInstance } from 'fastify';
import type { BootPayment } from '#core/boot-payment.ts';
import type { TransactionAnswer } from '#core/contract/merchant-payments.ts';
import type { PaymentRow } from '../db/tables/payments.ts';
import { merchantAnswer } from '../merchants/merchant-answer.ts';
import { merchantByPublicId, type MerchantContext } from '../merchants/merchant-context.ts';
import { paymentDeps } from './payment-deps.ts';
import { merchantPayment } from './payment-lookup.ts';
import { transactionStatusAnswer } from './status-answer.ts';
import { transactionAnswer } from './transaction-answer.ts';

/** POST transaction/details' answer: the payment as the buyer pays it, with the one return URL that applies. */
export function paymentDetailsAnswer(app: FastifyInstance, merchant: MerchantContext, payment: PaymentRow): Promise<TransactionAnswer> {
  return transactionAnswer(payment, { ...paymentDeps(app), merchantReturnUrl: merchant.returnUrl });
}

/**
 * The three answers for one payment, from one read of its row (so details and status agree). Throws the
 * same ApiError the calls answer: merchant_not_recognized, payment_not_found, rates_unavailable.
 */
export async function publicPaymentState(app: FastifyInstance, merchantId: string, token: string): Promise<BootPayment> {
  const [merchant, { merchant: context, payment }] = await Promise.all([merchantByPublicId(app.db, merchantId), merchantPayment(app.db, merchantId, token)]);
  return {
    merchant: merchantAnswer(app, merchant),
    details: await paymentDetailsAnswer(app, context, payment),
    status: transactionStatusAnswer(payment),
  };
}
