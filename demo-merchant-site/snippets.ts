// The code a merchant copies, shown on the shop page exactly as this shop itself uses it (orders.ts,
// receipt.ts, public/shop.js), with the real platform origin, merchant id and SRI hash filled in. Secrets
// appear only as environment variable names: the page must never show a key, not even this shop's own.

export interface SnippetValues {
  platformOrigin: string;
  /** The shop's own origin: the start of each payment's return URL. */
  shopOrigin: string;
  merchantId: string;
  /** `sha384-...` from dist/sdk/sri.json. */
  integrity: string;
}

export function scriptTagSnippet({ platformOrigin, merchantId, integrity }: SnippetValues): string {
  return `<script src="${platformOrigin}/sdk/v1/pay.js"
        integrity="${integrity}"
        crossorigin="anonymous"
        data-merchant-id="${merchantId}"
        data-amount="49.00"
        data-currency="EUR"
        data-product="Moss Terrarium"
        data-order-id="A-1042"></script>`;
}

export function createPaymentSnippet({ platformOrigin, shopOrigin, merchantId }: SnippetValues): string {
  return `// On your server, when the buyer places the order. No coin: the buyer chooses it in the checkout.
const response = await fetch('${platformOrigin}/mapi/api/transaction', {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    authorization: \`Bearer \${process.env.PAYKIT_SECRET_KEY}\`,  // sk_..., never sent to a browser
    'idempotency-key': order.id,  // a retry never makes a second payment
  },
  body: JSON.stringify({
    merchant_id: '${merchantId}',
    amount: '49.00', currency: 'EUR',
    transaction_product: 'Moss Terrarium',
    transaction_c1: order.id,
    // Where the checkout's redirect brings the buyer back after paying.
    return_url: \`${shopOrigin}/orders/\${order.id}\`,
  }),
});
const { request_details } = await response.json();
order.paymentToken = request_details.transaction_token;  // give this to the page`;
}

export function cancelPaymentSnippet({ platformOrigin, merchantId }: SnippetValues): string {
  return `// "Cancel order", before any payment arrived: expire its payment first. From then
// on a payment to its address is recorded as late (paid_late), never settled.
const response = await fetch('${platformOrigin}/mapi/api/transaction/expire', {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    authorization: \`Bearer \${process.env.PAYKIT_SECRET_KEY}\`,
    'idempotency-key': \`\${order.id}:cancel\`,  // not the create's key: one key space per merchant
  },
  body: JSON.stringify({ merchant_id: '${merchantId}', transaction_id: order.paymentToken }),
});
// 409 payment_not_open: money was already seen, so the order can no longer be cancelled.
if (response.ok) order.status = 'cancelled';`;
}

export function jsApiSnippet({ platformOrigin, merchantId, integrity }: SnippetValues): string {
  return `<script src="${platformOrigin}/sdk/v1/pay.js"
        integrity="${integrity}" crossorigin="anonymous" defer></script>

// In your own script file, with the token your server got:
const checkout = PayKit.open({
  token: order.paymentToken,
  merchantId: '${merchantId}',
  orderId: order.id,
  locale: 'en',             // or 'es'
});
checkout
  .on('payment-detected', () => showPending())
  .on('payment-success', ({ receipt }) =>
    // Thank the buyer now; your server checks the receipt. The order is
    // paid only when your server has the webhook (or the status API).
    fetch(\`/api/orders/\${order.id}/receipt\`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ receipt }),
    }))
  .on('error', ({ code, message }) => console.warn(code, message));`;
}

export function webhookSnippet(): string {
  return `// npm install standardwebhooks
import { Webhook } from 'standardwebhooks';

// POST /webhooks: read the body as the exact string that was sent.
const event = new Webhook(process.env.PAYKIT_WEBHOOK_SECRET)
  .verify(rawBody, request.headers);  // throws: answer 400, change nothing
if (event.type === 'payment.settled') markPaid(event.data.transaction_token);`;
}

export function receiptSnippet(): string {
  return `// POST /api/orders/:id/receipt: check it, but do not mark the order paid.
const { transaction_id, amount, currency, status, timestamp, signature } = receipt;
if (transaction_id !== order.paymentToken || amount !== order.amount) throw refused;
new Webhook(process.env.PAYKIT_WEBHOOK_SECRET).verify(
  JSON.stringify({ transaction_id, amount, currency, status }),  // this key order
  { 'webhook-id': transaction_id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature },
);`;
}

export function cspSnippet({ platformOrigin }: SnippetValues): string {
  return `Content-Security-Policy: script-src 'self' ${platformOrigin}; frame-src ${platformOrigin}`;
}
