// `npm run bench`: figures, never assertions. Prints bundle sizes, HTTP throughput of the
// configuration endpoint beside /healthz (the same server's cheapest route, as the reference),
// conversions per second through the API (PGlite, and PostgreSQL when DATABASE_URL is set) and
// the ledger's own transfer rate, the merchant API's transaction create and status calls, and the median
// time from the SDK's open call to an interactive payment screen in headless Chromium, and getChartRates' latency
// for a year of daily points (chart-bench.ts: one client, p50/p99 over 200 requests), the markets pages' largest
// contentful paint (markets-lcp-bench.ts). Last, the chain layer
// on a local litecoind in regtest (chain-bench.ts; skipped with the reason when litecoind is not installed):
// a payment's time from the node's mempool to 'processing' in the status API and to payment-detected in a
// merchant page; the watcher's catch-up after downtime in blocks/s (blocks of 100 payments, none ours and
// all ours); the memory of watching 100,000 more addresses (RSS and heap, before and after).
// Load goes only to this machine's loopback, bounded in time.

import { readFileSync, existsSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { conversionBench } from './conversion-bench.ts';
import { printLedgerBench } from './ledger-bench.ts';
import { merchantBench, residentMiB } from './merchant-bench.ts';
import { startPlatform } from './platform-process.ts';
import { withFreshPostgres } from './fresh-postgres.ts';
import { chainBench } from './chain-bench.ts';
import { checkoutOpenBench } from './checkout-open-bench.ts';
import { chartBench } from './chart-bench.ts';
import { marketsLcpBench } from './markets-lcp-bench.ts';
import { buildIfStale } from '../../scripts/build-if-stale.ts';

const root = join(import.meta.dirname, '..', '..');
const PORT = Number(process.env.BENCH_PORT ?? 8190);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

function bundleRows(): { bundle: string; raw_bytes: number; gzip_bytes: number; br_wire_bytes: number }[] {
  const rows = [];
  const pay = join(root, 'dist/sdk/v1/pay.js');
  if (existsSync(pay)) rows.push(sizeRow('pay.js', [pay]));
  for (const app of ['iframe-app', 'member-app', 'markets-app']) {
    const manifest = JSON.parse(readFileSync(join(root, 'dist', app, 'manifest.json'), 'utf8')) as { entry: string; preload: string[]; css: string[] };
    rows.push(sizeRow(`${app} initial JS`, [manifest.entry, ...manifest.preload].map((f) => join(root, 'dist', app, f))));
    rows.push(sizeRow(`${app} CSS`, manifest.css.map((f) => join(root, 'dist', app, f))));
  }
  return rows;
}

/** gzip_bytes: the files as one gzip stream (what size-limit counts); br_wire_bytes: the bodies the
 *  server sends a Brotli client, file by file (the build's .br copy, else the plain file). */
function sizeRow(bundle: string, files: string[]) {
  const bytes = Buffer.concat(files.map((f) => readFileSync(f)));
  const brWire = files.reduce((sum, f) => sum + statSync(existsSync(`${f}.br`) ? `${f}.br` : f).size, 0);
  return { bundle, raw_bytes: bytes.length, gzip_bytes: gzipSync(bytes, { level: 9 }).length, br_wire_bytes: brWire };
}

async function load(name: string, path: string) {
  const result = await autocannon({ url: `http://127.0.0.1:${PORT}${path}`, connections: 32, duration: DURATION_S, headers: { host: 'localhost' } });
  return {
    endpoint: name,
    'req/s': Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

buildIfStale(root);
console.log('\nBundle sizes');
console.table(bundleRows());

const CONVERSION_CLIENTS = 8;
const MERCHANT_CLIENTS = 8;
const OPEN_RUNS = Number(process.env.BENCH_OPEN_RUNS ?? 9);
const conversionRows: Record<string, unknown>[] = [];
const merchantRows: Record<string, unknown>[] = [];
const merchantMemory: Record<string, unknown>[] = [];
const chartRows: Record<string, unknown>[] = [];

const platform = await startPlatform(PORT, '', {}, { bareRoutes: true });
const merchant = platform.merchant;
try {
  // A short warm-up so JIT and caches are in the same state for both endpoints.
  await autocannon({ url: `http://127.0.0.1:${PORT}/healthz`, connections: 8, duration: 1 });
  const rows = [await load('GET /healthz (reference)', '/healthz'), await load('GET /v1/config', '/v1/config?module=sys-wallets')];
  console.log(`\nHTTP, ${DURATION_S} s each, 32 connections, PGlite in memory`);
  console.table(rows);
  conversionRows.push({ database: 'PGlite (memory)', ...(await conversionBench(`http://127.0.0.1:${PORT}`, { durationS: DURATION_S, clients: CONVERSION_CLIENTS })) });
  for (const row of await merchantBench(`http://127.0.0.1:${PORT}`, merchant, { durationS: DURATION_S, clients: MERCHANT_CLIENTS, bareBase: platform.bareBase, serverPid: platform.child.pid })) merchantRows.push({ database: 'PGlite (memory)', ...row });
  merchantMemory.push({ database: 'PGlite (memory)', 'platform RSS MiB': residentMiB(platform.child.pid) });
  for (const row of await chartBench(`http://127.0.0.1:${PORT}`)) chartRows.push({ database: 'PGlite (memory)', ...row });
  console.log(`\nCheckout open in headless Chromium, ${OPEN_RUNS} runs, a fresh context each (merchant page on another site)`);
  console.table([await checkoutOpenBench(`http://localhost:${PORT}`, merchant, OPEN_RUNS)]);
  console.log(`\nMarkets pages' largest contentful paint in headless Chromium, ${OPEN_RUNS} runs each, a fresh context each (target: prices at most 1000 ms)`);
  console.table(await marketsLcpBench(`http://localhost:${PORT}`, ['/sys-markets/prices', '/sys-markets/prices/bitcoin'], OPEN_RUNS));
} finally {
  await platform.stop();
}

if (process.env.DATABASE_URL) {
  await withFreshPostgres(process.env.DATABASE_URL, async (url) => {
    const onPostgresPlatform = await startPlatform(PORT + 2, url, {}, { bareRoutes: true });
    const pgMerchant = onPostgresPlatform.merchant;
    try {
      conversionRows.push({ database: 'PostgreSQL', ...(await conversionBench(`http://127.0.0.1:${PORT + 2}`, { durationS: DURATION_S, clients: CONVERSION_CLIENTS })) });
      for (const row of await merchantBench(`http://127.0.0.1:${PORT + 2}`, pgMerchant, { durationS: DURATION_S, clients: MERCHANT_CLIENTS, bareBase: onPostgresPlatform.bareBase, serverPid: onPostgresPlatform.child.pid })) merchantRows.push({ database: 'PostgreSQL', ...row });
      merchantMemory.push({ database: 'PostgreSQL', 'platform RSS MiB': residentMiB(onPostgresPlatform.child.pid) });
      for (const row of await chartBench(`http://127.0.0.1:${PORT + 2}`)) chartRows.push({ database: 'PostgreSQL', ...row });
    } finally {
      await onPostgresPlatform.stop();
    }
  });
}
console.log(`\nConversions over HTTP (quote, then convert with an Idempotency-Key), ${DURATION_S} s, ${CONVERSION_CLIENTS} clients`);
console.table(conversionRows);
console.log(`\nMerchant API (create with secret key + Idempotency-Key, then status) beside the bare routes on the same database, ${DURATION_S} s each, ${MERCHANT_CLIENTS} clients (target: 'vs bare' at least 50 %)`);
console.table(merchantRows);
console.log('Platform resident memory after the merchant section (its other sections ran before it on the same process)');
console.table(merchantMemory);
console.log('\ngetChartRates BTC_EUR (seeded test history), one client, 200 requests per range');
console.table(chartRows);

console.log('\nLedger (createTransfers in-process, against a raw single-row insert in the same run)');
await printLedgerBench();


await chainBench({ port: PORT + 4 });
