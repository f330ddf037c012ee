// How the widget's home finds its payment, in this order:
//   1. the address: merchant_id + transaction_id (payment links, and every page after home);
//   2. the SDK's init: merchantId + token, a payment the merchant's server created;
//   3. the SDK's init: merchantId + amount + currency, the pay button: home creates the payment itself
//      with POST /mapi/api/checkout (the publishable id is all the merchant page has);
//   and, standalone, a payment link's hosted page: `?link=pl_…`, which POST /mapi/api/link/open turns into
//   the link's payment.
// Pure, so the order is tested without a browser.
import { TRANSACTION_TOKEN_PATTERN } from '#core/contract/merchant-payments.ts';
import { PAYMENT_LINK_TOKEN_PATTERN } from '#core/contract/payment-links.ts';
import type { CheckoutParams } from '#core/protocol.ts';
import { paymentIdsOf, type PaymentIds } from './payment-view.ts';

/** The body of POST /mapi/api/checkout. */
export interface CheckoutRequest {
  merchant_id: string;
  amount: string;
  currency: string;
  product?: string;
  order_id?: string;
  lang?: string;
}

export type PaymentSource =
  | { kind: 'payment'; ids: PaymentIds }
  | { kind: 'checkout'; request: CheckoutRequest }
  | { kind: 'link'; token: string }
  /** `token`: the SDK named a token that is not one (the merchant page is told, like a token the server refuses). */
  | { kind: 'none'; refused?: 'token' };

/** The parts of a connected bridge that matter here; null when the page runs standalone. */
export interface SessionParams {
  params: CheckoutParams;
  /** Non-null when the SDK's options were malformed (the bridge has already told the merchant which). */
  problem: string | null;
}

export function paymentSourceOf(search: string, session: SessionParams | null): PaymentSource {
  const fromAddress = paymentIdsOf(search);
  if (fromAddress) return { kind: 'payment', ids: fromAddress };
  const link = new URLSearchParams(search).get('link')?.trim();
  if (link && PAYMENT_LINK_TOKEN_PATTERN.test(link)) return { kind: 'link', token: link };
  if (!session || session.problem) return { kind: 'none' };
  const { merchantId, token, amount, currency, product, orderId, lang } = session.params;
  if (!merchantId) return { kind: 'none' };
  if (token) return TRANSACTION_TOKEN_PATTERN.test(token) ? { kind: 'payment', ids: { merchantId, transactionId: token } } : { kind: 'none', refused: 'token' };
  if (!amount || !currency) return { kind: 'none' };
  return {
    kind: 'checkout',
    request: { merchant_id: merchantId, amount, currency, ...(product ? { product } : {}), ...(orderId ? { order_id: orderId } : {}), ...(lang ? { lang } : {}) },
  };
}
