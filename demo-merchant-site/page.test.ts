import { describe, expect, it } from 'vitest';
import { formatEuro } from './catalog.ts';
import { renderMissingOrderPage, renderOrderPage } from './order-page.ts';
import type { Order } from './orders.ts';
import { escapeHtml, renderShopPage } from './page.ts';
import { shopCsp } from './server.ts';

const VALUES = { platformOrigin: 'http://localhost:8080', shopOrigin: 'http://127.0.0.1:4000', merchantId: 'mch_demo_verdant', integrity: 'sha384-abc+/=' };

describe('the shop page', () => {
  it('pins both pay.js tags with the published integrity hash and crossorigin', () => {
    const html = renderShopPage(VALUES);
    const tags = html.match(/<script src="http:\/\/localhost:8080\/sdk\/v1\/pay\.js"[^>]*>/g) ?? [];
    expect(tags).toHaveLength(2);
    for (const tag of tags) {
      expect(tag).toContain('integrity="sha384-abc+/="');
      expect(tag).toContain('crossorigin="anonymous"');
    }
  });

  it('has no inline script or style, which its CSP would refuse', () => {
    const html = renderShopPage(VALUES);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle="|\son[a-z]+="/);
  });

  it('when pay.js is not built, says so and offers no checkout button that cannot work', () => {
    const html = renderShopPage({ ...VALUES, unavailable: 'pay.js is not built yet: run npm run build, then reload this page.' });
    expect(html).toContain('pay.js is not built yet');
    expect(html).not.toContain('/sdk/v1/pay.js" integrity');
    expect(html.match(/class="buy" disabled/g)).toHaveLength(3);
  });

  it('escapes what it prints', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
    expect(renderShopPage({ ...VALUES, merchantId: '"><img src=x>' })).not.toContain('"><img src=x>');
  });
});

describe('how to integrate', () => {
  const html = renderShopPage(VALUES);
  it.each([
    ['the script tag, pinned', 'integrity="sha384-abc+/="'],
    ['the server call that creates the payment, with the key from the environment', 'Bearer ${process.env.PAYKIT_SECRET_KEY}'],
    ['the order id as Idempotency-Key', "'idempotency-key': order.id"],
    ["the order's own page as the payment's return URL", 'return_url: `http://127.0.0.1:4000/orders/${order.id}`'],
    ['the cancel: the payment expired with the secret key', "fetch('http://localhost:8080/mapi/api/transaction/expire'"],
    ["the cancel's own Idempotency-Key", "'idempotency-key': `${order.id}:cancel`"],
    ['the JS API opening the payment by its token', 'token: order.paymentToken'],
    ['the webhook verified with standardwebhooks', 'new Webhook(process.env.PAYKIT_WEBHOOK_SECRET)'],
    ['the receipt check over the documented payload', 'JSON.stringify({ transaction_id, amount, currency, status })'],
    ['the CSP lines', "script-src 'self' http://localhost:8080; frame-src http://localhost:8080"],
  ])('shows %s', (_what, code) => {
    expect(html).toContain(escapeHtml(code));
  });

  it('never shows a secret, only where it comes from', () => {
    expect(html).not.toMatch(/sk_(test|live)_[A-Za-z0-9]/);
    expect(html).not.toContain('whsec_');
  });
});

describe('the order page', () => {
  const order: Order = {
    id: 'ord_<b>x</b>',
    product_id: 'moss-terrarium',
    product: 'Moss Terrarium',
    amount: '1049.00',
    currency: 'EUR',
    status: 'awaiting_payment',
    paid_by: null,
    receipt: null,
    payment: { transaction_token: 'pay_AAAAAAAAAAAAAAAAAAAAAA', currency_1_iso: null, currency_1_address: null, currency_1_amount: null, expires_at: '2026-01-01T00:00:00.000Z', status: 'new', exception: null },
  };

  it('shows the order and follows it with its own script file, nothing inline', () => {
    const html = renderOrderPage(order);
    expect(html).toContain('Moss Terrarium · €1,049.00');
    expect(html).toContain('<script type="module" src="/order.js"></script>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle="|\son[a-z]+="/);
  });

  it('escapes the order id and never prints the payment token', () => {
    const html = renderOrderPage(order);
    expect(html).not.toContain('<b>x</b>');
    expect(html).toContain('data-order-id="ord_&lt;b&gt;x&lt;/b&gt;"');
    expect(html).not.toContain(order.payment.transaction_token);
  });

  it('both pages carry "Cancel order", hidden until the order script sees an unpaid order', () => {
    for (const html of [renderOrderPage(order), renderShopPage(VALUES)]) {
      expect(html).toContain('<button type="button" class="link-button" id="cancel-order" hidden>Cancel order</button>');
      expect(html).toContain('<p id="cancel-problem" class="order-problem" role="alert"></p>');
    }
  });

  it('an unknown order says so and links back to the shop', () => {
    expect(renderMissingOrderPage()).toMatch(/No such order[\s\S]*href="\/"/);
  });
});

describe('the shop CSP', () => {
  it('lets scripts and frames come only from itself and the platform, and nothing inline', () => {
    const csp = shopCsp('http://localhost:8080');
    expect(csp).toContain("script-src 'self' http://localhost:8080");
    expect(csp).toContain('frame-src http://localhost:8080');
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe');
  });
});

describe('prices', () => {
  it.each([
    ['49.00', '€49.00'],
    ['1234.5', '€1,234.50'],
    ['1000000.00', '€1,000,000.00'],
    ['0.99', '€0.99'],
  ])('%s shows as %s', (amount, shown) => {
    expect(formatEuro(amount)).toBe(shown);
  });
});
