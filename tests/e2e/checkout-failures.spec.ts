// The checkout's other paths, from the demo shop across the two sites: the expired path
// (the shop cancels the order while its checkout is open), an underpayment, a hostile frame forging
// events, an unreachable checkout, an unknown merchant, Spanish, and the overlay by keyboard alone.
//
// Covered elsewhere, not repeated here: forged window messages posted by the merchant page itself, a
// merchant CSP that refuses the frame, the 10 s timeout on a bare merchant page, and Tab staying inside
// the card (sdk-loader.spec.ts, sdk-failures.spec.ts); the spec texts of a payment link for an unknown
// payment and its Spanish (widget-pages.spec.ts).
import { expect, test, type Page } from '@playwright/test';
import { buy, checkoutOf, logged, loggedEventNames, MERCHANT, openShop, platformOrigin, SHOP, type ShopOrder } from './checkout-helpers.ts';
import { pressClosingKey } from './closing-key.ts';

/** Half of an 8-decimal amount, rounded down, as a decimal string: an underpayment. */
function half(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const minor = BigInt(whole + fraction.padEnd(8, '0')) / 2n;
  return `${minor / 100_000_000n}.${(minor % 100_000_000n).toString().padStart(8, '0')}`;
}

/** Chooses BTC on the checkout's coin list and waits for its payment page. */
async function chooseBtc(page: Page): Promise<void> {
  const checkout = checkoutOf(page);
  await expect(checkout.getByRole('heading', { level: 1, name: 'Choose a coin' })).toBeVisible();
  await checkout.getByRole('button', { name: /\bBTC$/ }).click();
  await expect(checkout.getByRole('heading', { level: 1, name: 'Pay with BTC' })).toBeVisible();
}

test('the shop cancels the order while its checkout is open: the checkout fails as expired, the page gets payment-failed, the order is Cancelled', async ({ page, request }) => {
  test.setTimeout(60_000);
  await openShop(page);
  const order = await buy(page, 'walnut-lamp');
  await chooseBtc(page);
  await expect(page.locator('#order-panel #order-state')).toHaveText('Awaiting payment');

  // The order's own page, in another tab: its "Cancel order" makes the shop's server expire the payment.
  const orderTab = await page.context().newPage();
  await orderTab.goto(`${SHOP}/orders/${order.id}`);
  const cancel = orderTab.getByRole('button', { name: 'Cancel order' });
  await expect(cancel).toBeVisible();
  await cancel.click();
  await expect(orderTab.locator('#order-state')).toHaveText('Cancelled');
  await expect(orderTab.locator('#order-detail')).toHaveText('The order was cancelled before any payment arrived. Nothing was charged.');
  await expect(cancel).toBeHidden();
  await orderTab.close();

  // The open checkout learns it from the payment's status (asked every 3 s): the spec §8 text, and the
  // page hears payment-failed with the reason, once.
  const checkout = checkoutOf(page);
  await expect(checkout.getByRole('heading', { level: 1, name: 'Payment not possible' })).toBeVisible({ timeout: 10_000 });
  await expect(checkout.getByText('Session Expired Please Make another transaction.', { exact: true })).toBeVisible();
  await expect(logged(page, 'payment-failed')).toHaveCount(1);
  expect(JSON.parse((await logged(page, 'payment-failed').locator('pre').textContent())!)).toEqual({ reason: 'expired', transaction_id: order.payment.transaction_token });
  expect(await loggedEventNames(page)).toEqual(['ready', 'payment-failed']);
  const state = page.locator('#order-panel #order-state');
  await expect(state).toHaveText('Cancelled');
  await expect(state).toHaveAttribute('data-state', 'cancelled');
  await expect(page.locator('#order-panel #cancel-order')).toBeHidden();
  const onServer = (await (await request.get(`${SHOP}/api/orders/${order.id}`)).json()) as ShopOrder;
  expect(onServer).toMatchObject({ status: 'cancelled', paid_by: null, payment: { status: 'expired', currency_1_iso: 'BTC' } });

  // Nothing is left to pay, so Esc closes the failed page at once, without asking.
  await checkout.getByRole('heading', { level: 1, name: 'Payment not possible' }).click();
  await pressClosingKey(page, 'Escape');
  await expect(logged(page, 'close')).toHaveCount(1);
});

test('an underpayment from the test network: payment-detected, never success, and the shop shows paid_partial', async ({ page, request, baseURL }) => {
  test.setTimeout(60_000);
  await openShop(page);
  const order = await buy(page, 'moss-terrarium');
  await chooseBtc(page);
  // What the widget shows the buyer (public: merchant id and token), then half of it from the test network.
  const details = await request.post('/mapi/api/transaction/details', { data: { merchant_id: MERCHANT, transaction_id: order.payment.transaction_token } });
  const { currency_1_address: address, currency_1_amount: due } = ((await details.json()) as { request_details: { currency_1_address: string; currency_1_amount: string } }).request_details;
  const paid = await request.post('/v1/test-network/pay', { data: { asset: 'BTC', address, amount: half(due) } });
  expect(paid.status()).toBe(200);

  await expect(logged(page, 'payment-detected')).toHaveCount(1, { timeout: 20_000 });
  const state = page.locator('#order-panel #order-state');
  await expect(state).toHaveAttribute('data-state', 'paid_partial', { timeout: 20_000 });
  await expect(state).toHaveText('Underpaid');
  await expect(page.locator('#order-panel #order-detail')).toContainText('paid_partial');
  // Blocks keep coming (one a second) and confirm what was sent; it never covers the due.
  await page.waitForTimeout(4_000);
  await expect(logged(page, 'payment-success')).toHaveCount(0);
  const onServer = (await (await request.get(`${SHOP}/api/orders/${order.id}`)).json()) as { status: string; paid_by: string | null; payment: { status: string; exception: string } };
  expect(onServer).toMatchObject({ status: 'awaiting_payment', paid_by: null, payment: { status: 'processing', exception: 'paid_partial' } });
});

// A frame on the checkout's own origin (the only one the shop's CSP lets it frame) that is not the
// checkout: it posts forged events to the shop page with guessed channel ids, and a forged `init` to the
// real checkout with a port of its own. Neither side may listen.
const HOSTILE_FRAME = `<!doctype html><html><body><p>Not the checkout</p><script>
  const receipt = { transaction_id: 'pay_AAAAAAAAAAAAAAAAAAAAAA', amount: '49.00', currency: 'EUR', status: 'settled', timestamp: Math.floor(Date.now() / 1000), signature: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=' };
  const forged = [
    ['payment-success', { receipt }],
    ['payment-failed', { reason: 'expired' }],
    ['redirect', { url: 'https://evil.example/phish' }],
    ['close', {}],
    ['ready', {}],
  ];
  window.sent = 0;
  window.answers = [];
  for (const ch of ['1-2-3-4', '0-0-0-0', '4294967295-4294967295-4294967295-4294967295']) {
    for (const [type, data] of forged) { parent.postMessage({ v: 1, ch, type, data }, '*'); window.sent += 1; }
  }
  for (let i = 0; i < parent.frames.length; i += 1) {
    if (parent.frames[i] === window) continue;
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = (event) => window.answers.push(event.data);
    parent.frames[i].postMessage({ v: 1, ch: '9-9-9-9', type: 'init', data: { merchantId: '${MERCHANT}', mode: 'overlay' } }, '*', [port2]);
    window.sent += 1;
  }
</script></body></html>`;

test('a hostile frame posting forged events is ignored by the shop page and by the checkout, which carries on', async ({ page, baseURL }) => {
  const platform = platformOrigin(baseURL);
  await page.route(`${platform}/hostile-frame`, (route) => route.fulfill({ contentType: 'text/html', body: HOSTILE_FRAME }));
  await openShop(page);
  await buy(page, 'moss-terrarium');
  await expect(logged(page, 'ready')).toHaveCount(1, { timeout: 10_000 });

  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.title = 'Hostile';
    document.body.append(frame);
  }, `${platform}/hostile-frame`);
  await expect.poll(() => page.frames().find((frame) => frame.url() === `${platform}/hostile-frame`)?.evaluate(() => (window as unknown as { sent: number }).sent)).toBe(16);
  await page.waitForTimeout(1_000);

  for (const name of ['payment-success', 'payment-failed', 'redirect', 'close']) await expect(logged(page, name)).toHaveCount(0);
  await expect(logged(page, 'ready')).toHaveCount(1);
  await expect(page.locator('#event-log li[data-kind="result"]')).toHaveCount(0);
  expect(page.url()).toBe(`${SHOP}/`);
  await expect(page.locator('iframe[title="Checkout"]')).toHaveCount(1);
  const hostile = page.frames().find((frame) => frame.url() === `${platform}/hostile-frame`)!;
  expect(await hostile.evaluate(() => (window as unknown as { answers: unknown[] }).answers)).toEqual([]);
  // The real checkout never noticed: the buyer goes on to choose a coin.
  await chooseBtc(page);
});

test('an unreachable checkout gives the shop an error event with its reason, and the order stays unpaid', async ({ page, baseURL }) => {
  const platform = platformOrigin(baseURL);
  await page.clock.install();
  // pay.js loads, but the checkout page does not: the frame shows the browser's error page instead.
  await page.route(`${platform}/sys-widget/**`, (route) => route.abort('connectionrefused'));
  await openShop(page);
  const order = await buy(page, 'pour-over-set');
  await expect(page.locator('iframe[title="Checkout"]')).toHaveCount(1);
  await page.clock.runFor(9_000);
  await expect(logged(page)).toHaveCount(0);
  await page.clock.runFor(1_500);
  const error = { code: 'timeout', message: `timeout: ${platform}` };
  await expect(logged(page, 'error')).toHaveCount(1);
  expect(JSON.parse((await logged(page, 'error').locator('pre').textContent())!)).toEqual(error);
  expect(JSON.parse((await page.locator('#event-log li[data-kind="result"][data-event="error"] pre').textContent())!)).toEqual(error);
  await expect(page.locator('iframe[title="Checkout"]')).toHaveCount(0);
  await expect(page.locator('#order-panel #order-link')).toHaveText(order.id);
  await expect(page.locator('#order-panel #order-state')).toHaveText('Awaiting payment');
});

test("an unknown merchant: the checkout shows 'Merchant not recognized!' and the page gets error merchant_not_recognized", async ({ page }) => {
  await openShop(page);
  await page.evaluate(() => {
    const record = window as unknown as { errors: unknown[] };
    record.errors = [];
    window.PayKit!.open({ merchantId: 'mch_nobody_here', amount: '49.00', currency: 'EUR' }).on('error', (data) => record.errors.push(data));
  });
  await expect(checkoutOf(page).getByText('Merchant not recognized!', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => page.evaluate(() => (window as unknown as { errors: { code: string }[] }).errors.map((error) => error.code))).toEqual(['merchant_not_recognized']);
  // The checkout stays open for the buyer to read it and close it.
  await expect(page.locator('iframe[title="Checkout"]')).toHaveCount(1);
});

test('the checkout in Spanish, chosen on the shop page', async ({ page }) => {
  await openShop(page);
  await page.locator('#checkout-locale').selectOption('es');
  await buy(page, 'walnut-lamp');
  const frame = page.locator('iframe[title="Checkout"]');
  expect(new URL((await frame.getAttribute('src'))!).searchParams.get('lang')).toBe('es');
  const checkout = checkoutOf(page);
  await expect(checkout.getByRole('heading', { level: 1, name: 'Elige una moneda' })).toBeVisible();
  await expect(checkout.getByText('Los importes son aproximados hasta que eliges.')).toBeVisible();
  await checkout.getByRole('button', { name: /\bBTC$/ }).click();
  await expect(checkout.getByRole('heading', { level: 1, name: 'Paga con BTC' })).toBeVisible();
  await expect(checkout.getByRole('button', { name: 'Pagar con monedas de prueba' })).toBeVisible();
});

test.describe('the overlay by keyboard alone', () => {
  /** The text of the focused coin button inside the checkout, or null when focus is elsewhere. */
  const focusedCoin = async (page: Page) => {
    const frame = page.frames().find((candidate) => candidate.url().includes('/sys-widget/'));
    return (await frame?.evaluate(() => (document.activeElement?.classList.contains('coin-choice') ? document.activeElement.textContent : null))) ?? null;
  };
  /** Presses Tab until the BTC coin button has the focus (at most 20 times). */
  const tabToBtc = async (page: Page) => {
    for (let presses = 0; presses < 20 && !/\bBTC$/.test((await focusedCoin(page)) ?? ''); presses += 1) await page.keyboard.press('Tab');
  };

  test('Enter on the pay button, Tab to the coin list, Enter on BTC: its payment page', async ({ page }) => {
    await openShop(page);
    await buy(page, 'moss-terrarium', { press: true });
    await expect(logged(page, 'ready')).toHaveCount(1, { timeout: 10_000 });
    const checkout = checkoutOf(page);
    await expect(checkout.getByRole('dialog')).toBeFocused();
    await expect(checkout.getByRole('heading', { level: 1, name: 'Choose a coin' })).toBeVisible();
    await tabToBtc(page);
    expect(await focusedCoin(page)).toMatch(/\bBTC$/);
    await page.keyboard.press('Enter');
    await expect(checkout.getByRole('heading', { level: 1, name: 'Pay with BTC' })).toBeVisible();
  });

  // Esc's question on a priced payment of a shop order, and what answering it does to the payment and
  // the order. The question itself (its description, default focus, Tab kept inside it, Esc again, the
  // close button, focus back on the pay button) is sdk-loader.spec.ts's, on the coin list.
  test('Esc on the payment page asks "Leave this payment?": Keep paying stays on the payment, Leave closes and keeps the order', async ({ page, request }) => {
    await openShop(page);
    const order = await buy(page, 'moss-terrarium', { press: true });
    await expect(logged(page, 'ready')).toHaveCount(1, { timeout: 10_000 });
    const checkout = checkoutOf(page);
    await expect(checkout.getByRole('dialog')).toBeFocused();
    await tabToBtc(page);
    await page.keyboard.press('Enter');
    const paying = checkout.getByRole('heading', { level: 1, name: 'Pay with BTC' });
    await expect(paying).toBeVisible();
    // The address the buyer is paying to (public: merchant id and token), shown on the payment page.
    const details = await request.post('/mapi/api/transaction/details', { data: { merchant_id: MERCHANT, transaction_id: order.payment.transaction_token } });
    const { currency_1_address: address } = ((await details.json()) as { request_details: { currency_1_address: string } }).request_details;
    const shownAddress = checkout.getByText(address, { exact: true }).first();
    await expect(shownAddress).toBeVisible();

    // Down and up apart: were the frame to close on keydown, the key up would never be acknowledged.
    await page.keyboard.down('Escape');
    const question = checkout.getByRole('alertdialog', { name: 'Leave this payment?' });
    await expect(question.getByRole('button', { name: 'Keep paying' })).toBeFocused();
    await page.keyboard.up('Escape');
    // Keep paying (Enter on the default): the same payment, still open, nothing told to the shop page.
    await page.keyboard.press('Enter');
    await expect(question).toHaveCount(0);
    await expect(paying).toBeVisible();
    await expect(shownAddress).toBeVisible();
    await expect(logged(page, 'close')).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    // The question takes the focus once it has rendered (an effect): Tab only after that, or a busy machine tabs first.
    await expect(question.getByRole('button', { name: 'Keep paying' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(question.getByRole('button', { name: 'Leave', exact: true })).toBeFocused();
    await pressClosingKey(page, 'Enter');
    await expect(logged(page, 'close')).toHaveCount(1);
    // Leaving the checkout is not cancelling the order: its payment still waits, and can be cancelled.
    const onServer = (await (await request.get(`${SHOP}/api/orders/${order.id}`)).json()) as ShopOrder;
    expect(onServer).toMatchObject({ status: 'awaiting_payment', payment: { status: 'new', currency_1_iso: 'BTC' } });
    await expect(page.locator('#order-panel #order-state')).toHaveText('Awaiting payment');
    await expect(page.locator('#order-panel #cancel-order')).toBeVisible();
  });
});
