// The shell commands for operators, as an operator would run them: a real process. `npm run operator`
// is retired (the console's Money area replaced it) and says so; create-operator makes a console
// operator on a PGlite data directory.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../seed/seed.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'paykit-operator-'));

function cli(script: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return cliWith({ MODE: 'test', DATA_DIR: dataDir }, script, ...args);
}

function cliWith(extra: NodeJS.ProcessEnv, script: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
  return run(join(root, 'node_modules/.bin/tsx'), [script, ...args], { cwd: root, env, timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

beforeAll(async () => {
  const database = await createDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    await migrate(database);
    await seed(database, { mode: 'test', shopUrl: 'http://127.0.0.1:4182' });
  } finally {
    await database.close(); // PGlite: one process per data directory
  }
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run operator', () => {
  it('says the operator console replaces it, names the Wires page, and exits 2 without crediting anything', { timeout: 60_000 }, async () => {
    const answer = await cliWith({ PUBLIC_URL: 'https://pay.example.com/' }, 'server/cli/operator.ts', 'confirm-wire', 'VRD-7KQ2-M9XD');
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain('replaced by the operator console');
    expect(answer.stderr).toContain('https://pay.example.com/sys-admin/money/wires');
  });

  it('create-operator makes a console operator once, printing its password and TOTP secret, stored only hashed and sealed', { timeout: 120_000 }, async () => {
    const made = await cli('server/cli/create-operator.ts', '1', 'Head.Of.Ops@Example.com', 'admin', 'Jo', 'Ops');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('Created admin head.of.ops@example.com for Verdant Exchange');
    const secret = /TOTP secret {2}([A-Z2-7]+)/.exec(made.stdout)?.[1] ?? '';
    expect(made.stdout).toContain(`otpauth://totp/Verdant%20Exchange:head.of.ops%40example.com?secret=${secret}`);
    expect((await cli('server/cli/create-operator.ts', '1', 'head.of.ops@example.com', 'admin', 'Jo')).code).toBe(1);
    expect((await cli('server/cli/create-operator.ts', '1', 'x@example.com', 'owner', 'Jo')).code).toBe(2);
    const database = await createDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    try {
      const row = await database.db.selectFrom('operators').select(['role', 'name', 'totp_secret_sealed', 'password_hash']).where('email', '=', 'head.of.ops@example.com').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ role: 'admin', name: 'Jo Ops' });
      expect(row.totp_secret_sealed).not.toContain(secret);
      expect(row.password_hash).toMatch(/^scrypt\$/);
    } finally {
      await database.close();
    }
  });
});
