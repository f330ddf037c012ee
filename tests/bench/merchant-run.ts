// The merchant section of `npm run bench` alone, for work on the merchant API's hot paths:
//   npx tsx tests/bench/merchant-run.ts                 PGlite in memory, and PostgreSQL when DATABASE_URL is set
//   BENCH_CPU_PROF_DIR=/tmp/prof npx tsx tests/bench/merchant-run.ts
//                                                      also writes a V8 CPU profile of each platform process there
// BENCH_PORT (default 8190) and BENCH_SECONDS (default 5) as in bench.ts. Prints figures; asserts nothing.

import { loadavg } from 'node:os';
import { withFreshPostgres } from './fresh-postgres.ts';
import { merchantBench, residentMiB } from './merchant-bench.ts';
import { startPlatform } from './platform-process.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8190);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const profileDir = process.env.BENCH_CPU_PROF_DIR;
const profileEnv: Record<string, string> = profileDir ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`.trim() } : {};

const rows: Record<string, unknown>[] = [];
const memory: Record<string, unknown>[] = [];

async function run(database: string, port: number, url: string): Promise<void> {
  const platform = await startPlatform(port, url, profileEnv, { bareRoutes: true });
  try {
    for (const row of await merchantBench(`http://127.0.0.1:${port}`, platform.merchant, { durationS: DURATION_S, clients: CLIENTS, bareBase: platform.bareBase, serverPid: platform.child.pid })) rows.push({ database, ...row });
    memory.push({ database, 'platform RSS MiB': residentMiB(platform.child.pid), 'load average (1 min)': loadavg()[0]!.toFixed(2) });
  } finally {
    await platform.stop();
  }
}

await run('PGlite (memory)', PORT, '');
if (process.env.DATABASE_URL) await withFreshPostgres(process.env.DATABASE_URL, (url) => run('PostgreSQL', PORT + 2, url));
console.log(`\nMerchant API beside the bare routes on the same database, ${DURATION_S} s each, ${CLIENTS} clients (target: 'vs bare' at least 50 %)`);
console.table(rows);
console.table(memory);
