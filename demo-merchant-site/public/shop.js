// The shop page's only script (its CSP allows no inline code). "Pay with crypto" asks the shop's server
// for an order (which creates the payment with the secret key), then opens that payment with the SDK's
// JS API. Every event the SDK reports goes into the events log; the order panel shows what the shop's
// server knows, read every second, with "Cancel order" while nothing is paid; `payment-success`'s signed
// receipt goes to the server to be checked. The checkout's `redirect` needs nothing here: each payment's
// return URL is its order's page, and pay.js follows it.
import { wireCancelButton } from './order-cancel.js';
import { followOrder, showOrder } from './order-status.js';

const EVENTS = ['ready', 'payment-detected', 'payment-success', 'payment-failed', 'redirect', 'close', 'error'];

const log = document.getElementById('event-log');
const localeSelect = document.getElementById('checkout-locale');
const panel = document.getElementById('order-panel');
const cancelButton = document.getElementById('cancel-order');
const cancelProblem = document.getElementById('cancel-problem');

/** One line in the log: time, name, payload. `kind` is 'event' for SDK events, 'result' or 'note' otherwise. */
function record(kind, name, payload) {
  const item = document.createElement('li');
  item.className = `log-entry log-${kind}`;
  item.dataset.kind = kind;
  item.dataset.event = name;
  const time = document.createElement('time');
  time.textContent = new Date().toLocaleTimeString();
  const label = document.createElement('code');
  label.className = 'log-name';
  label.textContent = kind === 'result' ? `result: ${name}` : name;
  item.append(time, label);
  if (payload !== undefined && Object.keys(payload).length > 0) {
    const body = document.createElement('pre');
    body.textContent = JSON.stringify(payload, null, 2);
    item.append(body);
  }
  log.prepend(item);
}

async function postJson(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await response.json().catch(() => ({ error: `The shop answered ${response.status}.` }));
  return { ok: response.ok, answer };
}

const state = document.getElementById('order-state');
const detail = document.getElementById('order-detail');
let stopFollowing = () => {};
const showInPanel = (order) => showOrder(order, state, detail, cancelButton);

function showOrderPanel(order) {
  stopFollowing();
  panel.hidden = false;
  const link = document.getElementById('order-link');
  link.href = `/orders/${encodeURIComponent(order.id)}`;
  link.textContent = order.id;
  document.getElementById('order-product').textContent = order.product;
  cancelButton.dataset.orderId = order.id;
  cancelProblem.textContent = '';
  showInPanel(order);
  stopFollowing = followOrder(order.id, showInPanel);
}

wireCancelButton(
  cancelButton,
  (order) => {
    // The panel may have moved on to another order meanwhile: only its own order is shown.
    if (order.id !== cancelButton.dataset.orderId) return;
    stopFollowing();
    showInPanel(order);
  },
  (problem) => {
    cancelProblem.textContent = problem;
  },
);

/** Sends the receipt to the shop's server, which checks its signature; it does not make the order paid. */
async function checkReceipt(order, receipt) {
  const { ok, answer } = await postJson(`/api/orders/${encodeURIComponent(order.id)}/receipt`, { receipt });
  record('note', ok ? 'receipt verified by the shop\u2019s server' : `receipt refused: ${answer.error}`);
}

function openCheckout(order, button) {
  const handle = window.PayKit.open({
    token: order.payment.transaction_token,
    merchantId: button.dataset.merchantId,
    // Display only (the token is what the checkout pays): the header can show before the payment loads.
    amount: order.amount,
    currency: order.currency,
    product: order.product,
    orderId: order.id,
    mode: 'overlay',
    locale: localeSelect.value,
  });
  for (const name of EVENTS) handle.on(name, (payload) => record('event', name, payload));
  handle.on('payment-success', ({ receipt }) => void checkReceipt(order, receipt));
  handle.result.then(({ status, ...rest }) => record('result', status, rest));
}

const busy = new WeakSet();
async function buy(button) {
  // Not `disabled`: a disabled button loses focus, and the SDK returns focus to it when the checkout closes.
  if (busy.has(button)) return;
  busy.add(button);
  button.setAttribute('aria-busy', 'true');
  try {
    const { ok, answer } = await postJson('/api/orders', { product_id: button.dataset.productId });
    if (!ok) return record('note', answer.error ?? 'The order could not be created.');
    showOrderPanel(answer);
    openCheckout(answer, button);
  } catch {
    record('note', 'The shop\u2019s server did not answer: is it running?');
  } finally {
    busy.delete(button);
    button.removeAttribute('aria-busy');
  }
}

document.getElementById('clear-log').addEventListener('click', () => log.replaceChildren());

if (window.PayKit) {
  for (const button of document.querySelectorAll('button.buy')) button.addEventListener('click', () => void buy(button));
} else {
  for (const button of document.querySelectorAll('button.buy')) button.disabled = true;
  record('note', 'pay.js did not load: is the platform running, and does the integrity hash match the file?');
}
