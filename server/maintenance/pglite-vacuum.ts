// PGlite runs PostgreSQL as one process without its background workers, so autovacuum never runs
// (`SHOW autovacuum` says 'on', but there is no launcher): every UPDATE and DELETE leaves its old row
// version behind for good, and the planner's statistics are never gathered. An embedded platform would
// only grow (each ledger transfer rewrites two account rows; each payment, webhook attempt and session
// rewrites its own), and plans would rest on guesses. So on PGlite the platform vacuums and analyzes its
// tables itself, every VACUUM_EVERY_MS, one table at a time: PGlite has one connection, and a pause per
// table lets the requests waiting for it in between. PostgreSQL does this on its own (autovacuum).

import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { startPeriodicJob } from '../plugins/periodic-job.ts';

export const VACUUM_EVERY_MS = 10 * 60 * 1000;

/** VACUUM (ANALYZE) each table of the current schema in turn; answers the tables done, in order. */
export async function vacuumTables(db: Kysely<Database>): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
    WHERE schemaname = current_schema() ORDER BY relname`.execute(db);
  const done: string[] = [];
  for (const { name } of tables.rows) {
    // Not inside a transaction (VACUUM refuses one): Kysely sends it as a statement of its own.
    await sql`VACUUM (ANALYZE) ${sql.raw(name)}`.execute(db);
    done.push(name);
  }
  return done;
}

/** Registers the job on PGlite only. */
export async function pgliteVacuum(app: FastifyInstance, { dialect }: { dialect: DatabaseHandle['dialect'] }): Promise<void> {
  if (dialect !== 'pglite') return;
  startPeriodicJob(app, {
    name: 'PGlite vacuum',
    everyMs: VACUUM_EVERY_MS,
    run: async () => {
      const started = performance.now();
      const tables = await vacuumTables(app.db);
      return { tables: tables.length, ms: Math.round(performance.now() - started) };
    },
    report: (result) => app.log.info(result, 'PGlite vacuum: every table vacuumed and analyzed'),
  });
}
