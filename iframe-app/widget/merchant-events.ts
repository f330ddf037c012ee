// Which SDK event a payment status owes the merchant page, and the rule that
// each is sent once per payment per bridge. Pure: announce-status.ts does the sending and the fetching.
import type { TransactionStatusAnswer } from '#core/contract/merchant-payments.ts';
import type { CheckoutEventMap, CheckoutParams, FailureReason } from '#core/protocol.ts';
import type { PaymentIds } from './payment-view.ts';
import { widgetSessionMatches } from '#core/rules/widget-session.ts';

type StatusFields = Pick<TransactionStatusAnswer, 'transaction_token' | 'status' | 'exception' | 'amount' | 'currency'>;

/**
 * What to tell the merchant page about a status, in order. `payment-success` carries a signed receipt
 * that must be fetched first, so it is planned here without its data; a new payment owes nothing yet.
 * A settled payment was detected too: the status poll (every 3 s) can miss a short processing stretch,
 * and the merchant page still gets payment-detected before payment-success (once each, see claimOnce).
 */
export type Announcement =
  | { type: 'payment-detected'; data: CheckoutEventMap['payment-detected'] }
  | { type: 'payment-failed'; data: CheckoutEventMap['payment-failed'] }
  | { type: 'payment-success' };

export function announcementsFor(status: StatusFields): Announcement[] {
  // The fiat amount of the order: what the merchant priced, not what the buyer sent in coin.
  const detected: Announcement = { type: 'payment-detected', data: { transaction_id: status.transaction_token, amount: status.amount, currency: status.currency } };
  switch (status.status) {
    case 'new':
      return [];
    case 'processing':
      return [detected];
    case 'settled':
      return [detected, { type: 'payment-success' }];
    case 'expired':
    case 'invalid':
      return [{ type: 'payment-failed', data: { reason: failureReasonFor(status), transaction_id: status.transaction_token } }];
  }
}

/**
 * The reason a merchant gets with payment-failed: an underpayment or a late payment says more than the
 * status it ended in (paid_over never fails a payment: it settles, so it is not a reason).
 */
export function failureReasonFor({ status, exception }: Pick<StatusFields, 'status' | 'exception'>): FailureReason {
  if (exception === 'paid_partial' || exception === 'paid_late') return exception;
  return status === 'invalid' ? 'invalid' : 'expired';
}

/**
 * Records that `event` was sent for `transactionId` and says whether this is the first time. The set
 * lives as long as the bridge (the frame's document), so navigating between the widget's pages, which
 * all see the same status again, never repeats an event.
 */
export function claimOnce(sent: Set<string>, transactionId: string, event: string): boolean {
  const key = `${transactionId} ${event}`;
  if (sent.has(key)) return false;
  sent.add(key);
  return true;
}

/** validateTransaction (spec §4, core's rule): the widget speaks for the payment its SDK session opened and no other. */
export function sessionMatches(params: Pick<CheckoutParams, 'merchantId' | 'token'>, ids: PaymentIds): boolean {
  return widgetSessionMatches({ merchantId: params.merchantId, transactionId: params.token }, ids);
}

/** The spec §5 failures the buyer can be shown instead of the checkout: no exchange rate, or no payment status. */
export type Unavailable = 'rates' | 'status';

/**
 * The `error` event that tells the merchant page the buyer sees a failure text and a retry, not the
 * checkout: the merchant may log it or offer another way to pay. Written for the merchant's developer.
 */
export function unavailableError(what: Unavailable): CheckoutEventMap['error'] {
  return what === 'rates'
    ? { code: 'rates_unavailable', message: 'The checkout could not price the payment: no exchange rate is available right now. The buyer was asked to try again later.' }
    : { code: 'status_unavailable', message: 'The checkout could not load the payment from the platform. The buyer was asked to try again later.' };
}
