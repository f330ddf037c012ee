// `npm run bench`: figures, never assertions. Prints bundle sizes and HTTP throughput of the
// configuration endpoint beside /healthz (the same server's cheapest route, as the reference).
// Load goes only to this machine's loopback, bounded in time.

import { fork } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildIfStale } from '../../server/cli/build-if-stale.ts';

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

const server = fork(join(import.meta.dirname, 'serve.ts'), {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, PORT: String(PORT), DATA_DIR: 'memory://', LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
await new Promise<void>((resolve, reject) => {
  server.once('message', () => resolve());
  server.once('exit', (code) => reject(new Error(`the platform exited with ${code} before it was ready`)));
});

try {
  // A short warm-up so JIT and caches are in the same state for both endpoints.
  await autocannon({ url: `http://127.0.0.1:${PORT}/healthz`, connections: 8, duration: 1 });
  const rows = [await load('GET /healthz (reference)', '/healthz'), await load('GET /v1/config', '/v1/config?module=sys-wallets')];
  console.log(`\nHTTP, ${DURATION_S} s each, 32 connections, PGlite in memory`);
  console.table(rows);
} finally {
  server.kill('SIGTERM');
}
