// The checkout's params before (or without) a merchant SDK: the iframe URL carries every parameter of
// `init`, so the checkout can render at once from the URL, and the hosted payment-link page, which has no
// SDK at all, works from the same names. These are the display parameters; the URL's transaction token is
// read as the payment's id (core/payments/widget-payment-ids.ts), and the session's is init's own.

import type { CheckoutParams } from '#core/protocol.ts';

const URL_PARAMS = ['mode', 'merchantId', 'amount', 'currency', 'product', 'orderId', 'lang'] as const satisfies readonly (keyof CheckoutParams)[];

/** Reads the display params from a query string; absent and empty parameters are left out. */
export function paramsFromSearch(search: string): CheckoutParams {
  const query = new URLSearchParams(search);
  const params: Record<string, string> = {};
  for (const name of URL_PARAMS) {
    const value = query.get(name);
    if (value) params[name] = value;
  }
  return params as CheckoutParams;
}
