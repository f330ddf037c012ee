// The shop's "Buy crypto" page (/buy), rendered on the server: the platform's buy widget embedded from
// the platform's origin, twice. A button drawn by pay.js from its own script tag's data attributes
// (data-coin makes it the buy widget), and a button of the shop's own that calls PayKit.buy and logs every
// event the widget reports; on `order-completed` the page sends the signed receipt to the shop's server,
// which checks it (buy-receipt.ts). No inline script or style: the CSP allows neither.

import { escapeHtml, masthead } from './page.ts';

export interface BuyPageValues {
  platformOrigin: string;
  merchantId: string;
  integrity: string;
  /** Why pay.js cannot be offered yet (not built). */
  unavailable?: string;
}

/** A testnet address the demo buys to (the platform runs on its test network). */
export const DEMO_BTC_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

export function buyScriptTag({ platformOrigin, merchantId, integrity }: BuyPageValues): string {
  return `<script src="${escapeHtml(`${platformOrigin}/sdk/v1/pay.js`)}" integrity="${escapeHtml(integrity)}" crossorigin="anonymous"
        data-coin="ETH" data-fiat="EUR" data-amount="50.00" data-merchant-id="${escapeHtml(merchantId)}"
        data-label="Buy ether with the script tag"></script>`;
}

export function renderBuyPage(values: BuyPageValues): string {
  const { platformOrigin, merchantId, integrity, unavailable } = values;
  const sdkAttributes = `src="${escapeHtml(`${platformOrigin}/sdk/v1/pay.js`)}" integrity="${escapeHtml(integrity)}" crossorigin="anonymous"`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Buy crypto · Fernhill Supply demo shop</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/shop.css">
  ${unavailable ? '' : `<script ${sdkAttributes} defer></script>`}
  <script type="module" src="/buy.js"></script>
</head>
<body>
  ${masthead(`<label class="locale">Widget language
        <select id="checkout-locale"><option value="en">English</option><option value="es">Español</option></select>
      </label>`)}
  <main class="wrap layout">
    <div class="content">
      <section class="hero">
        <h1>Buy crypto without leaving the shop.</h1>
        <p>The platform's buy widget, in a sandboxed frame from its own origin: the visitor pays by card or bank and the platform sends the coins to their address. <a href="/">Back to the shop</a></p>
      </section>
      <section class="panel" aria-labelledby="js-heading">
        <h2 id="js-heading">PayKit.buy <small>JS API · overlay</small></h2>
        <p>30.00 EUR of bitcoin to a test address; the widget shows the price at once. Its events appear in the log, and the shop's server checks the signed receipt of <code>order-completed</code>.</p>
        <button type="button" class="buy" id="buy-bitcoin"${unavailable ? ' disabled' : ''}
          data-merchant-id="${escapeHtml(merchantId)}" data-address="${DEMO_BTC_ADDRESS}">Buy bitcoin</button>
      </section>
      <section class="panel" aria-labelledby="tag-buy-heading">
        <h2 id="tag-buy-heading">Script tag only <small>data-coin</small></h2>
        <p>50.00 EUR of ether; the visitor types their address in the widget.</p>
        <div class="tag-example" id="buy-tag-example">
          ${unavailable ? `<p class="notice">${escapeHtml(unavailable)}</p>` : buyScriptTag(values)}
        </div>
      </section>
    </div>
    <aside class="log-panel" aria-labelledby="log-heading">
      <div class="log-head">
        <h2 id="log-heading">Events</h2>
        <button type="button" class="link-button" id="clear-log">Clear</button>
      </div>
      <p class="log-hint">What the buy widget reports to this page, as it arrives.</p>
      <ol id="event-log" class="event-log" aria-live="polite"></ol>
    </aside>
  </main>
  <footer class="wrap footer">Fernhill Supply is a demo merchant on the platform's test network: nothing here moves real money.</footer>
</body>
</html>
`;
}
