// pay.js on merchant pages made up for the test (a tiny local server), to reach the paths a working shop never
// takes: a platform that does not answer, a merchant CSP that refuses the frame, inline mode, a bad target.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/** Read when used: the spec files load before the web server has built dist/. */
const payJs = () => readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'sdk', 'v1', 'pay.js'));

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let merchant: { origin: string; close(): Promise<void> } | undefined;
test.afterEach(async () => {
  await merchant?.close();
  merchant = undefined;
});

/**
 * A merchant page, served by a real server on 127.0.0.1 (Chrome lets loopback pages, like the demo shop,
 * load from and frame the platform on localhost), that loads pay.js from `sdkOrigin` and records every
 * event of the checkouts it opens in window.events. With `serveSdk`, the test serves pay.js itself for
 * that origin (which may then have nothing listening).
 */
async function merchantPage(page: Page, sdkOrigin: string, { csp, serveSdk }: { csp?: string; serveSdk?: boolean } = {}) {
  if (serveSdk) {
    await page.route(`${sdkOrigin}/sdk/v1/pay.js`, (route) =>
      route.fulfill({ body: payJs(), contentType: 'text/javascript', headers: { 'access-control-allow-origin': '*' } }),
    );
  }
  const html = `<!doctype html><html><body>
    <button id="pay">Pay</button><div id="box"></div>
    <script>window.events = [];</script>
    <script src="${sdkOrigin}/sdk/v1/pay.js"></script>
  </body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...(csp ? { 'content-security-policy': csp } : {}) });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  merchant = { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
  await page.goto(`${origin}/`);
  await expect.poll(() => page.evaluate(() => typeof window.PayKit?.open)).toBe('function');
}

/** Opens a checkout from the page, recording its events and its result in window.events / window.result. */
async function openFromPage(page: Page, options: Record<string, string>) {
  await page.evaluate((opts) => {
    const record = window as unknown as { events: unknown[]; result?: unknown };
    const handle = window.PayKit!.open(opts);
    for (const name of ['ready', 'payment-detected', 'payment-success', 'payment-failed', 'redirect', 'close', 'error'] as const) {
      handle.on(name, (data) => record.events.push({ name, data }));
    }
    void handle.result.then((result) => (record.result = result));
  }, options);
}

test('a platform that does not answer gives an error event "timeout" after 10 s, and the page is restored', async ({ page }) => {
  const origin = `http://127.0.0.1:${await closedPort()}`;
  await page.clock.install();
  await merchantPage(page, origin, { serveSdk: true });
  await page.locator('#pay').focus();
  await openFromPage(page, { merchantId: 'mch_demo_verdant', amount: '10.00', currency: 'EUR' });
  await expect(page.locator('iframe')).toHaveCount(1);
  await page.clock.runFor(9_000);
  expect(await page.evaluate(() => (window as unknown as { events: unknown[] }).events)).toEqual([]);
  await page.clock.runFor(1_100);
  const outcome = await page.evaluate(() => ({
    events: (window as unknown as { events: unknown[] }).events,
    result: (window as unknown as { result?: unknown }).result,
    overflow: document.body.style.overflow,
  }));
  const error = { code: 'timeout', message: `timeout: ${origin}` };
  expect(outcome).toEqual({ events: [{ name: 'error', data: error }], result: { status: 'error', ...error }, overflow: '' });
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.locator('#pay')).toBeFocused();
});

test('a merchant CSP that refuses the frame gives an error event "blocked" at once', async ({ page, baseURL }) => {
  const platform = new URL(baseURL ?? 'http://localhost:8180').origin;
  await merchantPage(page, platform, { csp: `script-src 'unsafe-inline' ${platform}; frame-src 'none'` });
  await openFromPage(page, { merchantId: 'mch_demo_verdant' });
  await expect.poll(() => page.evaluate(() => (window as unknown as { events: unknown[] }).events)).toEqual([
    { name: 'error', data: { code: 'blocked', message: `blocked: ${platform}` } },
  ]);
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('inline mode places the frame in the target, leaves scroll and focus alone', async ({ page, baseURL }) => {
  const platform = new URL(baseURL ?? 'http://localhost:8180').origin;
  await merchantPage(page, platform);
  await page.locator('#pay').focus();
  await openFromPage(page, { merchantId: 'mch_demo_verdant', mode: 'inline', target: '#box' });
  const frame = page.locator('#box > iframe');
  await expect(frame).toHaveCount(1);
  const state = await frame.evaluate((element) => ({
    position: getComputedStyle(element).position,
    width: element.getBoundingClientRect().width === element.parentElement!.getBoundingClientRect().width,
    overflow: document.body.style.overflow,
    sandbox: element.getAttribute('sandbox'),
  }));
  expect(state).toEqual({
    position: 'static',
    width: true,
    overflow: '',
    sandbox: 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
  });
  await expect(page.locator('#pay')).toBeFocused();
});

test('an inline target that does not exist throws, and leaves nothing behind', async ({ page, baseURL }) => {
  await merchantPage(page, new URL(baseURL ?? 'http://localhost:8180').origin);
  const thrown = await page.evaluate(() => {
    try {
      window.PayKit!.open({ merchantId: 'mch_demo_verdant', mode: 'inline', target: '#missing' });
      return 'nothing thrown';
    } catch (error) {
      return (error as Error).name;
    }
  });
  expect(thrown).toBe('TypeError');
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
});
