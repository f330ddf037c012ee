// The payment a widget shell renders into its BootData (core/boot-payment.ts): when a sys-widget address names
// one (merchant_id + transaction_id, or pay.js's merchantId + token: core/payments/widget-payment-ids.ts), its public state as the public calls
// answer it (server/payments/public-payment-state.ts), so the first screen renders without a request.
// An address that names no payment, or one the server does not find, renders the shell as before: the widget
// then asks the API and shows what it always showed (its not-found page for an unknown payment).

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { BootPayment } from '#core/boot-payment.ts';
import type { ModuleName } from '#core/modules.ts';
import { widgetPaymentIds, type WidgetPaymentIds } from '#core/payments/widget-payment-ids.ts';
import { ApiError } from '../http/api-error.ts';
import { publicPaymentState } from '../payments/public-payment-state.ts';

/** The ids as the widget reads them (core/payments/widget-payment-ids.ts), from Fastify's parsed query. */
export function paymentIdsInQuery(query: Readonly<Record<string, unknown>>): WidgetPaymentIds | null {
  // A repeated parameter (an array here) names no payment for the shell: an address that says two things
  // renders nothing ahead, and the widget's own calls answer it.
  return widgetPaymentIds((name) => (typeof query[name] === 'string' ? query[name] : undefined));
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
