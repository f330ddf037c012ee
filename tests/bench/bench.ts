// `npm run bench`: figures, never assertions. Prints bundle sizes, HTTP throughput of the
// configuration endpoint beside /healthz (the same server's cheapest route, as the reference),
// conversions per second through the API (PGlite, and PostgreSQL when DATABASE_URL is set) and
// the ledger's own transfer rate, the merchant API's transaction create and status calls, and the median
// time from the SDK's open call to an interactive payment screen in headless Chromium.
// Load goes only to this machine's loopback, bounded in time.

import { fork } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { conversionBench } from './conversion-bench.ts';
import { ledgerBench } from './ledger-bench.ts';
import { merchantBench, type MerchantCredentials } from './merchant-bench.ts';
import { checkoutOpenBench } from './checkout-open-bench.ts';
import { buildIfStale } from '../../scripts/build-if-stale.ts';

const root = join(import.meta.dirname, '..', '..');
const PORT = Number(process.env.BENCH_PORT ?? 8190);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

function bundleRows(): { bundle: string; raw_bytes: number; gzip_bytes: number }[] {
  const rows = [];
  const pay = join(root, 'dist/sdk/v1/pay.js');
  if (existsSync(pay)) rows.push(sizeRow('pay.js', [pay]));
  for (const app of ['iframe-app', 'member-app']) {
    const manifest = JSON.parse(readFileSync(join(root, 'dist', app, 'manifest.json'), 'utf8')) as { entry: string; preload: string[]; css: string[] };
    rows.push(sizeRow(`${app} initial JS`, [manifest.entry, ...manifest.preload].map((f) => join(root, 'dist', app, f))));
    rows.push(sizeRow(`${app} CSS`, manifest.css.map((f) => join(root, 'dist', app, f))));
  }
  return rows;
}

function sizeRow(bundle: string, files: string[]) {
  const bytes = Buffer.concat(files.map((f) => readFileSync(f)));
  return { bundle, raw_bytes: bytes.length, gzip_bytes: gzipSync(bytes, { level: 9 }).length };
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

async function startPlatform(port: number, databaseUrl: string): Promise<{ child: ReturnType<typeof fork>; merchant: MerchantCredentials }> {
  const child = fork(join(import.meta.dirname, 'serve.ts'), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      PORT: String(port),
      SHOP_PORT: String(port + 1),
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      // The bench measures the server, not the per-address limiter (all its clients share 127.0.0.1).
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_PER_MINUTE: '100000',
      TEST_NETWORK_BLOCK_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const merchant = await new Promise<MerchantCredentials>((resolve, reject) => {
    child.once('message', (message) => resolve(message as MerchantCredentials));
    child.once('exit', (code) => reject(new Error(`the platform exited with ${code} before it was ready`)));
  });
  return { child, merchant };
}

/** A fresh PostgreSQL database for one run, dropped afterwards, so the bench never touches real data. */
async function withFreshPostgres<T>(url: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `paykit_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const fresh = new URL(url);
    fresh.pathname = `/${name}`;
    return await run(fresh.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const CONVERSION_CLIENTS = 8;
const MERCHANT_CLIENTS = 8;
const OPEN_RUNS = Number(process.env.BENCH_OPEN_RUNS ?? 9);
const conversionRows: Record<string, unknown>[] = [];
const merchantRows: Record<string, unknown>[] = [];

const { child: server, merchant } = await startPlatform(PORT, '');
try {
  // A short warm-up so JIT and caches are in the same state for both endpoints.
  await autocannon({ url: `http://127.0.0.1:${PORT}/healthz`, connections: 8, duration: 1 });
  const rows = [await load('GET /healthz (reference)', '/healthz'), await load('GET /v1/config', '/v1/config?module=sys-wallets')];
  console.log(`\nHTTP, ${DURATION_S} s each, 32 connections, PGlite in memory`);
  console.table(rows);
  conversionRows.push({ database: 'PGlite (memory)', ...(await conversionBench(`http://127.0.0.1:${PORT}`, { durationS: DURATION_S, clients: CONVERSION_CLIENTS })) });
  for (const row of await merchantBench(`http://127.0.0.1:${PORT}`, merchant, { durationS: DURATION_S, clients: MERCHANT_CLIENTS })) merchantRows.push({ database: 'PGlite (memory)', ...row });
  console.log(`\nCheckout open in headless Chromium, ${OPEN_RUNS} runs, a fresh context each (merchant page on another site)`);
  console.table([await checkoutOpenBench(`http://localhost:${PORT}`, merchant, OPEN_RUNS)]);
} finally {
  server.kill('SIGTERM');
}

if (process.env.DATABASE_URL) {
  await withFreshPostgres(process.env.DATABASE_URL, async (url) => {
    const { child: onPostgres, merchant: pgMerchant } = await startPlatform(PORT + 2, url);
    try {
      conversionRows.push({ database: 'PostgreSQL', ...(await conversionBench(`http://127.0.0.1:${PORT + 2}`, { durationS: DURATION_S, clients: CONVERSION_CLIENTS })) });
      for (const row of await merchantBench(`http://127.0.0.1:${PORT + 2}`, pgMerchant, { durationS: DURATION_S, clients: MERCHANT_CLIENTS })) merchantRows.push({ database: 'PostgreSQL', ...row });
    } finally {
      onPostgres.kill('SIGTERM');
      await new Promise((resolve) => onPostgres.once('exit', resolve));
    }
  });
}
console.log(`\nConversions over HTTP (quote, then convert with an Idempotency-Key), ${DURATION_S} s, ${CONVERSION_CLIENTS} clients`);
console.table(conversionRows);
console.log(`\nMerchant API (create with secret key + Idempotency-Key, then status), ${DURATION_S} s each, ${MERCHANT_CLIENTS} clients`);
console.table(merchantRows);

console.log('\nLedger (createTransfers in-process)');
for (const line of await ledgerBench()) console.log(line);
