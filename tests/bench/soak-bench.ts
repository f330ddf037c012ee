// `npm run bench:soak`: the server's resident memory across a long run of mixed traffic, to show it holds
// steady (the target: no growth beyond 10 % once warm). The platform runs in its own process
// (platform-process.ts) on PostgreSQL when DATABASE_URL is set (a fresh database, dropped after), else on PGlite
// in a temporary directory on disk: an in-memory PGlite keeps every row in the process, so its RSS grows
// with the data by design and would say nothing about leaks. A few clients loop over the calls a shop and its
// buyers make (create a transaction, read its status, the checkout's config, the health check); RSS is sampled from
// /proc every SAMPLE_S seconds. Prints figures; asserts nothing.
//
//   SOAK_MINUTES=10 npm run bench:soak      (SOAK_CLIENTS, default 4; BENCH_PORT, default 8190)

import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { withFreshPostgres } from './fresh-postgres.ts';
import type { MerchantCredentials } from './merchant-bench.ts';
import { startPlatform } from './platform-process.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 8190);
const SAMPLE_S = 15;
/** Samples before this are the warm-up (JIT, pools, caches filling): growth is measured from here. */
const WARM_S = 60;

/** The resident set of a process in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 102.4) / 10;
}

const percentOver = (value: number, base: number) => (base > 0 ? Math.round(((value - base) / base) * 1000) / 10 : 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** One round of the mix: a create, its status twice (the widget polls), the config and the health check. */
async function round(base: string, merchant: MerchantCredentials): Promise<number> {
  const headers = { host: 'localhost', 'content-type': 'application/json' };
  const created = await fetch(`${base}/mapi/api/transaction`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${merchant.secretKey}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ merchant_id: merchant.merchantId, currency_1_iso: 'BTC', amount: '49.00', currency: 'EUR', transaction_product: 'Soak' }),
  });
  const json = (await created.json()) as { request_details?: { transaction_token?: string } };
  let failures = created.status === 200 ? 0 : 1;
  const token = json.request_details?.transaction_token;
  for (let i = 0; token && i < 2; i += 1) {
    const status = await fetch(`${base}/mapi/api/transaction/status`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ merchant_id: merchant.merchantId, transaction_id: token }),
    });
    await status.arrayBuffer();
    if (status.status !== 200) failures += 1;
  }
  for (const path of ['/v1/config?module=sys-widget', '/healthz']) {
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) failures += 1;
  }
  return failures;
}

async function soak(label: string, databaseUrl: string, extraEnv: Record<string, string>): Promise<void> {
  const platform = await startPlatform(PORT, databaseUrl, extraEnv);
  const pid = platform.child.pid!;
  const base = `http://127.0.0.1:${PORT}`;
  const samples: { at_s: number; rss_mib: number; rounds: number; failures: number }[] = [];
  let rounds = 0;
  let failures = 0;
  const started = performance.now();
  const until = started + MINUTES * 60_000;
  const sampler = setInterval(() => {
    samples.push({ at_s: Math.round((performance.now() - started) / 1000), rss_mib: rssMiB(pid), rounds, failures });
  }, SAMPLE_S * 1000);
  try {
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < until) {
          failures += await round(base, platform.merchant).catch(() => 1);
          rounds += 1;
        }
      }),
    );
  } finally {
    clearInterval(sampler);
    await platform.stop();
  }
  const warm = samples.filter((s) => s.at_s >= WARM_S);
  const first = median(warm.slice(0, 3).map((s) => s.rss_mib));
  const last = median(warm.slice(-3).map((s) => s.rss_mib));
  const peak = Math.max(...warm.map((s) => s.rss_mib));
  console.log(`\nSoak on ${label}: ${MINUTES} min, ${CLIENTS} clients, RSS every ${SAMPLE_S} s`);
  console.table(samples);
  console.table([
    {
      database: label,
      rounds,
      failures,
      'rss after warm-up (MiB)': first,
      'rss at the end (MiB)': last,
      'max after warm-up (MiB)': peak,
      // Both: the end may sit below the peak when the collector hands memory back late in the run.
      'growth at the end %': percentOver(last, first),
      'peak growth %': percentOver(peak, first),
    },
  ]);
}

if (process.env.DATABASE_URL) {
  await withFreshPostgres(process.env.DATABASE_URL, (url) => soak('PostgreSQL', url, {}));
} else {
  const dir = mkdtempSync(join(tmpdir(), 'paykit-soak-'));
  try {
    await soak('PGlite on disk', '', { DATA_DIR: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
