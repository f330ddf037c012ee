// A frame pay.js opens starts at the widget's home (/sys-widget/?merchantId=…&token=…): home would find the
// payment priced and waiting and move on to the pay screen, one render later. When the shell carries exactly
// that payment, the address becomes the pay screen's before the first render, so the first render is the pay
// screen. A hint, read without the answers' schemas (they stay out of the entry chunk): the pay screen checks
// the shell's answers itself (use-payment.ts) and sends anything else home.
import { widgetPaymentIds } from '#core/payments/widget-payment-ids.ts';

interface ShellPaymentHint {
  details?: { transaction_token?: unknown; currency_1_iso?: unknown };
  status?: { transaction_token?: unknown; status?: unknown };
}

/** The pay screen's address when this home address names a priced payment still waiting for money; else null. */
export function payScreenAddress(base: string, pathname: string, search: string, shellPayment: unknown): string | null {
  if (pathname !== `${base}/` && pathname !== base && pathname !== `${base}/home`) return null;
  const query = new URLSearchParams(search);
  const ids = widgetPaymentIds((name) => query.get(name));
  const payment = shellPayment as ShellPaymentHint | null | undefined;
  if (!ids || !payment?.details || !payment.status) return null;
  const same = payment.details.transaction_token === ids.transactionId && payment.status.transaction_token === ids.transactionId;
  const priced = typeof payment.details.currency_1_iso === 'string';
  return same && priced && payment.status.status === 'new' ? `${base}/payment${search}` : null;
}
