// The order page, /orders/:id: where the checkout's `redirect` brings the buyer back. Rendered on the
// server with what the shop knows; public/order.js then follows the order (GET /api/orders/:id) until
// the shop's server has the proof of payment, or the payment has failed, and offers "Cancel order"
// while nothing is paid.

import { formatEuro } from './catalog.ts';
import type { Order } from './orders.ts';
import { escapeHtml, masthead } from './page.ts';

function layout(title: string, main: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} · Fernhill Supply</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/shop.css">
  ${script}
</head>
<body>
  ${masthead()}
  <main class="wrap order-page">
${main}
  </main>
</body>
</html>
`;
}

export function renderOrderPage(order: Order): string {
  const id = escapeHtml(order.id);
  return layout(
    `Order ${order.id}`,
    `    <section class="panel order-card" aria-labelledby="order-title" data-order-id="${id}">
      <h1 id="order-title">Order <code>${id}</code></h1>
      <p class="order-line">${escapeHtml(order.product)} · ${formatEuro(order.amount)}</p>
      <p id="order-state" class="order-state" role="status" aria-live="polite">Checking the payment…</p>
      <p id="order-detail" class="order-detail"></p>
      <p><button type="button" class="link-button" id="cancel-order" hidden>Cancel order</button></p>
      <p id="cancel-problem" class="order-problem" role="alert"></p>
      <p><a href="/">Back to the shop</a></p>
    </section>`,
    '<script type="module" src="/order.js"></script>',
  );
}

export function renderMissingOrderPage(): string {
  return layout(
    'No such order',
    `    <section class="panel order-card" aria-labelledby="order-title">
      <h1 id="order-title">No such order</h1>
      <p>This shop keeps its orders in memory, so a restart forgets them. Start a new one from the shop.</p>
      <p><a href="/">Back to the shop</a></p>
    </section>`,
  );
}
