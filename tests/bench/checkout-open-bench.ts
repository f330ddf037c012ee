// The median time from a merchant page's `PayKit.open(...)` to an interactive payment screen (the
// "Copy the address" button of a created BTC transaction is on screen), in headless Chromium, across the
// real cross-site frame: the merchant page is on another site (browser-runs.ts startMerchantPage), so only pay.js
// and the checkout come from the platform. A fresh browser context per run: a first visit, cold caches.
// The frame's own clock: an init script notes the frame after the one that inserted the button (so it has
// been painted) and says so on the console, which the bench listens to; both pages read wall-clock time
// (performance.timeOrigin + now). Nothing polls the frame while it renders: Playwright's waits run their
// role queries on the frame's main thread, which took 47 ms of its 199 ms of work in one profile and delayed
// the very render being timed. Once the time is taken, the button is checked by its role (untimed). Beside
// the times, how many API requests (/v1, /mapi) the checkout made before the button showed: the waterfall
// the first screen waits on (none, when the shell carries the payment). Prints figures; asserts nothing.

import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { browserRuns, sortedFigures, startMerchantPage } from './browser-runs.ts';
import type { MerchantCredentials } from './merchant-bench.ts';

const COPY_BUTTON = 'Copy the address';

/** What the frame's init script writes on the console when the button has been painted: the word and the time. */
const PAINTED = 'paykit-bench-button-painted';

/** Runs in every document of the context; in the checkout frame it says when the button was first painted. */
function notePaint([label, word]: [string, string]): void {
  if (!location.pathname.startsWith('/sys-widget')) return;
  const observer = new MutationObserver(() => {
    if (!document.querySelector(`button[aria-label="${label}"]`)) return;
    observer.disconnect();
    // The first callback runs before the frame that shows the button is painted, the second after it.
    requestAnimationFrame(() => requestAnimationFrame(() => console.log(word, performance.timeOrigin + performance.now())));
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
  min_ms: number;
  p90_ms: number;
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
      await page.context().addInitScript(notePaint, [COPY_BUTTON, PAINTED] as [string, string]);
      await page.goto(`${shop.origin}/`);
      await page.waitForFunction(() => 'PayKit' in window);
      let apiRequests = 0;
      let shown = false;
      page.on('request', (request) => {
        if (!shown && /^\/(mapi|v1)\//.test(new URL(request.url()).pathname)) apiRequests++;
      });
      const painted = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the button was not painted within 15 s')), 15_000);
        page.on('console', (message) => {
          const [word, at] = message.text().split(' ');
          if (word !== PAINTED) return;
          clearTimeout(timer);
          resolve(Number(at));
        });
      });
      const openedAt = await page.evaluate(([merchantId, token]) => {
        const at = performance.timeOrigin + performance.now();
        void window.PayKit!.open({ merchantId, token });
        return at;
      }, [merchant.merchantId, token] as const);
      const paintedAt = await painted;
      shown = true;
      requestCounts.push(apiRequests);
      // Untimed: the screen is the one it should be.
      await page.frameLocator('iframe[title="Checkout"]').getByRole('button', { name: COPY_BUTTON }).waitFor({ state: 'visible', timeout: 5_000 });
      return paintedAt - openedAt;
    });
    const f = sortedFigures(times);
    return {
      runs,
      'median_ms (open -> button painted, frame clock)': f.median,
      min_ms: f.min,
      p90_ms: f.p90,
      max_ms: f.max,
      failures,
      'api requests before the button': sortedFigures(requestCounts).median,
      ...(lastError ? { 'last error': lastError } : {}),
    };
  } finally {
    await shop.close();
  }
}
