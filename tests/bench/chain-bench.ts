// `npm run bench`'s chain section (the chain layer's speed targets), on a local litecoind in regtest:
//   1. a payment in the node's mempool to payment-detected: (a) the merchant status API answering
//      'processing', (b) pay.js's payment-detected event in headless Chromium (chain-detect-bench.ts);
//   2. catch-up after downtime, blocks/s on blocks of 100 payments, none ours and all ours; and
//   3. the memory of watching 100,000 addresses (both in chain-watch-bench.ts, a child with --expose-gc).
// Skipped with a printed reason when litecoind is not installed. Figures, never assertions.

import { fork, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLitecoind } from '../../server/chain/nodes/index.ts';
import { LITECOIND_BINARY } from '../../server/chain/nodes/litecoind.ts';
import { startPlatform } from './platform-process.ts';
import { detectInBrowser, detectViaStatusApi } from './chain-detect-bench.ts';
import { withFreshPostgres } from './fresh-postgres.ts';

const API_PAYMENTS = Number(process.env.BENCH_CHAIN_PAYMENTS ?? 20);
const BROWSER_CHECKOUTS = Number(process.env.BENCH_CHAIN_CHECKOUTS ?? 5);

function litecoindMissing(): string | null {
  if (LITECOIND_BINARY.startsWith('/')) return existsSync(LITECOIND_BINARY) ? null : `${LITECOIND_BINARY} is not there`;
  return spawnSync('which', [LITECOIND_BINARY]).status === 0 ? null : `${LITECOIND_BINARY} is not on PATH (apt-get install litecoind)`;
}

async function watchBench(walletUrl: string, port: number, database: string, parts: string): Promise<void> {
  const child = fork(join(import.meta.dirname, 'chain-watch-bench.ts'), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, CHAIN_BENCH_LTC_URL: walletUrl, CHAIN_BENCH_PORT: String(port), CHAIN_BENCH_DATABASE: database, CHAIN_BENCH_PARTS: parts },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) console.log(`  the watcher bench (${parts}) exited with ${code}`);
}

export async function chainBench(options: { port: number }): Promise<void> {
  const missing = litecoindMissing();
  if (missing) {
    console.log(`\nChain section skipped: ${missing}`);
    return;
  }
  const started = performance.now();
  const node = await startLitecoind();
  try {
    // The platform's own watcher polls every CHAIN_POLL_MS (default 250 ms), as `npm start -- --local-nodes` runs it.
    const pollMs = process.env.CHAIN_POLL_MS ?? '250';
    const platform = await startPlatform(options.port, '', { LTC_RPC_URL: node.walletUrl, CHAIN_POLL_MS: pollMs });
    try {
      const api = await detectViaStatusApi(`http://127.0.0.1:${options.port}`, platform.merchant, node, API_PAYMENTS);
      await node.mine(1);
      console.log(`\nChain: mempool to detected, LTC on litecoind regtest, the watcher polling every ${pollMs} ms (PGlite in memory; target <= 1000 ms median)`);
      console.table([api]);
      console.table([await detectInBrowser(`http://localhost:${options.port}`, platform.merchant, node, BROWSER_CHECKOUTS)]);
    } finally {
      await platform.stop();
    }
    // The watcher's own figures: catch-up on PGlite in memory (the bench's usual database); the memory of
    // 100,000 addresses on PGlite on disk (in memory, the table itself would be counted as the watcher's);
    // both on PostgreSQL when DATABASE_URL is set (a fresh database, dropped after).
    await watchBench(node.walletUrl, options.port + 1, 'memory', 'catchup');
    await watchBench(node.walletUrl, options.port + 1, 'disk', 'memory');
    if (process.env.DATABASE_URL) await withFreshPostgres(process.env.DATABASE_URL, (url) => watchBench(node.walletUrl, options.port + 1, url, 'catchup,memory'));
  } finally {
    await node.stop();
  }
  console.log(`\nThe chain section took ${Math.round((performance.now() - started) / 1000)} s (the nodes' start, the payments and the mining included).`);
}
