// The whole checkout across two sites, as a buyer meets it: the demo shop on 127.0.0.1
// creates the order's payment without a coin, pay.js opens the real widget in a sandboxed frame on the
// platform's origin (localhost), the buyer chooses BTC and pays with test coins, the shop page hears
// payment-detected then payment-success, the shop's server checks the receipt and marks the order paid
// on the verified webhook, and the widget's redirect brings the buyer back to the shop's order page: the
// payment's own return URL (return_url, set by the shop's server when it created the payment).
import { expect, test } from '@playwright/test';
import { buy, checkoutOf, logged, loggedEventNames, openShop, platformOrigin, SHOP, type ShopOrder } from './checkout-helpers.ts';

const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

test('buy in the shop, choose BTC, pay with test coins: detected, success, paid by the verified webhook, back on the order page', async ({ page, baseURL, request }) => {
  test.setTimeout(120_000);
  const platform = platformOrigin(baseURL);
  await openShop(page);
  // The shop's server creates the order and its payment (no coin yet) before the checkout opens.
  const order = await buy(page, 'walnut-lamp');
  expect(order).toMatchObject({ status: 'awaiting_payment', paid_by: null, payment: { currency_1_iso: null, status: 'new' } });

  // A sandboxed frame on the platform's origin: another site than the shop's.
  const frame = page.locator('iframe[title="Checkout"]');
  await expect(frame).toHaveAttribute('sandbox', SANDBOX);
  const src = new URL((await frame.getAttribute('src'))!);
  expect(src.origin).toBe(platform);
  expect(new URL(SHOP).hostname).not.toBe(src.hostname);
  // The token is in the frame's URL, so the server renders the payment into the page; this one has no coin
  // yet, so the widget opens on home, where the buyer chooses it.
  expect(src.pathname).toBe('/sys-widget/');
  expect(src.searchParams.get('token')).toBe(order.payment.transaction_token);
  await expect(logged(page, 'ready')).toHaveCount(1, { timeout: 10_000 });

  const checkout = checkoutOf(page);
  await expect(checkout.getByRole('heading', { level: 1, name: 'Choose a coin' })).toBeVisible();
  // The header names the shop's order (the payment's order_id, spec §2), not the payment token.
  await expect(checkout.getByText(`Order ${order.id}`, { exact: true })).toBeVisible();
  await checkout.getByRole('button', { name: /\bBTC$/ }).click();
  await expect(checkout.getByRole('heading', { level: 1, name: 'Pay with BTC' })).toBeVisible();
  await expect(checkout.getByText('Test network', { exact: true })).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay with test coins' }).click();

  await expect(logged(page, 'payment-success')).toHaveCount(1, { timeout: 30_000 });
  expect(await loggedEventNames(page)).toEqual(['ready', 'payment-detected', 'payment-success']);
  await expect(logged(page, 'payment-detected')).toContainText(`"transaction_id": "${order.payment.transaction_token}"`);
  await expect(logged(page, 'payment-detected')).toContainText('"amount": "129.00"');
  await expect(logged(page, 'payment-success')).toContainText('"status": "settled"');
  await expect(checkout.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();

  // The page sent the receipt to the shop's server, which verified its signature...
  await expect(page.locator('#event-log li[data-kind="note"]', { hasText: 'receipt verified by the shop’s server' })).toHaveCount(1);
  // ...and shows the order as the server has it: paid once the verified webhook came.
  const state = page.locator('#order-panel #order-state');
  await expect(state).toHaveAttribute('data-state', 'paid', { timeout: 20_000 });
  await expect(state).toHaveAttribute('data-paid-by', 'webhook');
  const onServer = (await (await request.get(`${SHOP}/api/orders/${order.id}`)).json()) as ShopOrder;
  expect(onServer).toMatchObject({ id: order.id, status: 'paid', paid_by: 'webhook', receipt: { status: 'settled' }, payment: { status: 'settled', currency_1_iso: 'BTC' } });

  // Back to the shop: the widget's redirect, followed by pay.js, goes straight to the order's own page
  // (its return_url), never by way of the shop's front page.
  const visited: string[] = [];
  page.on('framenavigated', (navigated) => {
    if (navigated === page.mainFrame()) visited.push(navigated.url());
  });
  await checkout.getByRole('link', { name: /^Return to / }).click();
  await page.waitForURL(`${SHOP}/orders/${order.id}`);
  expect(visited).toEqual([`${SHOP}/orders/${order.id}`]);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(order.id);
  await expect(page.locator('#order-state')).toHaveText('Paid');
  await expect(page.locator('#order-detail')).toContainText('paid_by webhook');
});
