// The median time from a merchant page's `PayKit.open(...)` to an interactive payment screen (the
// "Copy the address" button of a created BTC transaction is on screen), in headless Chromium, across the
// real cross-site frame: the merchant page is on another site (browser-runs.ts startMerchantPage), so only pay.js
// and the checkout come from the platform. A fresh browser context per run: a first visit, cold caches. Beside
// the time, how many API requests (/v1, /mapi) the checkout made before the button showed: the waterfall the
// first screen waits on (pay.js passes the token in init only, so the frame must ask for the payment at least
// once). Prints figures; asserts nothing.

import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { browserRuns, sortedFigures, startMerchantPage } from './browser-runs.ts';
import type { MerchantCredentials } from './merchant-bench.ts';

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
  /** The median number of API requests started before the button showed. */
  'api requests before the button': number;
  'last error'?: string;
}

export async function checkoutOpenBench(platformOrigin: string, merchant: MerchantCredentials, runs: number): Promise<OpenFigures> {
  const shop = await startMerchantPage(platformOrigin);
  try {
    const requestCounts: number[] = [];
    const { times, failures, lastError } = await browserRuns(runs, async (page) => {
      const token = await createTransaction(platformOrigin, merchant);
      await page.goto(`${shop.origin}/`);
      await page.waitForFunction(() => 'PayKit' in window);
      let apiRequests = 0;
      let shown = false;
      page.on('request', (request) => {
        if (!shown && /^\/(mapi|v1)\//.test(new URL(request.url()).pathname)) apiRequests++;
      });
      const started = performance.now();
      await page.evaluate(([merchantId, token]) => void window.PayKit!.open({ merchantId, token }), [merchant.merchantId, token] as const);
      await page.frameLocator('iframe[title="Checkout"]').getByRole('button', { name: 'Copy the address' }).waitFor({ state: 'visible', timeout: 15_000 });
      const elapsed = performance.now() - started;
      shown = true;
      requestCounts.push(apiRequests);
      return elapsed;
    });
    const f = sortedFigures(times);
    return {
      runs,
      'median_ms (open -> copy button)': f.median,
      min_ms: f.min,
      max_ms: f.max,
      failures,
      'api requests before the button': sortedFigures(requestCounts).median,
      ...(lastError ? { 'last error': lastError } : {}),
    };
  } finally {
    await shop.close();
  }
}
