// The shop's only script (the page's CSP allows no inline code). It opens the checkout with the SDK's
// JS API, one button per product, and writes every event the SDK reports into the events log.

const EVENTS = ['ready', 'payment-detected', 'payment-success', 'payment-failed', 'redirect', 'close', 'error'];

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

/** A short, unique order id for the demo; a real shop creates the order on its server first. */
function orderId() {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `A-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase()}`;
}

function openCheckout(button) {
  const { merchantId, amount, currency, product } = button.dataset;
  const handle = window.PayKit.open({
    merchantId,
    amount,
    currency,
    product,
    orderId: orderId(),
    mode: 'overlay',
    locale: localeSelect.value,
  });
  for (const name of EVENTS) handle.on(name, (payload) => record('event', name, payload));
  handle.result.then(({ status, ...rest }) => record('result', status, rest));
}

document.getElementById('clear-log').addEventListener('click', () => log.replaceChildren());

if (window.PayKit) {
  for (const button of document.querySelectorAll('button.buy')) button.addEventListener('click', () => openCheckout(button));
} else {
  for (const button of document.querySelectorAll('button.buy')) button.disabled = true;
  record('note', 'pay.js did not load: is the platform running, and does the integrity hash match the file?');
}
