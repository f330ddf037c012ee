// The median time from a merchant page's `PayKit.open(...)` to an interactive payment screen (the
// "Copy the address" button of a created BTC transaction is on screen), in headless Chromium, across the
// real cross-site frame. The merchant page is a one-line page from a node:http server on 127.0.0.1 (another
// site than localhost), so only pay.js and the checkout come from the platform. (Not Playwright's router: a page
// it fulfils has no address, and Chromium's Private Network Access then refuses pay.js from loopback.) A fresh browser context per run: a first visit, cold
// caches. Prints figures; asserts nothing.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import type { MerchantCredentials } from './merchant-bench.ts';

async function startMerchantPage(platformOrigin: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const html = `<!doctype html><title>Bench shop</title><script src="${platformOrigin}/sdk/v1/pay.js"></script>`;
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function createTransaction(base: string, merchant: MerchantCredentials): Promise<string> {
  const response = await fetch(`${base}/mapi/api/transaction`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', authorization: `Bearer ${merchant.secretKey}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ merchant_id: merchant.merchantId, currency_1_iso: 'BTC', amount: '49.00', currency: 'EUR', transaction_product: 'Bench' }),
  });
  const json = (await response.json()) as { request_details: { transaction_token: string } };
  return json.request_details.transaction_token;
}

export interface OpenFigures {
  runs: number;
  'median_ms (open -> copy button)': number;
  min_ms: number;
  max_ms: number;
  failures: number;
  'last error'?: string;
}

export async function checkoutOpenBench(platformOrigin: string, merchant: MerchantCredentials, runs: number): Promise<OpenFigures> {
  const shop = await startMerchantPage(platformOrigin);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const times: number[] = [];
  let failures = 0;
  let lastError = '';
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      try {
        const token = await createTransaction(platformOrigin, merchant);
        await page.goto(`${shop.origin}/`);
        await page.waitForFunction(() => 'PayKit' in window);
        const started = performance.now();
        await page.evaluate(([merchantId, token]) => void window.PayKit!.open({ merchantId, token }), [merchant.merchantId, token] as const);
        await page.frameLocator('iframe[title="Checkout"]').getByRole('button', { name: 'Copy the address' }).waitFor({ state: 'visible', timeout: 15_000 });
        times.push(performance.now() - started);
      } catch (error) {
        failures++;
        lastError = (error as Error).message.split('\n')[0] ?? '';
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await shop.close();
  }
  times.sort((a, b) => a - b);
  return {
    runs,
    'median_ms (open -> copy button)': Math.round(times[Math.floor(times.length / 2)] ?? 0),
    min_ms: Math.round(times[0] ?? 0),
    max_ms: Math.round(times.at(-1) ?? 0),
    failures,
    ...(lastError ? { 'last error': lastError } : {}),
  };
}
