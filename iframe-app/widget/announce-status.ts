// Sends the merchant page the SDK events a payment's status owes it (merchant-events.ts decides which),
// over the bridge opened by the entry chunk. Module state on purpose: the widget's pages are one document,
// so the set of sent events survives every navigation inside the frame, and each event goes once.
// Standalone (a payment link, no SDK) there is no bridge and nothing is sent.
import type { TransactionStatusAnswer } from '#core/contract/merchant-payments.ts';
import type { Bridge } from '#ui/checkout/bridge.ts';
import { merchantBridge } from '../merchant-bridge.ts';
import { announcementsFor, claimOnce, sessionMatches, unavailableError, type Unavailable } from './merchant-events.ts';
import type { PaymentIds } from './payment-view.ts';
import { loadReceipt } from './widget-api.ts';
import { RECEIPT_RETRY_DELAYS_MS, withRetries } from './with-retries.ts';

const sentBy = new WeakMap<Bridge, Set<string>>();

function sentOn(bridge: Bridge): Set<string> {
  let sent = sentBy.get(bridge);
  if (!sent) sentBy.set(bridge, (sent = new Set()));
  return sent;
}

/** Tells the merchant page what `status` means for it, once per payment and event. */
export function announceStatus(ids: PaymentIds, status: TransactionStatusAnswer): void {
  void merchantBridge.then(async (bridge) => {
    if (!bridge || !sessionMatches(bridge.params, ids)) return;
    for (const plan of announcementsFor(status)) {
      if (!claimOnce(sentOn(bridge), ids.transactionId, plan.type)) continue;
      if (plan.type === 'payment-success') await sendSuccess(bridge, ids);
      else bridge.send(plan.type, plan.data);
    }
  });
}

async function sendSuccess(bridge: Bridge, ids: PaymentIds): Promise<void> {
  const answer = await withRetries(() => loadReceipt(ids), RECEIPT_RETRY_DELAYS_MS);
  // Never a success without its receipt: the merchant's code may rely on verifying one.
  if (answer.ok) bridge.send('payment-success', { receipt: answer.data.receipt });
  else bridge.send('error', { code: 'status_unavailable', message: 'The payment is settled, but its signed receipt could not be fetched. Ask the status API or wait for the webhook.' });
}

/**
 * The buyer sees the spec §5 rates or status failure text: the merchant page gets `rates_unavailable` or
 * `status_unavailable`, once per payment (or checkout, `key`) and code on this bridge, however often the
 * buyer retries and fails again.
 */
export function announceUnavailable(key: string, what: Unavailable): void {
  const { code, message } = unavailableError(what);
  void merchantBridge.then((bridge) => {
    if (bridge && claimOnce(sentOn(bridge), key, code)) bridge.send('error', { code, message });
  });
}

/** An `error` event for the merchant page, once per code and payment (or checkout) on this bridge. */
export function announceError(key: string, code: 'merchant_not_recognized' | 'payment_not_found' | 'invalid_options', message: string): void {
  void merchantBridge.then((bridge) => {
    if (bridge && claimOnce(sentOn(bridge), key, code)) bridge.send('error', { code, message });
  });
}
