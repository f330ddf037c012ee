// What the browser benches share: headless Chromium with a fresh context per run (a first visit, cold
// caches), a failed run counted and its first line kept rather than stopping the bench, the figures of the
// runs that worked, and the one-line merchant page on another site that loads pay.js.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from '@playwright/test';

export interface BrowserRuns {
  /** Milliseconds of each run that worked, in run order. */
  times: number[];
  failures: number;
  /** The first line of the last failure; '' when none failed. */
  lastError: string;
}

/** `runs` measurements, each in a fresh context of one browser; `measure` answers its milliseconds. */
export async function browserRuns(runs: number, measure: (page: Page) => Promise<number>): Promise<BrowserRuns> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const result: BrowserRuns = { times: [], failures: 0, lastError: '' };
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      try {
        result.times.push(await measure(await context.newPage()));
      } catch (error) {
        result.failures++;
        result.lastError = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return result;
}

/** Median, 90th percentile (nearest rank), min and max, rounded to the millisecond; 0 when nothing was measured. */
export function sortedFigures(times: readonly number[]): { median: number; p90: number; min: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
  return { median: at(0.5), p90: at(0.9), min: Math.round(sorted[0] ?? 0), max: Math.round(sorted.at(-1) ?? 0) };
}

/**
 * A merchant page that only loads pay.js, from a node:http server on 127.0.0.1 (another site than localhost).
 * Not Playwright's router: a page it fulfils has no address, and Chromium's Private Network Access then refuses
 * pay.js from loopback.
 */
export async function startMerchantPage(platformOrigin: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const html = `<!doctype html><title>Bench shop</title><script src="${platformOrigin}/sdk/v1/pay.js"></script>`;
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
