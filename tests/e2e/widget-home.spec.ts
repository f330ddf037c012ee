import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// The widget's home: a payment made without a coin, opened directly as the
// payment link is, and then inside the demo shop's page through the SDK. The payment is made the way a
// merchant makes one: the demo shop's server holds the secret key and creates it when an order is placed
// (POST /api/orders without a coin leaves the coin to the buyer).
const SHOP = `http://127.0.0.1:${process.env.E2E_SHOP_PORT ?? 4180}`;
const MERCHANT = 'mch_demo_verdant';

/** A shop order whose payment has no coin yet: its id (the payment's order id and return page) and token. */
async function coinlessOrder(request: APIRequestContext, product = 'walnut-lamp'): Promise<{ id: string; token: string }> {
  const created = await request.post(`${SHOP}/api/orders`, { data: { product_id: product } });
  expect(created.status()).toBe(201);
  const { id, payment } = (await created.json()) as { id: string; payment: { transaction_token: string; currency_1_iso: string | null } };
  expect(payment.currency_1_iso).toBeNull();
  return { id, token: payment.transaction_token };
}

async function coinlessPayment(request: APIRequestContext, product = 'walnut-lamp'): Promise<string> {
  return (await coinlessOrder(request, product)).token;
}

const widget = (path: string, token: string, extra = '') => `/sys-widget${path}?merchant_id=${MERCHANT}&transaction_id=${token}${extra}`;
const coinButton = (page: Page, name: RegExp) => page.getByRole('list', { name: 'Coins you can pay with' }).getByRole('button', { name });

test('a buyer chooses BTC, sees the BTC amount and pays with test coins until the payment is received', async ({ page, request }) => {
  const { id, token } = await coinlessOrder(request);
  await page.goto(widget('/home', token));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a coin' })).toBeVisible();
  // €129: the merchant header of spec §2 shows on home too, with the shop's order id.
  await expect(page.getByText('Payment for Walnut Desk Lamp')).toBeVisible();
  await expect(page.getByText('€129.00')).toBeVisible();
  await expect(page.getByText(`Order ${id}`)).toBeVisible();

  const btc = coinButton(page, /^Bitcoin [\d.]+ BTC$/);
  await expect(btc).toHaveText(/Bitcoin\s*\d+\.\d{8} BTC/);
  await expect(coinButton(page, /Ethereum/)).toBeVisible();
  // Each coin wears its real icon (served from our origin), not a letter disc.
  const icon = btc.locator('img');
  await expect(icon).toHaveAttribute('src', '/static/coins/btc.svg');
  // The first screen can paint before the icon has arrived (it renders from the shell's boot data), so wait
  // for the image to finish loading, then require that it decoded to a real picture.
  await expect.poll(() => icon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('widget-home.png') });
  await btc.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Pay with BTC' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/sys-widget/payment');
  await expect(page.getByText(/^\d+\.\d{8} BTC$/)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^(15:00|14:5\d)$/);
  // Chosen: Back does not return to the choice (home was replaced), and home itself now goes to /payment.
  await page.goto(widget('/home', token));
  await expect(page.getByRole('heading', { level: 1, name: 'Pay with BTC' })).toBeVisible();

  await page.getByRole('button', { name: 'Pay with test coins' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({ timeout: 20_000 });

  // Standalone (a payment link): /redirect takes the whole window to the payment's own return_url, the
  // order's page the shop's server set when it created the payment.
  await page.getByRole('link', { name: 'Return to Fernhill Supply' }).click();
  await page.waitForURL(`${SHOP}/orders/${id}`);
});

test('the payment page of a payment without a coin sends the buyer to choose one, and / is home too', async ({ page, request }) => {
  const token = await coinlessPayment(request);
  await page.goto(widget('/payment', token));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a coin' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/sys-widget/home');

  await page.goto(widget('/', token));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a coin' })).toBeVisible();
});

test('home speaks Spanish with lang=es and keeps it on the payment page', async ({ page, request }) => {
  const token = await coinlessPayment(request);
  await page.goto(widget('/home', token, '&lang=es'));
  await expect(page.getByRole('heading', { level: 1, name: 'Elige una moneda' })).toBeVisible();
  await expect(page.getByText('Los importes son aproximados hasta que eliges.')).toBeVisible();
  await page.getByRole('list', { name: 'Monedas con las que puedes pagar' }).getByRole('button', { name: /^Bitcoin [\d.]+ BTC$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paga con BTC' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('lang')).toBe('es');
});

test('an unknown merchant shows the spec text', async ({ page, request }) => {
  const token = await coinlessPayment(request);
  await page.goto(`/sys-widget/home?merchant_id=mch_nobody_here&transaction_id=${token}`);
  await expect(page.getByRole('alert')).toHaveText('Merchant not recognized!');
  await page.goto(`/sys-widget/home?merchant_id=mch_nobody_here&transaction_id=${token}&lang=es`);
  await expect(page.getByRole('alert')).toHaveText('¡Comercio no reconocido!');
});

test('home without a payment to show gives the spec failure text', async ({ page }) => {
  await page.goto('/sys-widget/home');
  await expect(page.getByText('Merchant not recognized or Session Expired Please Make another transaction.')).toBeVisible();
});

test('a coin is chosen by keyboard alone', async ({ page, request }) => {
  const token = await coinlessPayment(request);
  await page.goto(widget('/home', token));
  const btc = coinButton(page, /^Bitcoin [\d.]+ BTC$/);
  await expect(btc).toBeVisible();
  for (let presses = 0; presses < 20 && !(await btc.evaluate((el) => el === document.activeElement)); presses++) await page.keyboard.press('Tab');
  await expect(btc).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Pay with BTC' })).toBeVisible();
});

test('home at 375 px and at desktop width (screenshots for a look)', async ({ page, request }) => {
  const token = await coinlessPayment(request);
  for (const [name, width, height] of [['375', 375, 812], ['desktop', 1280, 900]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(widget('/home', token));
    await expect(coinButton(page, /^Bitcoin [\d.]+ BTC$/)).toBeVisible();
    // Nothing wider than the viewport: no sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `/tmp/widget-home-${name}.png`, fullPage: true });
  }
});

type Logged = { type: string; data: unknown };
type EventWindow = Window & { checkoutEvents: Logged[]; checkoutResult: unknown };

test('inside the shop page the SDK gets payment-detected, then payment-success with a signed receipt, once each', async ({ page, request }) => {
  const { id, token } = await coinlessOrder(request, 'moss-terrarium');
  await page.goto(SHOP);
  await expect.poll(() => page.evaluate(() => typeof window.PayKit?.open)).toBe('function');
  await page.evaluate(
    ({ token, merchantId }) => {
      const w = window as unknown as EventWindow;
      w.checkoutEvents = [];
      const handle = window.PayKit!.open({ token, merchantId });
      for (const type of ['ready', 'payment-detected', 'payment-success', 'payment-failed', 'error'] as const) handle.on(type, (data: unknown) => w.checkoutEvents.push({ type, data }));
      void handle.result.then((result: unknown) => (w.checkoutResult = result));
    },
    { token, merchantId: MERCHANT },
  );
  const frame = page.frameLocator('iframe');
  await frame.getByRole('list', { name: 'Coins you can pay with' }).getByRole('button', { name: /^Bitcoin [\d.]+ BTC$/ }).click();
  await frame.getByRole('button', { name: 'Pay with test coins' }).click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({ timeout: 20_000 });

  const events = () => page.evaluate(() => (window as unknown as EventWindow).checkoutEvents.map((event) => event.type));
  await expect.poll(events, { timeout: 15_000 }).toContain('payment-success');
  // A moment more: a repeated event would arrive with the next status poll.
  await page.waitForTimeout(3_500);
  expect(await events()).toEqual(['ready', 'payment-detected', 'payment-success']);
  const logged = await page.evaluate(() => (window as unknown as EventWindow).checkoutEvents);
  expect(logged[1]!.data).toEqual({ transaction_id: token, amount: '49.00', currency: 'EUR' });
  expect(logged[2]!.data).toMatchObject({ receipt: { transaction_id: token, amount: '49.00', currency: 'EUR', status: 'settled', signature: expect.stringMatching(/^v1,/) } });
  expect(await page.evaluate(() => (window as unknown as EventWindow).checkoutResult)).toMatchObject({ status: 'payment-success' });

  // "Return to" inside the SDK: /redirect sends `redirect` and the SDK moves the shop page itself.
  const shopNavigated = page.waitForEvent('framenavigated', { predicate: (navigated) => navigated === page.mainFrame() });
  await frame.getByRole('link', { name: 'Return to Fernhill Supply' }).click();
  await shopNavigated;
  expect(page.url()).toBe(`${SHOP}/orders/${id}`);
});

test('the pay button path: merchantId, amount and currency alone make a payment the buyer chooses a coin for', async ({ page }) => {
  await page.goto(SHOP);
  await expect.poll(() => page.evaluate(() => typeof window.PayKit?.open)).toBe('function');
  await page.evaluate((merchantId) => {
    const w = window as unknown as EventWindow;
    w.checkoutEvents = [];
    window.PayKit!.open({ merchantId, amount: '60.00', currency: 'EUR', product: 'Gift card', orderId: 'G-1' }).on('error', (data: unknown) => w.checkoutEvents.push({ type: 'error', data }));
  }, MERCHANT);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1, name: 'Choose a coin' })).toBeVisible({ timeout: 15_000 });
  await expect(frame.getByText('Payment for Gift card')).toBeVisible();
  // The pay button's orderId is the payment's order id: the header shows it.
  await expect(frame.locator('.merchant-header')).toContainText('Order G-1');
  await frame.getByRole('list', { name: 'Coins you can pay with' }).getByRole('button', { name: /^Ethereum [\d.]+ ETH$/ }).click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Pay with ETH' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as EventWindow).checkoutEvents)).toEqual([]);
});

test('an unknown merchant in the SDK shows the spec text and tells the merchant page', async ({ page }) => {
  await page.goto(SHOP);
  await expect.poll(() => page.evaluate(() => typeof window.PayKit?.open)).toBe('function');
  const error = page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        window.PayKit!.open({ merchantId: 'mch_nobody_here', amount: '60.00', currency: 'EUR' }).on('error', resolve);
      }),
  );
  await expect(page.frameLocator('iframe').getByRole('alert')).toHaveText('Merchant not recognized!', { timeout: 15_000 });
  expect(await error).toMatchObject({ code: 'merchant_not_recognized' });
});

/** Opens the checkout for `token` in the shop page and records the SDK's error events. */
async function openWithErrorLog(page: Page, token: string): Promise<() => Promise<unknown[]>> {
  await page.goto(SHOP);
  await expect.poll(() => page.evaluate(() => typeof window.PayKit?.open)).toBe('function');
  await page.evaluate(
    ({ token, merchantId }) => {
      const w = window as unknown as EventWindow;
      w.checkoutEvents = [];
      window.PayKit!.open({ token, merchantId }).on('error', (data: unknown) => w.checkoutEvents.push({ type: 'error', data }));
    },
    { token, merchantId: MERCHANT },
  );
  return () => page.evaluate(() => (window as unknown as EventWindow).checkoutEvents.map((event) => event.data));
}

// The platform answering as it does when its database or its rate source is down (core/errors.ts codes).
const unavailable = (code: string, message: string) => ({ status: 503, contentType: 'application/json', body: JSON.stringify({ request_status: '0', error_message: { code, message } }) });

/**
 * The checkout's page reaches the server without the payment's token, so the shell carries no state and the
 * widget asks the API itself (as when the shell could not read the payment): its first calls are the ones a
 * test can make fail. The frame's own address keeps the token.
 */
async function shellWithoutPayment(page: Page): Promise<void> {
  await page.route('**/sys-widget/?*', (route) => {
    const url = new URL(route.request().url());
    url.searchParams.delete('token');
    return route.continue({ url: url.toString() });
  });
}

test('a status failure shows the spec text and tells the merchant page status_unavailable once, however often it is retried', async ({ page, request }) => {
  const token = await coinlessPayment(request);
  await shellWithoutPayment(page);
  await page.route('**/mapi/api/transaction/status', (route) => route.fulfill(unavailable('internal_error', 'Something went wrong.')));
  const errors = await openWithErrorLog(page, token);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('alert')).toContainText('There may be a problem with the server. please try again later', { timeout: 15_000 });
  await expect.poll(errors).toEqual([{ code: 'status_unavailable', message: expect.stringContaining('try again later') }]);
  await frame.getByRole('button', { name: 'Try again' }).click();
  await expect(frame.getByRole('alert')).toContainText('There may be a problem with the server.');
  await page.waitForTimeout(500);
  expect(await errors()).toHaveLength(1);

  // Back up: the retry shows the coin list, and nothing more is reported.
  await page.unroute('**/mapi/api/transaction/status');
  await frame.getByRole('button', { name: 'Try again' }).click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Choose a coin' })).toBeVisible();
  expect(await errors()).toHaveLength(1);
});

test('a rates failure when choosing the coin shows the spec text and tells the merchant page rates_unavailable once', async ({ page, request }) => {
  const token = await coinlessPayment(request);
  await page.route('**/mapi/api/transaction/currency', (route) => route.fulfill(unavailable('rates_unavailable', 'Some problem occurred. please try again later.')));
  const errors = await openWithErrorLog(page, token);
  const frame = page.frameLocator('iframe');
  const btc = frame.getByRole('list', { name: 'Coins you can pay with' }).getByRole('button', { name: /^Bitcoin [\d.]+ BTC$/ });
  await btc.click();
  await expect(frame.getByRole('alert')).toHaveText('Some problem occurred. please try again later.');
  await expect.poll(errors).toEqual([{ code: 'rates_unavailable', message: expect.stringContaining('exchange rate') }]);
  await btc.click();
  await expect(btc).toBeEnabled();
  await page.waitForTimeout(500);
  expect(await errors()).toHaveLength(1);
});
