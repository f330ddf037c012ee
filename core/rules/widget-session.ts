// Spec §4: the widget needs a session matching the merchant and transaction ids (validateTransaction).
// The session is what the merchant page's SDK opened the checkout with: a merchant id (the pay button,
// whose payment the widget then creates itself), a transaction token (a payment the merchant's server
// created), or both. Every id the session names must be the payment's the page shows, and a session
// that names neither matches nothing: a widget page opened with another payment's ids (a stale tab, a
// tampered link) never speaks for it.

export interface WidgetSessionIds {
  merchantId?: string | undefined;
  transactionId?: string | undefined;
}

export interface ShownPaymentIds {
  merchantId: string;
  transactionId: string;
}

export function widgetSessionMatches(session: WidgetSessionIds | null | undefined, shown: ShownPaymentIds): boolean {
  if (!session || (!session.merchantId && !session.transactionId)) return false;
  return (!session.merchantId || session.merchantId === shown.merchantId) && (!session.transactionId || session.transactionId === shown.transactionId);
}
