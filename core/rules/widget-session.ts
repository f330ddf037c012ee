// Spec §4: the widget needs a session matching the merchant and transaction ids. A widget page
// opened with ids from another payment (a stale tab, a tampered link) must not show that payment.

export interface WidgetSessionIds {
  merchantId: string;
  transactionId: string;
}

export function widgetSessionMatches(session: WidgetSessionIds | null | undefined, requested: WidgetSessionIds): boolean {
  if (!session || !session.merchantId || !session.transactionId) return false;
  return session.merchantId === requested.merchantId && session.transactionId === requested.transactionId;
}
