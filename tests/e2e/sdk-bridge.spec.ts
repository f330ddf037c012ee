// pay.js (as built) and ui/checkout/bridge.ts (bundled here by esbuild) talking to each other across two
// real origins: the demo shop frames the platform's origin, and the checkout page in the frame is a stub
// served by page.route that runs nothing but the bridge. This pins the protocol end to end whatever the
// widget's screens do; sdk-loader.spec.ts checks the real widget page.
import { join } from 'node:path';
import { build } from 'esbuild';
import { expect, test, type Frame, type Page } from '@playwright/test';

const SHOP = `http://127.0.0.1:${process.env.E2E_SHOP_PORT ?? 4180}`;
const ROOT = join(import.meta.dirname, '..', '..');
const RECEIPT = {
  transaction_id: 'tx_e2e_1',
  amount: '49.00',
  currency: 'EUR',
  status: 'settled',
  timestamp: 1_767_225_600,
  signature: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
};

let stubCheckout = '';

test.beforeAll(async () => {
  const bundle = await build({
    stdin: {
      contents: `import { connectToMerchant, requestClose } from './ui/checkout/bridge.ts';
        window.bridge = connectToMerchant({ expectedVersion: 1 });
        window.requestClose = requestClose;`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
  });
  const script = bundle.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script');
  stubCheckout = `<!doctype html><html><body><p>Stub checkout</p><script>${script}</script></body></html>`;
});

async function stubWidget(page: Page, platform: string): Promise<void> {
  await page.route(`${platform}/sys-widget/**`, (route) => route.fulfill({ contentType: 'text/html', body: stubCheckout }));
}

async function checkoutFrame(page: Page, platform: string): Promise<Frame> {
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(`${platform}/sys-widget/`))).toBe(true);
  return page.frames().find((frame) => frame.url().startsWith(`${platform}/sys-widget/`))!;
}

type StubWindow = Window & {
  bridge: Promise<{ send(type: string, data: unknown): void } | null>;
  requestClose(bridge: unknown): boolean;
};

/** Runs `type`/`data` through bridge.send inside the checkout frame. */
async function send(frame: Frame, type: string, data: unknown): Promise<void> {
  await frame.evaluate(
    async ({ type, data }) => {
      const bridge = await (window as unknown as StubWindow).bridge;
      bridge!.send(type, data);
    },
    { type, data },
  );
}

const logged = (page: Page, kind: 'event' | 'result', name: string) =>
  page.locator(`#event-log li[data-kind="${kind}"][data-event="${name}"]`);

test.beforeEach(async ({ page, baseURL }) => {
  await stubWidget(page, new URL(baseURL!).origin);
  await page.goto(SHOP);
  await expect.poll(() => page.evaluate(() => typeof window.PayKit?.open)).toBe('function');
});

test('the checkout answers ready over the port, and the 10 s timeout no longer fires', async ({ page, baseURL }) => {
  await page.clock.install();
  await page.locator('button.buy').first().click();
  await checkoutFrame(page, new URL(baseURL!).origin);
  await expect(logged(page, 'event', 'ready')).toHaveCount(1);
  await page.clock.runFor(11_000);
  await expect(page.locator('#event-log li[data-event="error"]')).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(1);
});

test('payment events reach the merchant with their payloads, and payment-success settles the result with the receipt', async ({ page, baseURL }) => {
  await page.locator('button.buy').first().click();
  const frame = await checkoutFrame(page, new URL(baseURL!).origin);
  await expect(logged(page, 'event', 'ready')).toHaveCount(1);
  await send(frame, 'payment-detected', { transaction_id: 'tx_e2e_1', amount: '0.00041000', currency: 'BTC' });
  await send(frame, 'payment-success', { receipt: RECEIPT });
  await expect(logged(page, 'event', 'payment-detected')).toContainText('"amount": "0.00041000"');
  await expect(logged(page, 'event', 'payment-success')).toContainText('"signature": "v1,K5oZ');
  await expect(logged(page, 'result', 'payment-success')).toContainText('"transaction_id": "tx_e2e_1"');
  // The result settles once: a later close is an event, not a second result.
  await send(frame, 'close', {});
  await expect(logged(page, 'event', 'close')).toHaveCount(1);
  await expect(page.locator('#event-log li[data-kind="result"]')).toHaveCount(1);
});

test('the checkout closing itself removes the frame, restores scroll and returns focus to the button', async ({ page, baseURL }) => {
  const buy = page.locator('button.buy').nth(2);
  await buy.click();
  const frame = await checkoutFrame(page, new URL(baseURL!).origin);
  await expect(logged(page, 'event', 'ready')).toHaveCount(1);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  // The SDK removes the frame while this call is still in it, so its answer may never come back.
  void frame.evaluate(async () => (window as unknown as StubWindow).requestClose(await (window as unknown as StubWindow).bridge)).catch(() => {});
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(logged(page, 'result', 'close')).toHaveCount(1);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  await expect(buy).toBeFocused();
});

test('a redirect to a foreign plain-http address is refused; one back to the shop is followed', async ({ page, baseURL }) => {
  await page.locator('button.buy').first().click();
  const frame = await checkoutFrame(page, new URL(baseURL!).origin);
  await expect(logged(page, 'event', 'ready')).toHaveCount(1);
  await send(frame, 'redirect', { url: 'http://evil.example/phish' });
  await expect(logged(page, 'event', 'redirect')).toHaveCount(1);
  await page.waitForTimeout(300);
  expect(page.url()).toBe(`${SHOP}/`);
  await send(frame, 'redirect', { url: `${SHOP}/?paid=A-1` });
  await page.waitForURL(`${SHOP}/?paid=A-1`);
});

test('inline: the checkout reports its height and the frame takes it', async ({ page, baseURL }) => {
  await page.evaluate(() => {
    window.PayKit!.open({ merchantId: 'mch_demo_verdant', amount: '34.50', currency: 'EUR', mode: 'inline', target: '#tag-example' });
  });
  const frame = await checkoutFrame(page, new URL(baseURL!).origin);
  await expect.poll(() => frame.evaluate(async () => (await (window as unknown as StubWindow).bridge) !== null)).toBe(true);
  await send(frame, 'resize', { height: 432 });
  await expect.poll(() => page.locator('#tag-example iframe').evaluate((element) => element.getBoundingClientRect().height)).toBe(432);
});

test('malformed options are reported by the checkout as invalid_options, naming the option', async ({ page }) => {
  const error = await page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        // @ts-expect-error money is a decimal string: this is the mistake under test
        window.PayKit!.open({ merchantId: 'mch_demo_verdant', amount: 25, currency: 'EUR' }).on('error', resolve);
      }),
  );
  expect(error).toEqual({ code: 'invalid_options', message: 'amount must be a decimal string like "25.00" (never a number), got 25' });
});

test('a malformed event never leaves the checkout: bridge.send throws', async ({ page, baseURL }) => {
  await page.locator('button.buy').first().click();
  const frame = await checkoutFrame(page, new URL(baseURL!).origin);
  await expect(logged(page, 'event', 'ready')).toHaveCount(1);
  await expect(send(frame, 'payment-detected', { transaction_id: 'tx_1', amount: 0.1, currency: 'BTC' })).rejects.toThrow(/Checkout bug/);
  await page.waitForTimeout(300);
  await expect(logged(page, 'event', 'payment-detected')).toHaveCount(0);
});
