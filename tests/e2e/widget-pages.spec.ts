import { expect, test, type APIRequestContext } from '@playwright/test';

// The widget's payment pages opened directly, as the hosted payment-link page that sendlink mails.
// The payment is made the way a merchant makes one: the demo shop's server holds the secret key and
// calls POST /mapi/api/transaction when an order is placed.
const SHOP = `http://127.0.0.1:${process.env.E2E_SHOP_PORT ?? 4180}`;
const MERCHANT = 'mch_demo_verdant';

/** A shop order paid in BTC: its id (the payment's order id, transaction_c1) and its payment token. */
async function newOrder(request: APIRequestContext, product = 'moss-terrarium'): Promise<{ id: string; token: string }> {
  const created = await request.post(`${SHOP}/api/orders`, { data: { product_id: product, coin: 'BTC' } });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as { id: string; payment: { transaction_token: string } };
  return { id: order.id, token: order.payment.transaction_token };
}

async function newPayment(request: APIRequestContext, product = 'moss-terrarium'): Promise<string> {
  return (await newOrder(request, product)).token;
}

/** Half of an 8-decimal amount, rounded down: an underpayment. */
function half(amount: string): string {
  const minor = BigInt(amount.replace('.', '')) / 2n;
  return `${minor / 100_000_000n}.${(minor % 100_000_000n).toString().padStart(8, '0')}`;
}

function minus(a: string, b: string): string {
  const minor = BigInt(a.replace('.', '')) - BigInt(b.replace('.', ''));
  return `${minor / 100_000_000n}.${(minor % 100_000_000n).toString().padStart(8, '0')}`;
}

const widget = (path: string, token: string, extra = '') => `/sys-widget${path}?merchant_id=${MERCHANT}&transaction_id=${token}${extra}`;

test('a buyer sees what to pay, copies the address and pays with test coins until the payment is received', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // €129: at 50 or more the merchant header shows (spec §2), with the shop's order id (transaction_c1).
  const { id, token } = await newOrder(request, 'walnut-lamp');
  await page.goto(widget('/payment', token));
  await expect(page.getByText('Payment for Walnut Desk Lamp')).toBeVisible();
  await expect(page.getByText('€129.00')).toBeVisible();
  await expect(page.locator('.merchant-header')).toContainText(`Order ${id}`);
  // The merchant's theme (spec §3 defaults for the seeded merchant) reaches the page as CSS variables.
  await expect(page.locator('.widget-theme')).toHaveAttribute('style', /--widget-primary:\s*#[0-9a-f]{3,6}/i);

  await expect(page.getByRole('heading', { level: 1, name: 'Pay with BTC' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^(15:00|14:5\d)$/);
  await expect(page.getByRole('img', { name: /QR code to pay .* BTC to / })).toBeVisible();

  await page.getByRole('button', { name: 'Copy the address' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  const address = await page.evaluate(() => navigator.clipboard.readText());
  expect(address.length).toBeGreaterThan(20);
  await expect(page.getByText(address, { exact: true })).toBeVisible();

  await expect(page.getByText('Test network', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pay with test coins' }).click();
  // Detected, then confirmed: the status poll moves the page along (a test-network block a second).
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({ timeout: 20_000 });
  expect(new URL(page.url()).pathname).toBe('/sys-widget/payment-success');
  expect(new URL(page.url()).searchParams.get('transaction_id')).toBe(token);
});

test('a payment link for a payment that does not exist shows the spec text', async ({ page }) => {
  await page.goto(widget('/payment', 'pay_AAAAAAAAAAAAAAAAAAAAAA'));
  await expect(page.getByText('Merchant not recognized or Session Expired Please Make another transaction.')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/sys-widget/payment-failed');
});

test('the payment page speaks Spanish with lang=es and keeps it on the next page', async ({ page, request }) => {
  const token = await newPayment(request);
  await page.goto(widget('/payment', token, '&lang=es'));
  await expect(page.getByRole('heading', { level: 1, name: 'Paga con BTC' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pagar con monedas de prueba' })).toBeVisible();

  await page.goto(`/sys-widget/payment?merchant_id=mch_nobody_here&transaction_id=${token}&lang=es`);
  await expect(page.getByText('Comercio no reconocido o sesión caducada. Haz otra transacción.')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('lang')).toBe('es');
});

test('an underpaid payment says how much arrived and how much is still due, and topping up completes it', async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const token = await newPayment(request, 'walnut-lamp');
  await page.goto(widget('/payment', token));
  await expect(page.getByRole('heading', { level: 1, name: 'Pay with BTC' })).toBeVisible();
  // What the page shows the buyer (public: merchant id and token); half of it comes from the test network.
  const answer = await request.post('/mapi/api/transaction/details', { data: { merchant_id: MERCHANT, transaction_id: token } });
  const { currency_1_address: address, currency_1_amount: due } = ((await answer.json()) as { request_details: { currency_1_address: string; currency_1_amount: string } }).request_details;
  const paid = half(due);
  expect((await request.post('/v1/test-network/pay', { data: { asset: 'BTC', address, amount: paid } })).status()).toBe(200);

  // The status poll moves the page to /payment-detected, which shows the underpayment instead of confirmations.
  await expect(page.getByRole('heading', { level: 1, name: 'Part of your payment has arrived' })).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe('/sys-widget/payment-detected');
  await expect(page.getByRole('status').filter({ hasText: 'has arrived' })).toHaveText(`${paid} BTC of ${due} BTC has arrived. Send the rest to the same address before the time runs out.`);
  const remaining = minus(due, paid);
  const stillDue = page.locator('.copy-field').filter({ hasText: 'Still due' });
  await expect(stillDue.locator('code')).toHaveText(`${remaining} BTC`);
  await expect(stillDue.getByRole('button', { name: 'Copy the amount still due' })).toBeVisible();
  // The same address, its copy button and the server's QR code of the rest (top_up), not of the whole amount.
  await expect(page.locator('.copy-field').filter({ hasText: 'BTC address' }).locator('code')).toHaveText(address);
  await expect(page.getByRole('button', { name: 'Copy the address' })).toBeVisible();
  const qr = page.getByRole('img', { name: `QR code to pay the remaining ${remaining} BTC to ${address}` });
  await expect(qr).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(1);
  const topUp = ((await (await request.post('/mapi/api/transaction/details', { data: { merchant_id: MERCHANT, transaction_id: token } })).json()) as { request_details: { top_up: { currency_1_amount: string; qr: string } } }).request_details.top_up;
  expect(topUp.currency_1_amount).toBe(remaining);
  await expect(qr).toHaveAttribute('src', topUp.qr);
  await expect(page.getByText('in your wallet')).toHaveCount(0);
  await expect(page.getByRole('timer')).toHaveText(/^1[0-4]:\d\d$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '/tmp/widget-underpaid-375.png', fullPage: true });

  // The test network sends exactly what is still due; the payment settles.
  await page.getByRole('button', { name: 'Pay the rest with test coins' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({ timeout: 25_000 });
});

test('the underpaid view speaks Spanish', async ({ page, request }) => {
  const token = await newPayment(request);
  const answer = await request.post('/mapi/api/transaction/details', { data: { merchant_id: MERCHANT, transaction_id: token } });
  const { currency_1_address: address, currency_1_amount: due } = ((await answer.json()) as { request_details: { currency_1_address: string; currency_1_amount: string } }).request_details;
  expect((await request.post('/v1/test-network/pay', { data: { asset: 'BTC', address, amount: half(due) } })).status()).toBe(200);
  await page.goto(widget('/payment-detected', token, '&lang=es'));
  await expect(page.getByRole('heading', { level: 1, name: 'Ha llegado parte de tu pago' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.copy-field').filter({ hasText: 'Falta por pagar' }).locator('code')).toHaveText(`${minus(due, half(due))} BTC`);
  await expect(page.getByRole('button', { name: 'Pagar el resto con monedas de prueba' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Código QR para pagar lo que falta, ${minus(due, half(due))} BTC, a ${address}` })).toBeVisible();
});
