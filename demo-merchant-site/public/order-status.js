// An order as the buyer should read it, from what the shop's server says (GET /api/orders/:id), and the
// loop that follows it. Shared by the shop page (after the checkout) and the order page (after the
// redirect). The page never decides that an order is paid: it shows what the server has proved.

const PROOF = {
  webhook: 'the platform\u2019s webhook, signature verified by this shop\u2019s server',
  status: 'the platform\u2019s status API, asked by this shop\u2019s server',
};

/** { state, title, detail }: `state` is for tests and CSS, the rest for people. */
export function describeOrder(order) {
  const { status, exception } = order.payment;
  if (order.status === 'paid') {
    return { state: 'paid', title: 'Paid', detail: `paid_by ${order.paid_by}: confirmed by ${PROOF[order.paid_by] ?? order.paid_by}. Thank you!` };
  }
  if (exception === 'paid_partial') {
    return { state: 'paid_partial', title: 'Underpaid', detail: 'Less than the amount due arrived (paid_partial). The order ships only once the rest is paid, or the shop refunds you.' };
  }
  // Money that arrived after all (even after a cancel) outranks the cancel: someone has to look at it.
  if (exception === 'paid_late' || status === 'invalid') {
    return { state: 'invalid', title: 'Needs the shop\u2019s attention', detail: `The payment arrived ${exception === 'paid_late' ? 'after it expired (paid_late)' : 'but could not be settled'}; the shop will contact you.` };
  }
  if (order.status === 'cancelled') return { state: 'cancelled', title: 'Cancelled', detail: 'The order was cancelled before any payment arrived. Nothing was charged.' };
  if (status === 'expired') return { state: 'expired', title: 'Expired', detail: 'No payment arrived in time. Nothing was charged; you can order again.' };
  if (status === 'processing' || status === 'settled' || order.receipt) {
    return { state: 'confirming', title: 'Waiting for the payment to confirm', detail: order.receipt ? 'Your receipt was verified; the shop marks the order paid once the platform confirms it.' : 'Your payment was seen on the network and is gathering confirmations.' };
  }
  return { state: 'awaiting', title: 'Awaiting payment', detail: order.payment.currency_1_iso ? `Pay ${order.payment.currency_1_amount} ${order.payment.currency_1_iso} in the checkout.` : 'Choose a coin in the checkout.' };
}

const FINAL = new Set(['paid', 'expired', 'invalid', 'cancelled']);

/**
 * Whether "Cancel order" is offered: the platform expires only a payment still waiting with nothing seen
 * (status new), so the shop does not offer what it would refuse. The server decides in the end.
 */
export function isCancellable(order) {
  return order.status === 'awaiting_payment' && order.payment.status === 'new';
}

/** Writes the order into the `state` and `detail` elements, and shows the cancel button when it applies. */
export function showOrder(order, stateElement, detailElement, cancelButton) {
  const { state, title, detail } = describeOrder(order);
  stateElement.dataset.state = state;
  if (order.paid_by) stateElement.dataset.paidBy = order.paid_by;
  stateElement.textContent = title;
  detailElement.textContent = detail;
  if (cancelButton) cancelButton.hidden = !isCancellable(order);
  return state;
}

/**
 * Reads the order every second until it is final, and calls `onOrder` with each reading. Answers a
 * function that stops it. Put a limit on everything: it gives up after 20 minutes (longer than the
 * payment's 15), a reload starts it again.
 */
export function followOrder(id, onOrder) {
  let stopped = false;
  let timer = 0;
  const deadline = Date.now() + 20 * 60_000;
  const read = async () => {
    try {
      const response = await fetch(`/api/orders/${encodeURIComponent(id)}`, { cache: 'no-store' });
      if (response.ok && !stopped) {
        const order = await response.json();
        if (FINAL.has(onOrder(order))) return;
      }
    } catch {
      // A network hiccup: the next reading will tell.
    }
    if (!stopped && Date.now() < deadline) timer = setTimeout(read, 1000);
  };
  void read();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
