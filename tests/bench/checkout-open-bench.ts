// The median time from a merchant page's `PayKit.open(...)` to an interactive payment screen (the
// "Copy the address" button of a created BTC transaction is on screen), in headless Chromium, across the
// real cross-site frame: the merchant page is on another site (browser-runs.ts startMerchantPage), so only pay.js
// and the checkout come from the platform. A fresh browser context per run: a first visit, cold caches.
// Two clocks: the frame's own (an init script notes the frame after the one that inserted the button, so
// it has been painted; both pages read wall-clock time, performance.timeOrigin + now), and the moment
// Playwright's wait reports the button, which adds its polling across the two renderer processes (30 to
// 50 ms here): the first is the checkout's time, the second an upper bound. Beside the times, how many API
// requests (/v1, /mapi) the checkout made before the button showed: the waterfall the first screen waits on
// (pay.js passes the token in init only, so the frame must ask for the payment at least once). Prints
// figures; asserts nothing.

import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { browserRuns, sortedFigures, startMerchantPage } from './browser-runs.ts';
import type { MerchantCredentials } from './merchant-bench.ts';

const COPY_BUTTON = 'Copy the address';

/** Runs in every document of the context; in the checkout frame it notes when the button was first painted. */
function notePaint(label: string): void {
  if (!location.pathname.startsWith('/sys-widget')) return;
  const observer = new MutationObserver(() => {
    if (!document.querySelector(`button[aria-label="${label}"]`)) return;
    observer.disconnect();
    // The first callback runs before the frame that shows the button is painted, the second after it.
    requestAnimationFrame(() => requestAnimationFrame(() => {
      (window as unknown as { buttonPaintedAt: number }).buttonPaintedAt = performance.timeOrigin + performance.now();
    }));
  });
  observer.observe(document, { subtree: true, childList: true });
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
  /** The checkout's own time: open, to the frame painted with the button (measured in the frame). */
  'median_ms (open -> button painted, frame clock)': number;
  /** Of the frame clock's figures. */
  min_ms: number;
  max_ms: number;
  /** Upper bound: open, to Playwright's wait reporting the button (its polling included). */
  'median_ms (open -> Playwright sees it)': number;
  failures: number;
  /** The median number of API requests started before the button showed. */
  'api requests before the button': number;
  'last error'?: string;
}

export async function checkoutOpenBench(platformOrigin: string, merchant: MerchantCredentials, runs: number): Promise<OpenFigures> {
  const shop = await startMerchantPage(platformOrigin);
  try {
    const requestCounts: number[] = [];
    const painted: number[] = [];
    const { times, failures, lastError } = await browserRuns(runs, async (page) => {
      const token = await createTransaction(platformOrigin, merchant);
      await page.context().addInitScript(notePaint, COPY_BUTTON);
      await page.goto(`${shop.origin}/`);
      await page.waitForFunction(() => 'PayKit' in window);
      let apiRequests = 0;
      let shown = false;
      page.on('request', (request) => {
        if (!shown && /^\/(mapi|v1)\//.test(new URL(request.url()).pathname)) apiRequests++;
      });
      const started = performance.now();
      const openedAt = await page.evaluate(([merchantId, token]) => {
        const at = performance.timeOrigin + performance.now();
        void window.PayKit!.open({ merchantId, token });
        return at;
      }, [merchant.merchantId, token] as const);
      await page.frameLocator('iframe[title="Checkout"]').getByRole('button', { name: COPY_BUTTON }).waitFor({ state: 'visible', timeout: 15_000 });
      const elapsed = performance.now() - started;
      shown = true;
      requestCounts.push(apiRequests);
      const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname.startsWith('/sys-widget'));
      const paintedAt = await frame?.waitForFunction(() => (window as unknown as { buttonPaintedAt?: number }).buttonPaintedAt, undefined, { timeout: 5_000 }).then((value) => value.jsonValue());
      if (typeof paintedAt === 'number') painted.push(paintedAt - openedAt);
      return elapsed;
    });
    const f = sortedFigures(painted);
    return {
      runs,
      'median_ms (open -> button painted, frame clock)': f.median,
      min_ms: f.min,
      max_ms: f.max,
      'median_ms (open -> Playwright sees it)': sortedFigures(times).median,
      failures,
      'api requests before the button': sortedFigures(requestCounts).median,
      ...(lastError ? { 'last error': lastError } : {}),
    };
  } finally {
    await shop.close();
  }
}
