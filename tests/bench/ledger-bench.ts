// Ledger throughput: transfers per second through createTransfers, single transfers and linked
// batches of three (a conversion: principal, counter leg, fee leg), each batch in its own database
// transaction, with p50/p99 latency per batch. On PGlite (in memory) and, when DATABASE_URL is set,
// on PostgreSQL in a fresh schema that is dropped afterwards. Figures, never assertions.
//
//   tsx tests/bench/ledger-bench.ts            (LEDGER_BENCH_SECONDS per figure, default 3)

import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { checkLedger, createTransfers, ensureAccount, type LedgerAccount, type LedgerItem } from '../../server/ledger/index.ts';

const SECONDS = Number(process.env.LEDGER_BENCH_SECONDS ?? 3);
const MEMBERS = 200;
/**
 * Concurrent writers. PGlite has one connection, so more writers would only queue and the latency
 * would measure the queue; PostgreSQL runs them in parallel on its pool (10 connections).
 */
const WORKERS = { pglite: 1, postgres: 8 } as const;
const WARM_UP_BATCHES = 200;

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

/** Runs batches for SECONDS with the dialect's concurrent writers; returns a printable line. */
async function measure(database: DatabaseHandle, label: string, make: BatchMaker): Promise<string> {
  const workers = WORKERS[database.dialect];
  let next = 0;
  // JIT, plan caches and the pool's connections warm up before the clock starts.
  for (let i = 0; i < WARM_UP_BATCHES; i += workers) {
    await Promise.all(Array.from({ length: workers }, () => database.db.transaction().execute((trx) => createTransfers(trx, make(next++)))));
  }
  const latencies: number[] = [];
  let transfers = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const batch = make(next++);
        const t0 = performance.now();
        const result = await database.db.transaction().execute((trx) => createTransfers(trx, batch));
        latencies.push(performance.now() - t0);
        if (!result.ok) throw new Error(`ledger bench: ${label} refused: ${result.code} ${result.message}`);
        transfers += batch.length;
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => (latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0).toFixed(2);
  return `${label}: ${Math.round(transfers / elapsedS)} transfers/s (${Math.round(latencies.length / elapsedS)} batches/s), per batch p50 ${pct(50)} ms, p99 ${pct(99)} ms`;
}

async function benchOn(database: DatabaseHandle, name: string): Promise<string[]> {
  const scene = await prepare(database);
  const run = randomBytes(3).toString('hex');
  const lines = [
    await measure(database, `ledger ${name}: single transfers`, single(scene, `bench:${run}:s`)),
    await measure(database, `ledger ${name}: linked batches of 3`, conversion(scene, `bench:${run}:c`)),
  ];
  const check = await checkLedger(database.db);
  lines.push(`ledger ${name}: check ${check.ok ? 'ok' : `FAILED: ${check.violations.join('; ')}`} (${check.accounts} accounts, ${check.transfers} transfers)`);
  return lines;
}

export async function ledgerBench(): Promise<string[]> {
  const lines: string[] = [];
  const pglite = await createDatabase({ DATA_DIR: 'memory://', DATABASE_URL: undefined });
  try {
    lines.push(...(await benchOn(pglite, 'PGlite (memory, 1 writer)')));
  } finally {
    await pglite.close();
  }
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `ledger_bench_${randomBytes(6).toString('hex')}`;
    const postgres = await createDatabase({ DATA_DIR: 'memory://', DATABASE_URL: url }, { schema });
    try {
      lines.push(...(await benchOn(postgres, `PostgreSQL (${WORKERS.postgres} writers)`)));
    } finally {
      await postgres.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => admin.end());
    }
  } else {
    lines.push('ledger PostgreSQL: skipped (set DATABASE_URL to measure it)');
  }
  return lines;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  for (const line of await ledgerBench()) console.log(line);
}
