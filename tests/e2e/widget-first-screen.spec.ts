// The widget's first screen without a request waterfall. Opened at an address that names the payment (the
// hosted page a payment link mails, a reload, or the frame pay.js opens with the token in its URL), the shell
// carries the payment's state and the pay screen is interactive before any API request. The page then
// follows the payment by polling.
import { expect, test, type Frame, type Page, type Request } from '@playwright/test';
import { MERCHANT, SHOP, openShop } from './checkout-helpers.ts';

const API = /^\/(mapi|v1)\//;

/** Every API request (main or merchant API) any frame of the page makes from now on. */
function apiRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (API.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

/** The epoch ms of the first animation frame in which the "Copy the address" button is on the frame's page. */
async function copyButtonShownAt(frame: Frame): Promise<number> {
  const handle = await frame.waitForFunction(
    () => document.querySelector('button[aria-label="Copy the address"]') !== null && Date.now(),
    undefined,
    { polling: 'raf', timeout: 15_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** The API requests started before `at`, as "METHOD /path" (each request's own start, as the browser timed it). */
async function startedBefore(requests: Request[], at: number): Promise<string[]> {
  const named: string[] = [];
  for (const request of requests) {
    await request.response();
    if (request.timing().startTime < at) named.push(`${request.method()} ${new URL(request.url()).pathname}`);
  }
  return named.sort();
}

async function shopPayment(page: Page): Promise<string> {
  const created = await page.request.post(`${SHOP}/api/orders`, { data: { product_id: 'moss-terrarium', coin: 'BTC' } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { payment: { transaction_token: string } }).payment.transaction_token;
}

test('the hosted pay page is interactive before any API request, then polls the status', async ({ page }) => {
  const token = await shopPayment(page);
  const requests = apiRequests(page);
  await page.goto(`/sys-widget/payment?merchant_id=${MERCHANT}&transaction_id=${token}`);
  const shownAt = await copyButtonShownAt(page.mainFrame());
  await expect(page.getByRole('heading', { level: 1, name: 'Pay with BTC' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^(15:00|14:[0-5]\d)$/);
  // The status poll (every second on this page) starts after the screen, from the state the shell carried.
  await expect.poll(() => requests.map((request) => new URL(request.url()).pathname)).toContain('/mapi/api/transaction/status');
  expect(await startedBefore(requests, shownAt)).toEqual([]);
});

test('a reload of the hosted page after the coin list still opens on the pay screen without a request first', async ({ page }) => {
  const token = await shopPayment(page);
  await page.goto(`/sys-widget/home?merchant_id=${MERCHANT}&transaction_id=${token}`);
  await expect(page).toHaveURL(/\/sys-widget\/payment\?/);
  const requests = apiRequests(page);
  await page.reload();
  const shownAt = await copyButtonShownAt(page.mainFrame());
  expect(await startedBefore(requests, shownAt)).toEqual([]);
});

test('opened by pay.js with a token: the pay screen is interactive before any API request', async ({ page, baseURL }) => {
  await openShop(page);
  const token = await shopPayment(page);
  const requests = apiRequests(page);
  await page.evaluate(([merchantId, token]) => void window.PayKit!.open({ merchantId, token }), [MERCHANT, token] as const);
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(`${baseURL}/sys-widget/`))).toBe(true);
  const frame = page.frames().find((candidate) => candidate.url().startsWith(`${baseURL}/sys-widget/`))!;
  const shownAt = await copyButtonShownAt(frame);
  expect(await startedBefore(requests, shownAt)).toEqual([]);
  expect(new URL(frame.url()).pathname).toBe('/sys-widget/payment');
});
