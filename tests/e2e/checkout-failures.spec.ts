// The checkout's other paths, from the demo shop across the two sites (issue 5, item 8): an underpayment,
// a hostile frame forging events, an unreachable checkout, an unknown merchant, Spanish, and the overlay
// by keyboard alone.
//
// Covered elsewhere, not repeated here: forged window messages posted by the merchant page itself, a
// merchant CSP that refuses the frame, the 10 s timeout on a bare merchant page, and Tab staying inside
// the card (sdk-loader.spec.ts, sdk-failures.spec.ts); the spec texts of a payment link for an unknown
// payment and its Spanish (widget-pages.spec.ts).
import { expect, test, type Page } from '@playwright/test';
import { buy, checkoutOf, logged, MERCHANT, openShop, platformOrigin, SHOP } from './checkout-helpers.ts';

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

  test('Enter on the pay button, Tab to the coin list, Enter on BTC: its payment page', async ({ page }) => {
    await openShop(page);
    await buy(page, 'moss-terrarium', { press: true });
    await expect(logged(page, 'ready')).toHaveCount(1, { timeout: 10_000 });
    const checkout = checkoutOf(page);
    await expect(checkout.getByRole('dialog')).toBeFocused();
    await expect(checkout.getByRole('heading', { level: 1, name: 'Choose a coin' })).toBeVisible();
    let presses = 0;
    while (!/\bBTC$/.test((await focusedCoin(page)) ?? '') && presses < 20) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(await focusedCoin(page)).toMatch(/\bBTC$/);
    await page.keyboard.press('Enter');
    await expect(checkout.getByRole('heading', { level: 1, name: 'Pay with BTC' })).toBeVisible();
  });

  test('Esc asks before closing: Esc again keeps paying; confirming closes back to the pay button', async ({ page }) => {
    await openShop(page);
    const pay = page.locator('button.buy[data-product-id="moss-terrarium"]');
    await buy(page, 'moss-terrarium', { press: true });
    await expect(logged(page, 'ready')).toHaveCount(1, { timeout: 10_000 });
    const checkout = checkoutOf(page);
    await expect(checkout.getByRole('dialog')).toBeFocused();

    // Down and up apart: were the frame to close on keydown, the key up would never be acknowledged.
    await page.keyboard.down('Escape');
    const confirmation = checkout.getByRole('alertdialog');
    await expect(confirmation).toBeVisible();
    await page.keyboard.up('Escape');
    await expect(page.locator('iframe[title="Checkout"]')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(confirmation).toHaveCount(0);
    await expect(page.locator('iframe[title="Checkout"]')).toHaveCount(1);
    await expect(logged(page, 'close')).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(confirmation).toBeVisible();
    let presses = 0;
    while (!(await confirmation.getByRole('button', { name: /leave|close/i }).evaluate((button) => button === document.activeElement)) && presses < 6) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    // Key down and up apart, as in sdk-loader.spec.ts: the frame goes away between them.
    await page.keyboard.down('Enter');
    await expect(page.locator('iframe[title="Checkout"]')).toHaveCount(0);
    await page.keyboard.up('Enter');
    await expect(logged(page, 'close')).toHaveCount(1);
    await expect(pay).toBeFocused();
  });
});
