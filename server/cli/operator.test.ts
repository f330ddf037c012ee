// The operator command end to end, once: a real process on a PGlite data directory, as an operator
// would run it (the wire logic itself is tested through its functions in server/routes/deposits.test.ts).

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../seed/seed.ts';
import { checkLedger } from '../ledger/index.ts';
import { depositByWire } from '../money/deposits/wire-deposit.ts';
import { loadMoneyTerms } from '../money/deposits/terms.ts';
import { walletBalance } from '../money/deposits/member-test-kit.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'paykit-operator-'));

function operator(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return cli('server/cli/operator.ts', ...args);
}

function cli(script: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, MODE: 'test', DATA_DIR: dataDir };
  return run(join(root, 'node_modules/.bin/tsx'), [script, ...args], { cwd: root, env, timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run operator', () => {
  it('confirm-wire credits a pending wire once; a second confirm finds no pending wire', { timeout: 120_000 }, async () => {
    let database = await createDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    await migrate(database);
    await seed(database, { mode: 'test', shopUrl: 'http://127.0.0.1:4182' });
    const user = await database.db.selectFrom('users').select(['id', 'provider_id']).where('email', '=', 'member@demo.test').executeTakeFirstOrThrow();
    const member = { providerId: user.provider_id, userId: user.id };
    const started = await depositByWire(
      { db: database.db, ...member, terms: await loadMoneyTerms(database.db, member.providerId), now: new Date(), provider: { wlId: '1', name: 'Verdant Exchange' } },
      { currency: 'EUR', amount: '125.00' },
    );
    if (!started.ok) throw new Error(started.error.message);
    const reference = started.answer.wire_instructions?.reference ?? '';
    await database.close(); // PGlite: one process per data directory

    const first = await operator('confirm-wire', reference);
    expect(first).toMatchObject({ code: 0, stdout: expect.stringContaining(`Credited 125.00 EUR for wire ${reference}`) });
    const second = await operator('confirm-wire', reference);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('wire_not_found');
    const usage = await operator('credit-everyone');
    expect(usage.code).toBe(2);

    database = await createDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    try {
      expect((await walletBalance(database.db, member, 'EUR')).balance).toBe(12500n);
      expect((await checkLedger(database.db)).violations).toEqual([]);
    } finally {
      await database.close();
    }
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

