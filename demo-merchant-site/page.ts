// The shop's front page, rendered on the server: the products (each "Pay with crypto" creates the order
// on the shop's server, then opens its payment through the SDK's JS API), the buyer's order as the
// shop's server sees it, a second example that is nothing but the script tag with data attributes, the
// events log, and the integration code. No inline script and no inline style: the CSP allows neither.

import { CATALOG, formatEuro } from './catalog.ts';
import { cancelPaymentSnippet, createPaymentSnippet, cspSnippet, jsApiSnippet, receiptSnippet, scriptTagSnippet, webhookSnippet } from './snippets.ts';
import type { SnippetValues } from './snippets.ts';

export interface PageValues extends SnippetValues {
  /** Why pay.js cannot be offered yet (not built), shown instead of the checkout buttons. */
  unavailable?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For text and double-quoted attribute values. */
/** The shop's header on every page; `extra` is trusted markup of the shop's own (the language picker). */
export function masthead(extra = ''): string {
  return `<header class="masthead">
    <div class="wrap masthead-row">
      <a class="brand" href="/"><span class="brand-mark" aria-hidden="true"></span>Fernhill Supply</a>
      <span class="test-badge">Demo shop · test network, no real money</span>
      ${extra}
    </div>
  </header>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function productCard(product: (typeof CATALOG)[number], merchantId: string, disabled: boolean): string {
  return `<article class="product" aria-labelledby="p-${product.id}">
      <div class="product-art tone-${product.tone}">${product.art}</div>
      <div class="product-body">
        <h3 id="p-${product.id}">${escapeHtml(product.name)}</h3>
        <p class="product-text">${escapeHtml(product.description)}</p>
        <div class="product-buy">
          <span class="price">${formatEuro(product.price)}</span>
          <button type="button" class="buy"${disabled ? ' disabled' : ''} data-product-id="${product.id}"
            data-merchant-id="${escapeHtml(merchantId)}" data-product="${escapeHtml(product.name)}">Pay with crypto</button>
        </div>
      </div>
    </article>`;
}

function codeBlock(title: string, code: string): string {
  return `<figure class="code"><figcaption>${escapeHtml(title)}</figcaption><pre><code>${escapeHtml(code)}</code></pre></figure>`;
}

export function renderShopPage(values: PageValues): string {
  const { platformOrigin, merchantId, integrity, unavailable } = values;
  const sdk = `${platformOrigin}/sdk/v1/pay.js`;
  const sdkAttributes = `src="${escapeHtml(sdk)}" integrity="${escapeHtml(integrity)}" crossorigin="anonymous"`;
  const tagExample = unavailable
    ? `<p class="notice">${escapeHtml(unavailable)}</p>`
    : `<script ${sdkAttributes} data-merchant-id="${escapeHtml(merchantId)}" data-amount="34.50" data-currency="EUR"
        data-product="Ceramic Pour-Over Set" data-order-id="TAG-1" data-label="Buy the pour-over set"></script>`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Fernhill Supply · demo shop</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/shop.css">
  ${unavailable ? '' : `<script ${sdkAttributes} defer></script>`}
  <script type="module" src="/shop.js"></script>
</head>
<body>
  ${masthead(`<label class="locale">Checkout language
        <select id="checkout-locale"><option value="en">English</option><option value="es">Español</option></select>
      </label>`)}
  <main class="wrap layout">
    <div class="content">
      <section class="hero">
        <h1>Small goods for slow mornings.</h1>
        <p>Every checkout on this page is the platform's real widget, opened by pay.js from another origin, exactly as a merchant's site would open it. <a href="/buy">Buy crypto</a> with the platform's buy widget.</p>
      </section>
      <section aria-labelledby="shop-heading">
        <h2 id="shop-heading">Shop <small>JS API · overlay</small></h2>
        <div class="products">
          ${CATALOG.map((product) => productCard(product, merchantId, Boolean(unavailable))).join('\n          ')}
        </div>
      </section>
      <section class="panel" aria-labelledby="tag-heading">
        <h2 id="tag-heading">Script tag only <small>no JavaScript of ours</small></h2>
        <p>The button below is drawn by pay.js from the data attributes of its own script tag. This page loads pay.js twice (here and in the head, for the JS API); the second copy registers nothing.</p>
        <div class="tag-example" id="tag-example">
          ${tagExample}
        </div>
      </section>
      <section class="panel" aria-labelledby="integrate-heading">
        <h2 id="integrate-heading">How to integrate</h2>
        <p>What this shop does, to copy. The integrity hash pins the exact pay.js you reviewed; the widget runs in a sandboxed frame on the platform's origin. Your secret key and webhook secret stay on your server.</p>
        ${codeBlock('1. A pay button from one script tag (no server needed)', scriptTagSnippet(values))}
        ${codeBlock('2. Or your server creates the payment for an order', createPaymentSnippet(values))}
        ${codeBlock('3. …and your page opens it with the JS API', jsApiSnippet(values))}
        ${codeBlock('4. Your server marks the order paid on the verified webhook', webhookSnippet())}
        ${codeBlock('5. …and checks the signed receipt of payment-success', receiptSnippet())}
        ${codeBlock('6. Your server cancels an order nobody paid', cancelPaymentSnippet(values))}
        ${codeBlock('7. The lines your Content-Security-Policy needs', cspSnippet(values))}
      </section>
    </div>
    <aside class="log-panel" aria-labelledby="log-heading">
      <section id="order-panel" class="order-panel" aria-labelledby="order-heading" hidden>
        <h2 id="order-heading">Your order</h2>
        <p class="order-line"><a id="order-link" href="/">…</a> <span id="order-product"></span></p>
        <p id="order-state" class="order-state" role="status" aria-live="polite"></p>
        <p id="order-detail" class="order-detail"></p>
        <button type="button" class="link-button" id="cancel-order" hidden>Cancel order</button>
        <p id="cancel-problem" class="order-problem" role="alert"></p>
      </section>
      <div class="log-head">
        <h2 id="log-heading">Events</h2>
        <button type="button" class="link-button" id="clear-log">Clear</button>
      </div>
      <p class="log-hint">What the SDK reports to this page, as it arrives.</p>
      <ol id="event-log" class="event-log" aria-live="polite"></ol>
    </aside>
  </main>
  <footer class="wrap footer">Fernhill Supply is a demo merchant on the platform's test network: nothing here moves real money.</footer>
</body>
</html>
`;
}
