// The migration runner. Migrations are paired SQL files in ./migrations: NNNN_name.up.sql and
// NNNN_name.down.sql, numbered from 0001 without gaps. Each one runs in its own transaction and is
// recorded in schema_migrations with a checksum, so an edited migration that already ran is caught
// instead of silently diverging. A PostgreSQL advisory lock (held for the whole run) makes two
// servers starting at once take turns: the second finds nothing left to do.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseHandle, Session } from './database.ts';

export const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

export interface Migration {
  version: number;
  name: string;
  up: string;
  down: string;
  checksum: string;
}

export interface MigrationRecord {
  version: number;
  name: string;
}

const FILE = /^(\d{4})_([a-z0-9_]+)\.(up|down)\.sql$/;
// Two-key advisory lock: a fixed class id for "migrations" and the current schema's hash, so test
// runs in separate schemas of one server do not wait for each other.
const LOCK_CLASS = 0x7061_7900;

/** Reads and checks the migration files: pairs complete, numbers unique and contiguous from 1. */
export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const found = new Map<number, { name: string; up?: string; down?: string }>();
  for (const file of readdirSync(dir).sort()) {
    const match = FILE.exec(file);
    if (!match) {
      if (file.endsWith('.sql')) throw new Error(`Migration file ${file} is not named NNNN_name.up.sql or NNNN_name.down.sql`);
      continue;
    }
    const [, digits, name, direction] = match as unknown as [string, string, string, 'up' | 'down'];
    const version = Number.parseInt(digits, 10);
    const entry = found.get(version) ?? { name };
    if (entry.name !== name) throw new Error(`Migration ${digits} has two names: ${entry.name} and ${name}`);
    entry[direction] = readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n');
    found.set(version, entry);
  }
  const migrations: Migration[] = [];
  for (const [version, entry] of [...found].sort(([a], [b]) => a - b)) {
    const label = `${String(version).padStart(4, '0')}_${entry.name}`;
    if (entry.up === undefined || entry.down === undefined) throw new Error(`Migration ${label} needs both an .up.sql and a .down.sql file`);
    if (version !== migrations.length + 1) throw new Error(`Migration ${label} leaves a gap: expected number ${migrations.length + 1}`);
    migrations.push({ version, name: entry.name, up: entry.up, down: entry.down, checksum: sha256(entry.up) });
  }
  return migrations;
}

/** Applies every pending migration in order; returns the ones it applied (empty when up to date). */
export async function migrate(database: DatabaseHandle, migrations: Migration[] = loadMigrations()): Promise<MigrationRecord[]> {
  return locked(database, async (session) => {
    const applied = await appliedMigrations(session);
    checkHistory(applied, migrations);
    const done: MigrationRecord[] = [];
    for (const migration of migrations.slice(applied.length)) {
      await inTransaction(session, migration, async () => {
        await session.exec(migration.up);
        await session.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
          migration.version,
          migration.name,
          migration.checksum,
        ]);
      });
      done.push({ version: migration.version, name: migration.name });
    }
    return done;
  });
}

/** Undoes the most recently applied migration; returns it, or null when none is applied. */
export async function rollbackLast(database: DatabaseHandle, migrations: Migration[] = loadMigrations()): Promise<MigrationRecord | null> {
  return locked(database, async (session) => {
    const applied = await appliedMigrations(session);
    checkHistory(applied, migrations);
    const last = applied.at(-1);
    if (!last) return null;
    const migration = migrations[last.version - 1] as Migration;
    await inTransaction(session, migration, async () => {
      await session.exec(migration.down);
      await session.query('DELETE FROM schema_migrations WHERE version = $1', [migration.version]);
    });
    return { version: migration.version, name: migration.name };
  });
}

/** The applied migrations, oldest first. */
export async function appliedVersions(database: DatabaseHandle): Promise<MigrationRecord[]> {
  return locked(database, async (session) => (await appliedMigrations(session)).map(({ version, name }) => ({ version, name })));
}

/**
 * Runs `work` while holding the migration lock, so servers starting at once take turns at it too (the
 * seed: two concurrent seeds would both insert the demo rows). Not re-entrant: never call migrate inside.
 */
export function withMigrationLock<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  // PGlite has one process, and its session holds the only connection `work` would need.
  if (database.dialect === 'pglite') return work();
  return locked(database, () => work());
}

async function locked<T>(database: DatabaseHandle, work: (session: Session) => Promise<T>): Promise<T> {
  return database.withSession(async (session) => {
    await session.query('SELECT pg_advisory_lock($1, hashtext(current_schema()))', [LOCK_CLASS]);
    try {
      await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version     integer PRIMARY KEY,
        name        text NOT NULL,
        checksum    text NOT NULL,
        applied_at  timestamptz NOT NULL DEFAULT now()
      )`);
      return await work(session);
    } finally {
      await session.query('SELECT pg_advisory_unlock($1, hashtext(current_schema()))', [LOCK_CLASS]);
    }
  });
}

async function appliedMigrations(session: Session): Promise<{ version: number; name: string; checksum: string }[]> {
  return session.query('SELECT version, name, checksum FROM schema_migrations ORDER BY version');
}

/** The database's history must be a prefix of the files: same numbers, names and contents. */
function checkHistory(applied: { version: number; name: string; checksum: string }[], migrations: Migration[]): void {
  applied.forEach((row, index) => {
    const file = migrations[index];
    const label = `${String(row.version).padStart(4, '0')}_${row.name}`;
    if (!file || row.version !== file.version) {
      throw new Error(`The database has migration ${label}, which this code does not know: it was migrated by a newer version`);
    }
    if (row.name !== file.name || row.checksum !== file.checksum) {
      throw new Error(`Migration ${label} was changed after it was applied; add a new migration instead of editing an applied one`);
    }
  });
}

async function inTransaction(session: Session, migration: Migration, work: () => Promise<void>): Promise<void> {
  await session.exec('BEGIN');
  try {
    await work();
    await session.exec('COMMIT');
  } catch (error) {
    await session.exec('ROLLBACK');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${String(migration.version).padStart(4, '0')}_${migration.name} failed and was rolled back: ${reason}`, { cause: error });
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
