// Test databases for integration tests: always an in-memory PGlite, and also PostgreSQL (in a fresh
// schema, dropped afterwards) when DATABASE_URL is set. Needs only the database layer, so tests of
// the ledger or the chain can open one without building the app (server/test-helper.ts does that).

import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from './db/database.ts';
import { migrate } from './db/migrate.ts';

export type TestDatabaseName = 'pglite' | 'postgres';

/** For `describe.each(testDatabases())('on $name', ({ name }) => ...)`. */
export function testDatabases(): { name: TestDatabaseName }[] {
  return process.env.DATABASE_URL ? [{ name: 'pglite' }, { name: 'postgres' }] : [{ name: 'pglite' }];
}

/** A fresh, empty database (migrated unless told otherwise). close() also drops a PostgreSQL test schema. */
export async function openTestDatabase(name: TestDatabaseName, options: { migrate?: boolean } = {}): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (name === 'pglite') {
    handle = await createDatabase({ DATA_DIR: 'memory://', DATABASE_URL: undefined }, { pgliteTemplate: await pgliteTemplate() });
  } else {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('openTestDatabase("postgres") needs DATABASE_URL');
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const opened = await createDatabase({ DATA_DIR: 'memory://', DATABASE_URL: url }, { schema });
    handle = { ...opened, close: async () => {
      await opened.close();
      await dropSchema(url, schema);
    } };
  }
  if (options.migrate !== false) await migrate(handle);
  return handle;
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * initdb takes about 2.5 s; loading a dump of a fresh cluster about 0.5 s. The dump is kept in the
 * OS temp directory (per PGlite version) so test files and later runs share it.
 */
let templateBlob: Promise<Blob> | undefined;
export function pgliteTemplate(): Promise<Blob> {
  return (templateBlob ??= (async () => {
    const version = (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
    const file = join(tmpdir(), `paykit-pglite-initdb-${version}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const fresh = await PGlite.create('memory://');
      const dump = await fresh.dumpDataDir('none');
      await fresh.close();
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    }
  })());
}
