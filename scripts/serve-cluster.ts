// `PROCESSES=N npm start`: N server processes on one PostgreSQL (DATABASE_URL), sharing PORT through Node's
// cluster module (the primary accepts and hands connections out round-robin). The primary migrates and seeds
// once before forking, so the workers find nothing left to do; it serves no request itself, and forks a
// replacement for a worker that dies (at most MAX_RESTARTS_PER_MINUTE, so a worker that cannot start does
// not spin). Which worker runs the once-only duties is decided in the database (server/plugins/leader.ts),
// not here: the same holds for N processes on N machines behind any load balancer.

import cluster, { type Worker } from 'node:cluster';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../server/db/database.ts';
import type { Database } from '../server/db/schema.ts';
import { migrate, withMigrationLock } from '../server/db/migrate.ts';
import type { Env } from '../server/env.ts';
import { seed, type SeedResult } from '../server/seed/seed.ts';

export const MAX_PROCESSES = 64;
const MAX_RESTARTS_PER_MINUTE = 5;

/** PROCESSES from the environment: 1 when unset; a problem in words when it is not a whole number in range. */
export function processCount(value: string | undefined): { ok: true; count: number } | { ok: false; problem: string } {
  if (value === undefined || value === '') return { ok: true, count: 1 };
  const count = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
  if (!(count >= 1 && count <= MAX_PROCESSES)) return { ok: false, problem: `PROCESSES must be a whole number from 1 to ${MAX_PROCESSES}, got '${value.slice(0, 20)}'` };
  return { ok: true, count };
}

/** Why N processes cannot run with this environment, or null. */
export function clusterProblem(env: Pick<Env, 'DATABASE_URL'>, count: number): string | null {
  if (count > 1 && !env.DATABASE_URL) {
    return `PROCESSES=${count} needs DATABASE_URL: the embedded PGlite database belongs to one process. Set DATABASE_URL=postgres://... (and DIRECT_DATABASE_URL when it goes through pgbouncer), or leave PROCESSES unset.`;
  }
  return null;
}

/** The launcher's check: the number of processes, or the reason printed and exit code 1. */
export function clusterSize(value: string | undefined, env: Pick<Env, 'DATABASE_URL'>): number {
  const parsed = processCount(value);
  const problem = parsed.ok ? clusterProblem(env, parsed.count) : parsed.problem;
  if (problem || !parsed.ok) {
    console.error(problem);
    process.exit(1);
  }
  return parsed.count;
}

export interface RunningCluster {
  /** The primary's own connection; closed by close(). */
  db: DatabaseHandle;
  /** As RunningPlatform's, for the launcher's set-up writes (the demo shop's key and webhook). */
  app: { db: Kysely<Database> };
  seed: SeedResult;
  database: string;
  /** How many workers are up now. */
  workers(): number;
  /** SIGTERM to every worker (each closes its server and database), then the primary's database. */
  close(): Promise<void>;
}

/**
 * `env` is what the primary uses; `workerEnv` the variables each worker reads its own from (the same source,
 * e.g. with --local-nodes' RPC URLs added).
 */
export async function startCluster(env: Env, count: number, workerEnv: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log): Promise<RunningCluster> {
  const problem = clusterProblem(env, count);
  if (problem) throw new Error(problem);
  const db = await createDatabase(env);
  const migrations = await migrate(db);
  if (migrations.length > 0) log(`  Migrated: ${migrations.map((m) => `${String(m.version).padStart(4, '0')}_${m.name}`).join(', ')}`);
  const seeded = await withMigrationLock(db, () => seed(db, { mode: env.MODE, shopUrl: `http://127.0.0.1:${env.SHOP_PORT}`, appSecret: env.APP_SECRET }));

  cluster.setupPrimary({ exec: join(import.meta.dirname, 'cluster-worker.ts'), execArgv: ['--import', 'tsx'] });
  let stopping = false;
  const restarts: number[] = [];
  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork(workerEnv);
      const failed = (code: number | null) => reject(new Error(`a server process exited with ${code} before it listened`));
      worker.once('exit', failed);
      worker.once('listening', () => {
        worker.off('exit', failed);
        worker.on('exit', (code, signal) => {
          if (stopping) return;
          const now = Date.now();
          restarts.push(now);
          while (restarts.length > 0 && restarts[0]! < now - 60_000) restarts.shift();
          if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
            log(`  A server process (pid ${worker.process.pid}) exited (${signal ?? code}); more than ${MAX_RESTARTS_PER_MINUTE} restarts this minute, so it is not replaced.`);
            return;
          }
          log(`  A server process (pid ${worker.process.pid}) exited (${signal ?? code}); starting a replacement.`);
          fork().catch((error: unknown) => log(`  The replacement did not start: ${(error as Error).message}`));
        });
        resolve(worker);
      });
    });
  try {
    await Promise.all(Array.from({ length: count }, fork));
  } catch (error) {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGKILL');
    await db.close();
    throw error;
  }
  return {
    db,
    app: { db: db.db },
    seed: seeded,
    database: `${db.description}, ${count} server processes`,
    workers: () => Object.values(cluster.workers ?? {}).filter((worker) => worker && !worker.isDead()).length,
    close: async () => {
      stopping = true;
      const exits = Object.values(cluster.workers ?? {}).map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (!worker || worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      );
      await Promise.all(exits);
      await db.close();
    },
  };
}
