// getChartRates latency: one client asking GET /v1/checkout/getChartRates one request after another
// (so the figure is the answer's own time, not a queue's), for a year of daily points (the target:
// p50 within 20 ms) and for a day of 5-minute points, against a platform whose start seeded the test
// feed's year of history. Figures, never assertions.
//
//   tsx tests/bench/chart-bench.ts        (CHART_BENCH_REQUESTS per range, default 200; PGlite, and
//                                          PostgreSQL too when DATABASE_URL is set, in a fresh database)

import { resolve } from 'node:path';
import { withFreshPostgres } from './fresh-postgres.ts';
import { startPlatform } from './platform-process.ts';

const REQUESTS = Number(process.env.CHART_BENCH_REQUESTS ?? 200);
const WARM_UP = 20;

/** Nearest-rank percentile of an ascending list. */
function nearestRank(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export interface ChartFigures {
  request: string;
  requests: number;
  points: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
}

async function measure(base: string, range: '1y' | '1d', requests: number): Promise<ChartFigures> {
  const path = `/v1/checkout/getChartRates?pair=BTC_EUR&range=${range}`;
  const latencies: number[] = [];
  let errors = 0;
  let points = 0;
  for (let index = 0; index < WARM_UP + requests; index += 1) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { host: 'localhost' } });
    const body = (await response.json()) as { data?: { points?: unknown[] } };
    const elapsed = performance.now() - started;
    if (index < WARM_UP) continue;
    if (response.status !== 200) errors += 1;
    points = body.data?.points?.length ?? 0;
    latencies.push(elapsed);
  }
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return { request: `GET ${path}`, requests, points, p50_ms: round(nearestRank(latencies, 50)), p99_ms: round(nearestRank(latencies, 99)), errors };
}

export async function chartBench(base: string, options: { requests?: number } = {}): Promise<ChartFigures[]> {
  const requests = options.requests ?? REQUESTS;
  return [await measure(base, '1y', requests), await measure(base, '1d', requests)];
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const port = Number(process.env.BENCH_PORT ?? 8196);
  const rows: Record<string, unknown>[] = [];
  const pglite = await startPlatform(port, '');
  try {
    for (const row of await chartBench(`http://127.0.0.1:${port}`)) rows.push({ database: 'PGlite (memory)', ...row });
  } finally {
    await pglite.stop();
  }
  if (process.env.DATABASE_URL) {
    await withFreshPostgres(process.env.DATABASE_URL, async (url) => {
      const postgres = await startPlatform(port + 2, url);
      try {
        for (const row of await chartBench(`http://127.0.0.1:${port + 2}`)) rows.push({ database: 'PostgreSQL', ...row });
      } finally {
        await postgres.stop();
      }
    });
  }
  console.log(`\ngetChartRates BTC_EUR, one client, ${REQUESTS} requests per range after ${WARM_UP} to warm up`);
  console.table(rows);
}
