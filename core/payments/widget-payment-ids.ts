// Which payment a widget address names, read the same by the widget (iframe-app/widget/payment-view.ts) and by
// the server that renders the payment into its shell (server/shell/shell-payment.ts). Two spellings:
//   merchant_id + transaction_id  the hosted page's (payment links, a merchant's own link, the address after home);
//   merchantId + token            the frame pay.js opens (sdk/loader.ts: its display parameters and the token,
//                                 whose name the request log masks as a credential's).
// One value each, trimmed; the first spelling wins when both are there.

/**
 * Payment tokens: 'pay_' + 22 base64url characters (128 random bits). Here rather than in the contract, whose
 * module builds every merchant payment schema when it loads, so that reading an address costs the widget's
 * entry chunk nothing; core/contract/merchant-payments.ts exports it too.
 */
export const TRANSACTION_TOKEN_PATTERN = /^pay_[A-Za-z0-9_-]{22}$/;

export interface WidgetPaymentIds {
  merchantId: string;
  transactionId: string;
}

/** The longest merchant id an address may name (the contract's MerchantIdSchema allows no more). */
const MERCHANT_ID_MAX = 64;

/** `get` answers one query parameter (its first value), or undefined when the address has none. */
export function widgetPaymentIds(get: (name: string) => string | null | undefined): WidgetPaymentIds | null {
  const one = (name: string) => {
    const value = get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const merchantId = one('merchant_id') || one('merchantId');
  const transactionId = one('transaction_id') || one('token');
  if (!merchantId || merchantId.length > MERCHANT_ID_MAX || !TRANSACTION_TOKEN_PATTERN.test(transactionId)) return null;
  return { merchantId, transactionId };
}
