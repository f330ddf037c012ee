// The platform's own vacuum (pglite-vacuum.ts): it reclaims the space of old row versions, gathers the
// planner's statistics, and covers every table of the platform's schema.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { vacuumTables } from './pglite-vacuum.ts';

describe.each(testDatabases())('the vacuum on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;

  it('covers every table of the schema, the ledger and the payments among them', async () => {
    const done = await vacuumTables(db());
    const tables = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_user_tables WHERE schemaname = current_schema()`.execute(db())).rows[0]!.n;
    expect(done).toHaveLength(tables);
    expect(done.map((table) => table.split('.')[1])).toEqual(expect.arrayContaining(['ledger_accounts', 'ledger_transfers', 'payments', 'webhook_events']));
  });
});

// PGlite only: it is the database the job runs on, and PostgreSQL's own autovacuum could step in between the
// statements below and change what they measure.
describe('the vacuum on PGlite, where nothing else vacuums', () => {
  const t = useTestApp('pglite');
  const db = () => t.database.db;

  const sizeOf = async (table: string) => (await sql<{ size: string }>`SELECT pg_relation_size(${table}::regclass)::text AS size`.execute(db())).rows[0]!.size;
  const updateAll = async (table: string, times: number) => {
    for (let i = 0; i < times; i++) await sql`UPDATE ${sql.table(table)} SET v = v + 1`.execute(db());
  };

  it('rows rewritten again and again take no more room once their old versions are vacuumed', async () => {
    await sql`CREATE TABLE vacuum_probe (id int PRIMARY KEY, v int NOT NULL, pad text NOT NULL)`.execute(db());
    await sql`INSERT INTO vacuum_probe SELECT g, 0, repeat('x', 100) FROM generate_series(1, 500) g`.execute(db());
    await updateAll('vacuum_probe', 20);
    const grown = await sizeOf('vacuum_probe');
    await vacuumTables(db());
    // The same number of rewrites again fits in the space the vacuum freed.
    await updateAll('vacuum_probe', 20);
    expect(await sizeOf('vacuum_probe')).toBe(grown);
    await sql`DROP TABLE vacuum_probe`.execute(db());
  });

  it('gathers the statistics the planner reads (a table never analyzed has none)', async () => {
    await sql`CREATE TABLE analyze_probe (id int PRIMARY KEY, v int NOT NULL)`.execute(db());
    await sql`INSERT INTO analyze_probe SELECT g, g % 7 FROM generate_series(1, 300) g`.execute(db());
    const tuples = async () => (await sql<{ n: number }>`SELECT reltuples::int AS n FROM pg_class WHERE oid = 'analyze_probe'::regclass`.execute(db())).rows[0]!.n;
    expect(await tuples()).toBe(-1);
    await vacuumTables(db());
    expect(await tuples()).toBe(300);
    await sql`DROP TABLE analyze_probe`.execute(db());
  });
});
