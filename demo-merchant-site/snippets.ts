// The code a merchant copies, shown on the shop page exactly as this shop itself uses it, with the real
// platform origin, merchant id and SRI hash filled in.

export interface SnippetValues {
  platformOrigin: string;
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

export function jsApiSnippet({ platformOrigin, merchantId, integrity }: SnippetValues): string {
  return `<script src="${platformOrigin}/sdk/v1/pay.js"
        integrity="${integrity}" crossorigin="anonymous" defer></script>

// In your own script file:
const checkout = PayKit.open({
  merchantId: '${merchantId}',
  amount: '49.00',          // a decimal string, never a number
  currency: 'EUR',
  product: 'Moss Terrarium',
  orderId: 'A-1042',
  mode: 'overlay',          // or 'inline' with target: '#checkout'
});
checkout
  .on('payment-detected', ({ transaction_id }) => showPending(transaction_id))
  .on('error', ({ code, message }) => console.warn(code, message));

const result = await checkout.result;  // never rejects
if (result.status === 'payment-success') {
  // Thank the buyer now. Mark the order paid only when your server has
  // verified the webhook (or asked the status API); result.receipt is
  // signed with your webhook secret, so your server can check it too.
}`;
}

export function cspSnippet({ platformOrigin }: SnippetValues): string {
  return `Content-Security-Policy: script-src 'self' ${platformOrigin}; frame-src ${platformOrigin}`;
}
