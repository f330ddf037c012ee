// Ledger throughput against the database's own limit, in the same run with the same writers: first
// the raw single-row insert rate of a plain table (one INSERT per transaction), then transfers per
// second through createTransfers: single transfers, linked batches of three (a conversion: principal,
// counter leg, fee leg) and batches of 100 and 1000 independent transfers (a settlement or payout
// run), each call in its own database transaction, with p50/p99 latency per call and the ratios to
// the raw insert and to single transfers. On PGlite (in memory) and, when DATABASE_URL is set, on
// PostgreSQL in a fresh schema that is dropped afterwards. Figures, never assertions.
//
//   tsx tests/bench/ledger-bench.ts            (LEDGER_BENCH_SECONDS per figure, default 3)

import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type Transaction, type UnknownRow } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import type { Database } from '../../server/db/schema.ts';
import { migrate } from '../../server/db/migrate.ts';
import { checkLedger, createTransfers, ensureAccount, type LedgerAccount, type LedgerItem } from '../../server/ledger/index.ts';

const SECONDS = Number(process.env.LEDGER_BENCH_SECONDS ?? 3);
const MEMBERS = 200;
/**
 * Concurrent writers. PGlite has one connection, so more writers would only queue and the latency
 * would measure the queue; PostgreSQL runs them in parallel on its pool (10 connections).
 */
const WORKERS = { pglite: 1, postgres: 8 } as const;
const WARM_UP_MS = 500;
/** Independent transfers per call for the batched path (a settlement or payout run); MAX_BATCH_SIZE is 1024. */
const BATCH_SIZES = [100, 1000];

interface Scene {
  eur: LedgerAccount[];
  btc: LedgerAccount[];
  eurLiquidity: LedgerAccount;
  btcLiquidity: LedgerAccount;
  eurFees: LedgerAccount;
}

async function prepare(database: DatabaseHandle): Promise<Scene> {
  await migrate(database);
  const { db } = database;
  const provider = await db
    .insertInto('providers')
    .values({ wl_id: `${800_000 + randomBytes(2).readUInt16BE(0)}`, name: 'Ledger bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const providerId = provider.id;
  const house = (asset: 'EUR' | 'BTC', kind: 'liquidity' | 'fees' | 'world') => ensureAccount(db, { providerId, owner: { type: 'house' }, asset, kind });
  const wallet = (userId: number, asset: 'EUR' | 'BTC') => ensureAccount(db, { providerId, owner: { type: 'user', userId: BigInt(userId) }, asset, kind: 'wallet' });
  const scene: Scene = { eur: [], btc: [], eurLiquidity: await house('EUR', 'liquidity'), btcLiquidity: await house('BTC', 'liquidity'), eurFees: await house('EUR', 'fees') };
  const eurWorld = await house('EUR', 'world');
  const btcWorld = await house('BTC', 'world');
  for (let u = 1; u <= MEMBERS; u++) {
    scene.eur.push(await wallet(u, 'EUR'));
    scene.btc.push(await wallet(u, 'BTC'));
  }
  // Everyone starts rich enough that no batch of the run is refused: the figure is the happy path.
  await db.transaction().execute(async (trx) => {
    const funding: LedgerItem[] = [
      ...scene.eur.map((a) => ({ id: `fund:${a.id}`, debitAccountId: eurWorld.id, creditAccountId: a.id, amount: 10n ** 12n, code: 'deposit' as const })),
      { id: `fund:${scene.btcLiquidity.id}`, debitAccountId: btcWorld.id, creditAccountId: scene.btcLiquidity.id, amount: 10n ** 15n, code: 'capital' },
    ];
    for (let i = 0; i < funding.length; i += 50) {
      const result = await createTransfers(trx, funding.slice(i, i + 50));
      if (!result.ok) throw new Error(`ledger bench: funding refused: ${result.code}`);
    }
  });
  return scene;
}

type BatchMaker = (n: number) => LedgerItem[];

function single(scene: Scene, tag: string): BatchMaker {
  return (n) => {
    const from = scene.eur[n % MEMBERS] as LedgerAccount;
    const to = scene.eur[(n * 7 + 1) % MEMBERS] as LedgerAccount;
    return [{ id: `${tag}:${n}`, debitAccountId: from.id, creditAccountId: to.id, amount: 100n, code: 'payment' }];
  };
}

/** `size` independent transfers between members in one call, as a settlement or payout run posts them. */
function batchOf(scene: Scene, tag: string, size: number): BatchMaker {
  return (n) =>
    Array.from({ length: size }, (_, i) => {
      const k = n * size + i;
      const from = scene.eur[k % MEMBERS] as LedgerAccount;
      const to = scene.eur[(k * 7 + 1) % MEMBERS] as LedgerAccount;
      return { id: `${tag}:${n}:${i}`, debitAccountId: from.id, creditAccountId: to.id, amount: 1n, code: 'settlement' as const };
    });
}

function conversion(scene: Scene, tag: string): BatchMaker {
  return (n) => {
    const member = n % MEMBERS;
    const eur = scene.eur[member] as LedgerAccount;
    const btc = scene.btc[member] as LedgerAccount;
    return [
      { id: `${tag}:${n}:in`, debitAccountId: eur.id, creditAccountId: scene.eurLiquidity.id, amount: 10_000n, code: 'conversion', ref: `${tag}:${n}` },
      { id: `${tag}:${n}:out`, debitAccountId: scene.btcLiquidity.id, creditAccountId: btc.id, amount: 12_345n, code: 'conversion', ref: `${tag}:${n}` },
      { id: `${tag}:${n}:fee`, debitAccountId: eur.id, creditAccountId: scene.eurFees.id, amount: 50n, code: 'fee', ref: `${tag}:${n}` },
    ];
  };
}

interface Figure {
  label: string;
  /** Statements (round trips) of one call, BEGIN and COMMIT included. */
  round_trips: number;
  'rows/s': number;
  'batches/s': number;
  p50_ms: number;
  p99_ms: number;
}

/** Counts the statements a Kysely instance runs (each one round trip to the database). */
class StatementCounter implements KyselyPlugin {
  statements = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.statements += 1;
    return args.result;
  }
}

/** One database transaction's work; answers how many rows (transfers) it wrote. */
type Work = (trx: Transaction<Database>, n: number) => Promise<number>;

/** Runs `work` for SECONDS with `workers` concurrent writers, each call in its own database transaction. */
async function measure(database: DatabaseHandle, label: string, workers: number, work: Work): Promise<Figure> {
  let next = 0;
  // JIT, plan caches and the pool's connections warm up before the clock starts.
  const warm = performance.now() + WARM_UP_MS;
  while (performance.now() < warm) {
    await Promise.all(Array.from({ length: workers }, () => database.db.transaction().execute((trx) => work(trx, next++))));
  }
  const latencies: number[] = [];
  let rows = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const n = next++;
        const t0 = performance.now();
        // Not `rows += await ...`: that reads rows before the await and drops the other writers' additions.
        const written = await database.db.transaction().execute((trx) => work(trx, n));
        rows += written;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0) * 100) / 100;
  const counter = new StatementCounter();
  await database.db.withPlugin(counter).transaction().execute((trx) => work(trx, next++));
  // BEGIN and COMMIT are sent by the driver itself, not through the plugins.
  return { label, round_trips: counter.statements + 2, 'rows/s': Math.round(rows / elapsedS), 'batches/s': Math.round(latencies.length / elapsedS), p50_ms: pct(50), p99_ms: pct(99) };
}

/** createTransfers of one batch per call; a refusal stops the bench (the figure is the happy path). */
function transfers(label: string, make: BatchMaker): Work {
  return async (trx, n) => {
    const batch = make(n);
    const result = await createTransfers(trx, batch);
    if (!result.ok) throw new Error(`ledger bench: ${label} refused: ${result.code} ${result.message}`);
    return batch.length;
  };
}

/**
 * The database's own single-row insert rate, the reference: one INSERT into a plain table per
 * transaction, through the same Kysely and pool as the ledger, with the same writers.
 */
async function rawInsert(database: DatabaseHandle): Promise<Work> {
  await sql`CREATE TABLE bench_raw_inserts (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, ref text NOT NULL, amount bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`.execute(database.db);
  return async (trx, n) => {
    await sql`INSERT INTO bench_raw_inserts (ref, amount) VALUES (${`raw:${n}`}, ${100n})`.execute(trx);
    return 1;
  };
}

async function benchOn(database: DatabaseHandle, name: string): Promise<{ name: string; figures: Figure[]; check: string }> {
  const scene = await prepare(database);
  const run = randomBytes(3).toString('hex');
  const workers = WORKERS[database.dialect];
  const figures = [await measure(database, 'raw single-row insert (reference)', workers, await rawInsert(database))];
  figures.push(await measure(database, 'ledger single transfers', workers, transfers('single', single(scene, `bench:${run}:s`))));
  figures.push(await measure(database, 'ledger linked batches of 3', workers, transfers('linked', conversion(scene, `bench:${run}:c`))));
  for (const size of BATCH_SIZES) {
    figures.push(await measure(database, `ledger batches of ${size}`, workers, transfers(`batch ${size}`, batchOf(scene, `bench:${run}:b${size}`, size))));
  }
  const check = await checkLedger(database.db);
  return { name, figures, check: `ledger ${name}: check ${check.ok ? 'ok' : `FAILED: ${check.violations.join('; ')}`} (${check.accounts} accounts, ${check.transfers} transfers)` };
}

/** The table of one database: each figure with its ratio to the raw insert and to single transfers. */
function printable(result: { figures: Figure[] }): Record<string, unknown>[] {
  const raw = result.figures[0]?.['rows/s'] ?? 0;
  const single = result.figures.find((f) => f.label === 'ledger single transfers')?.['rows/s'] ?? 0;
  return result.figures.map((f) => ({
    ...f,
    'x raw insert': raw > 0 ? Math.round((f['rows/s'] / raw) * 100) / 100 : null,
    'x single transfer': single > 0 ? Math.round((f['rows/s'] / single) * 100) / 100 : null,
  }));
}

export interface LedgerBenchTable {
  title: string;
  rows: Record<string, unknown>[];
  check: string;
}

export async function ledgerBench(): Promise<{ tables: LedgerBenchTable[]; skipped?: string }> {
  const tables: LedgerBenchTable[] = [];
  const pglite = await createDatabase({ DATA_DIR: 'memory://', DATABASE_URL: undefined });
  try {
    const result = await benchOn(pglite, `PGlite (memory, ${WORKERS.pglite} writer)`);
    tables.push({ title: result.name, rows: printable(result), check: result.check });
  } finally {
    await pglite.close();
  }
  const url = process.env.DATABASE_URL;
  if (!url) return { tables, skipped: 'ledger PostgreSQL: skipped (set DATABASE_URL to measure it)' };
  const schema = `ledger_bench_${randomBytes(6).toString('hex')}`;
  const postgres = await createDatabase({ DATA_DIR: 'memory://', DATABASE_URL: url }, { schema });
  try {
    const result = await benchOn(postgres, `PostgreSQL (${WORKERS.postgres} writers)`);
    tables.push({ title: result.name, rows: printable(result), check: result.check });
  } finally {
    await postgres.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => admin.end());
  }
  return { tables };
}

/** Prints each database's table: rows/s, batches/s, p50/p99 per call, and the ratios to the raw insert and to single transfers. */
export async function printLedgerBench(): Promise<void> {
  const { tables, skipped } = await ledgerBench();
  for (const table of tables) {
    console.log(`\nLedger on ${table.title}, ${SECONDS} s per figure, each call one database transaction`);
    console.table(table.rows);
    console.log(table.check);
  }
  if (skipped) console.log(skipped);
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  await printLedgerBench();
}
