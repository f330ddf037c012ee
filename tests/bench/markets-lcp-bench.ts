// The markets pages' largest contentful paint in headless Chromium on loopback (target: the prices page at most
// 1 s): each run a fresh browser context (a first visit, cold caches), the page loaded and the browser's own
// largest-contentful-paint entry read once the page is idle. Prints figures; asserts nothing.

import { browserRuns, sortedFigures } from './browser-runs.ts';

export interface LcpFigures {
  page: string;
  runs: number;
  median_ms: number;
  min_ms: number;
  max_ms: number;
  failures: number;
  'last error'?: string;
}

/** The last largest-contentful-paint entry's start time, after the page has settled. */
function readLcp(): Promise<number> {
  return new Promise((resolve) => {
    let last = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // The entry is final once the page stops painting new, larger content; a short quiet wait is enough here.
    setTimeout(() => resolve(last), 500);
  });
}

export async function marketsLcpBench(origin: string, paths: readonly string[], runs: number): Promise<LcpFigures[]> {
  const rows: LcpFigures[] = [];
  for (const path of paths) {
    const { times, failures, lastError } = await browserRuns(runs, async (page) => {
      await page.goto(`${origin}${path}`, { waitUntil: 'load' });
      const lcp = await page.evaluate(readLcp);
      if (lcp <= 0) throw new Error('no largest-contentful-paint entry');
      return lcp;
    });
    const f = sortedFigures(times);
    rows.push({ page: path, runs, median_ms: f.median, min_ms: f.min, max_ms: f.max, failures, ...(lastError ? { 'last error': lastError } : {}) });
  }
  return rows;
}
