import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../test-helper.ts';
import { createDatabase, type DatabaseHandle } from './database.ts';
import { appliedVersions, loadMigrations, migrate, rollbackLast, type Migration } from './migrate.ts';

async function tableNames(database: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = current_schema() order by table_name`.execute(database.db);
  return rows.map((row) => row.table_name);
}

describe('loadMigrations', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'paykit-migrations-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function folder(files: Record<string, string>): string {
    const path = mkdtempSync(join(dir, 'case-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(path, name), text);
    return path;
  }

  it('the shipped migrations come in complete pairs numbered from 0001', () => {
    const migrations = loadMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    migrations.forEach((migration, index) => {
      expect(migration.version).toBe(index + 1);
      expect(migration.up.trim()).not.toBe('');
      expect(migration.down.trim()).not.toBe('');
    });
  });

  it.each<{ name: string; files: Record<string, string>; error: RegExp }>([
    { name: 'an up without its down', files: { '0001_a.up.sql': 'select 1' }, error: /needs both an \.up\.sql and a \.down\.sql/ },
    { name: 'a gap in the numbers', files: { '0001_a.up.sql': 's', '0001_a.down.sql': 's', '0003_c.up.sql': 's', '0003_c.down.sql': 's' }, error: /leaves a gap: expected number 2/ },
    { name: 'a badly named file', files: { '1_a.up.sql': 'select 1' }, error: /is not named NNNN_name/ },
    { name: 'one number with two names', files: { '0001_a.up.sql': 's', '0001_b.down.sql': 's' }, error: /has two names/ },
  ])('refuses $name', ({ files, error }) => {
    expect(() => loadMigrations(folder(files))).toThrow(error);
  });
});

describe.each(testDatabases())('migrations on $name', ({ name }) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(name, { migrate: false });
  });
  afterAll(async () => {
    await database?.close();
  });

  const shipped = loadMigrations();
  const latest = shipped.map(({ version, name: label }) => ({ version, name: label }));

  it('applies every migration on a fresh database, then has nothing left to do', async () => {
    expect(await migrate(database)).toEqual(latest);
    expect(await tableNames(database)).toEqual(expect.arrayContaining(['merchants', 'provider_hosts', 'providers', 'schema_migrations', 'users', 'sessions']));
    expect(await migrate(database)).toEqual([]);
    expect(await appliedVersions(database)).toEqual(latest);
  });

  it('rolls back every migration, newest first, and applies them again (up, down, up)', async () => {
    for (const migration of [...latest].reverse()) expect(await rollbackLast(database)).toEqual(migration);
    expect(await tableNames(database)).toEqual(['schema_migrations']);
    expect(await rollbackLast(database)).toBeNull();
    expect(await migrate(database)).toEqual(latest);
    expect(await tableNames(database)).toContain('users');
  });

  it('reads BIGINT columns as bigint, exactly, up to the largest value', async () => {
    const { rows } = await sql<{ big: bigint; small: bigint }>`select 9223372036854775807::bigint as big, 1::bigint as small`.execute(database.db);
    expect(rows[0]).toEqual({ big: 9223372036854775807n, small: 1n });
  });

  it('rolls back a migration that fails halfway and records nothing', async () => {
    const broken: Migration = {
      version: shipped.length + 1,
      name: 'broken',
      up: 'CREATE TABLE half_done (id int); SELECT no_such_function();',
      down: 'DROP TABLE half_done;',
      checksum: 'x',
    };
    await expect(migrate(database, [...shipped, broken])).rejects.toThrow(/Migration \d{4}_broken failed and was rolled back/);
    expect(await tableNames(database)).not.toContain('half_done');
    expect(await appliedVersions(database)).toEqual(latest);
  });

  it('refuses to run when an applied migration was edited afterwards', async () => {
    const edited = shipped.map((migration, index) => (index === 0 ? { ...migration, checksum: 'edited' } : migration));
    await expect(migrate(database, edited)).rejects.toThrow(/was changed after it was applied/);
  });

  it('refuses to run when the database has a migration this code does not know', async () => {
    await expect(migrate(database, shipped.slice(0, -1))).rejects.toThrow(/which this code does not know/);
  });

  it('two servers migrating at once take turns: one applies, the other finds nothing to do', async () => {
    await rollbackLast(database);
    // On PostgreSQL a second pool on the same schema is a second server; PGlite has one connection.
    const second = name === 'postgres' ? await createDatabase({ DATA_DIR: 'memory://', DATABASE_URL: process.env.DATABASE_URL }, { schema: await currentSchema(database) }) : database;
    try {
      const results = await Promise.all([migrate(database), migrate(second)]);
      expect(results.flat()).toEqual(latest.slice(-1));
      expect(await appliedVersions(database)).toEqual(latest);
    } finally {
      if (second !== database) await second.close();
    }
  });
});

async function currentSchema(database: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  return rows[0]?.schema ?? 'public';
}
