// The payment a widget shell renders into its BootData (core/boot-payment.ts): when a sys-widget address names
// one (merchant_id + transaction_id, read as the widget reads them), its public state as the public calls
// answer it (server/payments/public-payment-state.ts), so the first screen renders without a request.
// An address that names no payment, or one the server does not find, renders the shell as before: the widget
// then asks the API and shows what it always showed (its not-found page for an unknown payment).

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { BootPayment } from '#core/boot-payment.ts';
import { TRANSACTION_TOKEN_PATTERN } from '#core/contract/merchant-payments.ts';
import type { ModuleName } from '#core/modules.ts';
import { ApiError } from '../http/api-error.ts';
import { publicPaymentState } from '../payments/public-payment-state.ts';

/** The ids as iframe-app/widget/payment-view.ts paymentIdsOf reads them: one value each, trimmed. */
export function paymentIdsInQuery(query: Readonly<Record<string, unknown>>): { merchantId: string; transactionId: string } | null {
  const one = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const merchantId = one(query.merchant_id);
  const transactionId = one(query.transaction_id);
  if (!merchantId || merchantId.length > 64 || !TRANSACTION_TOKEN_PATTERN.test(transactionId)) return null;
  return { merchantId, transactionId };
}

export async function shellPayment(app: FastifyInstance, module: ModuleName, query: Readonly<Record<string, unknown>>, log: FastifyBaseLogger): Promise<BootPayment | null> {
  if (module !== 'sys-widget') return null;
  const ids = paymentIdsInQuery(query);
  if (!ids) return null;
  try {
    return await publicPaymentState(app, ids.merchantId, ids.transactionId);
  } catch (error) {
    // An unknown merchant or payment, or no rates: the widget's own calls answer it as they always did.
    // Anything else is logged, and the page still opens (its calls will say what is wrong).
    if (!(error instanceof ApiError)) log.warn({ err: error }, 'the widget shell rendered without its payment');
    return null;
  }
}
