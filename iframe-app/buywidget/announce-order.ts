// Sends the merchant page the buy widget's events (order-events.ts decides which) over the bridge the
// entry opened. Every checkout the frame reads passes here: the order the start created and each load of
// the flow's pages (flow/flow-api.ts loadCheckout, which use-flow-checkout.ts and any status poll use), so
// the events come from one place that sees the checkout's status, whichever page the buyer is on. Module
// state: the frame's pages are one document, so each event goes once per order per bridge.
// Outside the buy widget (sys-flow on the provider's own site) there is no merchant page and nothing is sent.
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { checkoutReceipt } from '#core/contract/buy-widget.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import type { Bridge } from '#ui/checkout/bridge.ts';
import { merchantBridge } from '../merchant-bridge.ts';
import { claimOnce } from '../widget/merchant-events.ts';
import { api } from '../widget/widget-api.ts';
import { RECEIPT_RETRY_DELAYS_MS, withRetries } from '../widget/with-retries.ts';
import { orderAnnouncementsFor } from './order-events.ts';

const sentBy = new WeakMap<Bridge, Set<string>>();

function sentOn(bridge: Bridge): Set<string> {
  let sent = sentBy.get(bridge);
  if (!sent) sentBy.set(bridge, (sent = new Set()));
  return sent;
}

const loadOrderReceipt = (id: string) => api().call(checkoutReceipt, { params: { id } });

/** Tells the merchant page what this checkout's state means for it, once per order and event. */
export function announceOrder(checkout: CheckoutAnswer): void {
  if (useBootStore.getState().boot.module !== 'sys-buywidget') return;
  void merchantBridge.then(async (bridge) => {
    if (!bridge) return;
    for (const plan of orderAnnouncementsFor(checkout)) {
      if (!claimOnce(sentOn(bridge), checkout._id, plan.type)) continue;
      if (plan.type === 'order-completed') await sendCompleted(bridge, checkout);
      else bridge.send(plan.type, plan.data);
    }
  });
}

async function sendCompleted(bridge: Bridge, checkout: CheckoutAnswer): Promise<void> {
  // Opened without a merchant: nobody could verify a receipt, so none is asked for.
  if (checkout.merchant_id === null) return bridge.send('order-completed', { order_id: checkout._id });
  const answer = await withRetries(() => loadOrderReceipt(checkout._id), RECEIPT_RETRY_DELAYS_MS);
  // Never a completion without its receipt when there is a merchant to verify it.
  if (answer.ok) bridge.send('order-completed', { order_id: checkout._id, receipt: answer.data.receipt });
  else bridge.send('error', { code: 'status_unavailable', message: 'The order is paid, but its signed receipt could not be fetched. Ask the platform for the order\'s status.' });
}
