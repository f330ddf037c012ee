// The node watcher's own speed and memory, in a child process of the bench (node --expose-gc) so the
// memory figures are this platform's alone. The targets: catch-up after downtime >= 50 blocks/s on
// regtest blocks carrying 100 payments each; watching 100,000 addresses <= 50 MB. The platform runs here
// (startServer), LTC watched on the bench's litecoind (CHAIN_BENCH_LTC_URL), on the database chain-bench.ts
// names: CHAIN_BENCH_DATABASE = 'memory' (PGlite in memory), 'disk' (PGlite in a temp directory, so the
// memory figures leave the database's pages out) or a PostgreSQL URL. CHAIN_BENCH_PARTS picks 'catchup',
// 'memory' or both. The watcher is stopped and driven by tick(), so each figure is one measured catch-up.
// Prints; asserts nothing.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { bech32 } from '@scure/base';
import { readEnv } from '../../server/env.ts';
import { startServer } from '../../server/main.ts';
import { walletAddressRecord } from '../../server/chain/addresses.ts';
import { jsonRpc } from '../../server/chain/nodes/index.ts';
import { toJsonb } from '../../server/db/jsonb.ts';
import type { Database } from '../../server/db/schema.ts';
import { DEMO_MEMBER } from '../../server/seed/seed.ts';
import type { ChainWatcher } from '../../server/chain/chain-watcher.ts';

const walletUrl = process.env.CHAIN_BENCH_LTC_URL;
if (!walletUrl) throw new Error('CHAIN_BENCH_LTC_URL (the local litecoind wallet URL) is not set');
const BLOCKS = Number(process.env.BENCH_CHAIN_BLOCKS ?? 60);
/** Case (b): every payment runs the deposit handlers, set-based per batch of blocks (payment-pipeline-many.ts). */
const BLOCKS_OURS = Number(process.env.BENCH_CHAIN_BLOCKS_OURS ?? 60);
const WATCHED = Number(process.env.BENCH_CHAIN_WATCHED ?? 100_000);
const OUTPUTS_PER_BLOCK = 100;
const MEMORY_BLOCKS = 10;
/** In the memory part's blocks, this many of the 100 outputs pay our members; the rest pay strangers. */
const MEMORY_OURS_PER_BLOCK = 10;

const database = process.env.CHAIN_BENCH_DATABASE ?? 'memory';
const parts = (process.env.CHAIN_BENCH_PARTS ?? 'catchup,memory').split(',');
const databaseName = database === 'memory' ? 'PGlite in memory' : database === 'disk' ? 'PGlite on disk' : 'PostgreSQL';

const rpc = <T>(method: string, params: readonly unknown[] = []) => jsonRpc<T>(walletUrl, method, params);
const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function memory(): { rss: number; heapUsed: number } {
  gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed };
}

/** One sendmany of 100 outputs per block, each mined at once, while the watcher is stopped. */
async function mineBlocksPaying(addresses: readonly string[], blocks: number, miner: string): Promise<void> {
  const outputs = Object.fromEntries(addresses.map((a) => [a, 0.001]));
  for (let i = 0; i < blocks; i++) {
    await rpc('sendmany', ['', outputs]);
    await rpc('generatetoaddress', [1, miner]);
  }
}

interface CatchUp {
  ms: number;
  blocks: number;
  observed: number;
  rounds: number;
}

/** Rounds until the watcher's cursor is at the node's tip: one timed catch-up. */
async function catchUp(watcher: ChainWatcher): Promise<CatchUp> {
  const tip = await rpc<number>('getblockcount');
  const started = performance.now();
  const total: CatchUp = { ms: 0, blocks: 0, observed: 0, rounds: 0 };
  while ((watcher.status().height ?? -1) < tip && total.rounds < 1000) {
    const round = await watcher.tick();
    total.rounds++;
    total.blocks += round.blocks;
    total.observed += round.observed;
    const failed = watcher.status().lastError;
    if (failed) throw new Error(`the watcher failed: ${failed.message}`);
  }
  total.ms = performance.now() - started;
  return total;
}

/** 100 members, each with an LTC deposit address (the purpose whose handler credits a wallet). */
async function membersAddresses(db: Kysely<Database>, providerId: bigint): Promise<string[]> {
  const demo = await db.selectFrom('users').select('password_hash').where('email', '=', DEMO_MEMBER.email).executeTakeFirstOrThrow();
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: OUTPUTS_PER_BLOCK }, (_, i) => ({
        provider_id: providerId,
        email: `chain-bench-${i}-${randomBytes(3).toString('hex')}@bench.test`,
        password_hash: demo.password_hash,
        role: 'member' as const,
        first_name: 'Bench',
        last_name: 'Member',
        permissions: toJsonb({ send: 1, withdrawal: 0, widget: 0, fiat_withdrawals: 0 }),
        email_verified: true,
        mobile_verified: true,
        compliance_status: 'successful' as const,
      })),
    )
    .returning('id')
    .execute();
  const addresses: string[] = [];
  for (const user of users) addresses.push((await walletAddressRecord(db, { providerId, userId: user.id, asset: 'LTC' })).address);
  return addresses;
}

/**
 * `count` more chain_addresses rows in multi-row inserts: valid rltc1 bech32 strings of random 20-byte hashes,
 * NOT derived from our keys (the watcher matches by string), purpose 'payment' with owners that do not exist:
 * nothing pays them, they only make the table as large as a busy platform's.
 */
async function insertWatchedAddresses(db: Kysely<Database>, providerId: bigint, count: number): Promise<void> {
  for (let start = 0; start < count; start += 5_000) {
    const values = Array.from({ length: Math.min(5_000, count - start) }, (_, i) => ({
      provider_id: providerId,
      asset: 'LTC' as const,
      family: 'litecoin' as const,
      network: 'regtest' as const,
      derivation_index: BigInt(10_000_000 + start + i),
      address: bech32.encode('rltc', [0, ...bech32.toWords(randomBytes(20))]),
      purpose: 'payment' as const,
      owner_ref: `chain-bench-${start + i}`,
    }));
    await db.insertInto('chain_addresses').values(values).execute();
  }
}

const dataDir = database === 'disk' ? await mkdtemp(join(tmpdir(), 'paykit-chain-bench-')) : null;
const env = readEnv({
  ...process.env,
  LTC_RPC_URL: walletUrl,
  DATA_DIR: dataDir ?? 'memory://',
  DATABASE_URL: database === 'memory' || database === 'disk' ? '' : database,
  LOG_LEVEL: 'warn',
  PORT: process.env.CHAIN_BENCH_PORT ?? '8199',
});
if (!env.ok) throw new Error(env.problems.join('\n'));
const platform = await startServer(env.value);
const db = platform.app.db;
try {
  const watcher = platform.app.chain.watchers.find((w) => w.family === 'litecoin');
  if (!watcher) throw new Error('no litecoin watcher: LTC_RPC_URL was not taken');
  await watcher.stop();
  await watcher.tick(); // the first start's scan from the tip minus 6: the cursor is at the tip now
  const miner = await rpc<string>('getnewaddress');
  const provider = await db.selectFrom('providers').select('id').where('wl_id', '=', '1').executeTakeFirstOrThrow();
  const strangers = await Promise.all(Array.from({ length: OUTPUTS_PER_BLOCK }, () => rpc<string>('getnewaddress')));
  const ours = await membersAddresses(db, provider.id);

  if (parts.includes('catchup')) {
    const rows: Record<string, unknown>[] = [];
    const row = (name: string, r: CatchUp) =>
      rows.push({ database: databaseName, case: name, blocks: r.blocks, 'payments reported': r.observed, rounds: r.rounds, seconds: Math.round(r.ms) / 1000, 'blocks/s': Math.round((r.blocks / r.ms) * 10_000) / 10 });
    // (a) To the node wallet's own addresses, none ours: the watcher's own cost (fetch, match, record).
    await mineBlocksPaying(strangers, BLOCKS, miner);
    row(`(a) ${OUTPUTS_PER_BLOCK} payments a block, none ours`, await catchUp(watcher));
    // (b) To 100 members' deposit addresses: the pipeline and the deposit handler run for each payment.
    await mineBlocksPaying(ours, BLOCKS_OURS, miner);
    row(`(b) ${OUTPUTS_PER_BLOCK} payments a block, all ours (deposits)`, await catchUp(watcher));
    console.log(`\nChain catch-up after downtime, ${databaseName}: litecoind regtest blocks of ${OUTPUTS_PER_BLOCK} outputs (one sendmany each) mined while the watcher was stopped, then one timed catch-up (target >= 50 blocks/s)`);
    console.table(rows);
  }

  if (parts.includes('memory')) {
    const before = memory();
    const insertStarted = performance.now();
    await insertWatchedAddresses(db, provider.id, WATCHED);
    const insertS = (performance.now() - insertStarted) / 1000;
    const afterInsert = memory();
    await mineBlocksPaying([...ours.slice(0, MEMORY_OURS_PER_BLOCK), ...strangers.slice(MEMORY_OURS_PER_BLOCK)], MEMORY_BLOCKS, miner);
    const rounds = await catchUp(watcher);
    const afterRounds = memory();
    const { n } = await db.selectFrom('chain_addresses').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    console.log(
      `\nWatching ${WATCHED.toLocaleString('en')} more addresses, ${databaseName}: rows inserted in ${insertS.toFixed(1)} s (${n} chain_addresses rows in all), then ${MEMORY_BLOCKS} blocks of ${OUTPUTS_PER_BLOCK} outputs, ${MEMORY_OURS_PER_BLOCK} of them to our members; ${gc ? 'after global.gc()' : 'without --expose-gc: figures include garbage'} (target <= 50 MB)`,
    );
    console.table([
      { when: 'before the rows', rss_mb: mb(before.rss), heap_mb: mb(before.heapUsed) },
      { when: 'after inserting them', rss_mb: mb(afterInsert.rss), heap_mb: mb(afterInsert.heapUsed) },
      { when: `after ${MEMORY_BLOCKS} blocks watched`, rss_mb: mb(afterRounds.rss), heap_mb: mb(afterRounds.heapUsed), 'ms per block': Math.round(rounds.ms / Math.max(1, rounds.blocks)) },
      { when: 'growth', rss_mb: mb(afterRounds.rss - before.rss), heap_mb: mb(afterRounds.heapUsed - before.heapUsed) },
    ]);
  }
} finally {
  await platform.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
