// The "Buy crypto" page's only script (the CSP allows no inline code). "Buy bitcoin" opens the platform's
// buy widget with PayKit.buy; every event it reports goes into the log; on `order-completed` the signed
// receipt goes to the shop's server, which checks its signature with the webhook secret.
const EVENTS = ['ready', 'order-created', 'payment-authorized', 'order-completed', 'order-failed', 'close', 'error'];

const log = document.getElementById('event-log');
const localeSelect = document.getElementById('checkout-locale');

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

/** The shop's server checks the receipt against the order the widget said it created. */
async function checkReceipt(orderId, receipt) {
  if (!receipt) return record('note', 'no receipt: the widget was opened without a merchant id');
  const response = await fetch('/api/buy-receipts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: orderId, receipt }) });
  const answer = await response.json().catch(() => ({ error: `The shop answered ${response.status}.` }));
  record('note', response.ok ? `receipt verified by the shop\u2019s server: ${answer.receipt.coin_amount} ${answer.receipt.coin} for ${answer.receipt.amount} ${answer.receipt.currency}` : `receipt refused: ${answer.error}`);
}

function openBuyWidget(button) {
  const handle = window.PayKit.buy({
    coin: 'BTC',
    fiat: 'EUR',
    amount: '30.00',
    address: button.dataset.address,
    merchantId: button.dataset.merchantId,
    mode: 'overlay',
    locale: localeSelect.value,
  });
  let created = null;
  for (const name of EVENTS) handle.on(name, (payload) => record('event', name, payload));
  handle.on('order-created', ({ order_id }) => (created = order_id));
  handle.on('order-completed', ({ order_id, receipt }) => void checkReceipt(created ?? order_id, receipt));
  handle.result.then(({ status, ...rest }) => record('result', status, rest));
}

document.getElementById('clear-log').addEventListener('click', () => log.replaceChildren());

const button = document.getElementById('buy-bitcoin');
if (window.PayKit?.buy) button.addEventListener('click', () => openBuyWidget(button));
else {
  button.disabled = true;
  record('note', 'pay.js did not load: is the platform running, and does the integrity hash match the file?');
}
