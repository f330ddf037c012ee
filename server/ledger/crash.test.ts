// The crash test: a child process writes linked batches to an on-disk PGlite directory (or a
// PostgreSQL schema) and is killed with SIGKILL mid-load, with transactions in flight. Reopened,
// the database must pass checkLedger, hold every batch the child saw committed, and hold each
// batch whole or not at all.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { checkLedger } from './check-ledger.ts';
import { CRASH_USERS, LEGS_PER_BATCH } from './crash-shape.ts';
import { dropSchema, LedgerFixture, ledgerTestDatabases, pgliteTemplate } from './ledger-test-kit.ts';

/** Batches the child must have committed before it is killed. */
const COMMITS_BEFORE_KILL = 120;

interface Target {
  open(): Promise<DatabaseHandle>;
  childArgs(providerId: bigint): string[];
  cleanup(): Promise<void>;
}

function target(name: 'pglite' | 'postgres'): Target {
  if (name === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'paykit-ledger-crash-'));
    let created = false;
    return {
      // The first open lays down a fresh cluster from the initdb dump (initdb itself is slow on disk).
      open: async () => {
        if (!created) {
          const fresh = await PGlite.create(dir, { loadDataDir: await pgliteTemplate() });
          await fresh.close();
          created = true;
        }
        return createDatabase({ DATA_DIR: dir, DATABASE_URL: undefined });
      },
      childArgs: (providerId) => ['pglite', dir, String(providerId), '1'],
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = process.env.DATABASE_URL as string;
  const schema = `ledger_crash_${randomBytes(6).toString('hex')}`;
  return {
    open: () => createDatabase({ DATA_DIR: 'memory://', DATABASE_URL: url }, { schema }),
    // Several concurrent writers, so the kill catches transactions of several connections in flight.
    childArgs: (providerId) => ['postgres', url, schema, String(providerId), '4'],
    cleanup: () => dropSchema(url, schema),
  };
}

/** Runs the load and SIGKILLs it once enough batches are committed; returns the refs it saw committed. */
function runAndKill(args: string[]): Promise<Set<string>> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'crash-load.ts'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const committed = new Set<string>();
  let stderr = '';
  let buffered = '';
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the load committed only ${committed.size} batches in 20 s: ${stderr}`));
    }, 20_000);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('committed ')) committed.add(line.slice('committed '.length));
      if (committed.size >= COMMITS_BEFORE_KILL && child.exitCode === null && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => {
      clearTimeout(deadline);
      if (signal === 'SIGKILL') resolve(committed);
      else reject(new Error(`the load exited by itself (code ${code}) before the kill: ${stderr}`));
    });
  });
}

describe.each(ledgerTestDatabases())('the ledger after SIGKILL mid-load on $name', ({ name }) => {
  const place = target(name);
  afterAll(() => place.cleanup());

  it('finds the check clean, every committed batch present and no batch half-written', async () => {
    const setup = await place.open();
    await migrate(setup);
    const f = await LedgerFixture.create(setup.db);
    for (let u = 1; u <= CRASH_USERS; u++) await f.wallet(u, 'EUR');
    await f.house('EUR', 'world');
    await f.house('EUR', 'fees');
    await setup.close();

    const committed = await runAndKill(place.childArgs(f.providerId));
    expect(committed.size).toBeGreaterThanOrEqual(COMMITS_BEFORE_KILL);

    const reopened = await place.open();
    try {
      const check = await checkLedger(reopened.db);
      expect(check.violations).toEqual([]);
      const legs = await sql<{ ref: string; legs: number }>`
        SELECT ref, count(*)::int AS legs FROM ledger_transfers WHERE ref LIKE 'crash:%' GROUP BY ref`.execute(reopened.db);
      const found = new Map(legs.rows.map((row) => [row.ref, Number(row.legs)]));
      // The post of a two-phase batch inherits its reservation's ref, so every batch has three legs under its ref.
      expect([...found.values()].filter((n) => n !== LEGS_PER_BATCH)).toEqual([]);
      expect([...committed].filter((ref) => !found.has(ref))).toEqual([]);
      // A batch may have committed just before the kill without its line reaching us; never the other way round.
      expect(found.size).toBeGreaterThanOrEqual(committed.size);
    } finally {
      await reopened.close();
    }
  }, 45_000);
});
