// The crash test: a real server process under load (card deposits and conversions over
// HTTP) is killed with SIGKILL — no shutdown hook runs — and then:
//   1. the database opens, and the ledger check finds every invariant intact;
//   2. nothing is half-written: every finished conversion has all its legs and every leg has its
//      transaction (money moved together with its record, or neither happened);
//   3. the server starts again on the same data and answers balances that match the ledger.

import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database.ts';
import { formatMinor } from '#core/money.ts';
import { balanceOf, checkLedger, findAccount } from '../../server/ledger/index.ts';

const SERVE = join(import.meta.dirname, '..', 'bench', 'serve.ts');
const MEMBER = { email: 'member@demo.test', password: 'Demo-member-2026!' };

interface Target {
  name: string;
  env: { DATA_DIR: string; DATABASE_URL: string };
  cleanup(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'paykit-crash-'));
  return { name: 'PGlite on disk', env: { DATA_DIR: dir, DATABASE_URL: '' }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgresTarget(url: string): Promise<Target> {
  const name = `paykit_crash_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return {
    name: 'PostgreSQL',
    env: { DATA_DIR: 'memory://', DATABASE_URL: fresh.toString() },
    cleanup: async () => {
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

async function start(port: number, target: Target): Promise<ChildProcess> {
  const child = fork(SERVE, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...target.env, PORT: String(port), SHOP_PORT: String(port + 1), LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000', TEST_NETWORK_BLOCK_MS: '0' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was ready`)));
  });
  return child;
}

async function api(base: string, credential: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      host: 'localhost',
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(credential ? { authorization: `Bearer ${credential}` } : {}),
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { request_details?: any } };
}

const card = { number: '4242424242424242', exp_month: '12', exp_year: '2030', cvc: '123', holder: 'Crash Test' };

/** Deposits and conversions from several clients until the process dies under them. */
async function load(base: string, credential: string, stop: { now: boolean }): Promise<number> {
  let completed = 0;
  await Promise.all(
    Array.from({ length: 6 }, async (_unused, client) => {
      while (!stop.now) {
        try {
          if (client === 0) {
            await api(base, credential, 'POST', '/v1/transactions/deposit', { method: 'card', currency: 'EUR', amount: '100.00', card });
          } else {
            const quote = await api(base, credential, 'POST', '/v1/transactions/quote', { operation: 'buy', from_currency: 'EUR', to_currency: client % 2 ? 'BTC' : 'ETH', amount: '10.00' });
            if (quote.status === 200) await api(base, credential, 'POST', '/v1/transactions/convert', { quote_id: quote.body.request_details.quote_id });
          }
          completed += 1;
        } catch {
          return; // the server is gone
        }
      }
    }),
  );
  return completed;
}

function targets(): { database: string; make: () => Promise<Target>; port: number }[] {
  const url = process.env.DATABASE_URL;
  const pglite = { database: 'PGlite on disk', make: pgliteTarget, port: 8520 };
  return url ? [pglite, { database: 'PostgreSQL', make: () => postgresTarget(url), port: 8530 }] : [pglite];
}

describe.each(targets())('a server killed mid-load (SIGKILL) on $database', ({ make, port }) => {
  it('restarts with the ledger clean, nothing half-written and balances that match the ledger', async () => {
    const target = await make();
    const base = `http://127.0.0.1:${port}`;
    try {
      let server = await start(port, target);
      // The server seeded the demo member; make it identity-verified so this load is about crashes,
      // not about its verification level's limits (server/limits/).
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      const setup = await createDatabase(target.env);
      await setup.db.updateTable('users').set({ compliance_status: 'successful' }).where('email', '=', MEMBER.email).execute();
      await setup.close();
      server = await start(port, target);
      const login = await api(base, null, 'POST', '/v1/users/login', MEMBER);
      const credential = `${login.body.request_details.user_token}:${login.body.request_details.session_key}`;
      for (let i = 0; i < 5; i += 1) expect((await api(base, credential, 'POST', '/v1/transactions/deposit', { method: 'card', currency: 'EUR', amount: '1000.00', card })).status).toBe(200);

      const stop = { now: false };
      const running = load(base, credential, stop);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      stop.now = true;
      expect(await running).toBeGreaterThan(0);

      const db = await createDatabase(target.env);
      let eurInLedger = '';
      try {
        const member = await db.db.selectFrom('users').select(['id', 'provider_id']).where('email', '=', MEMBER.email).executeTakeFirstOrThrow();
        const eur = await findAccount(db.db, { providerId: member.provider_id, owner: { type: 'user', userId: member.id }, asset: 'EUR', kind: 'wallet' });
        eurInLedger = formatMinor(eur ? balanceOf(eur).balance : 0n, 'EUR');
        const check = await checkLedger(db.db);
        expect(check.violations).toEqual([]);
        expect(check.ok).toBe(true);
        // Every finished conversion has its principal and payout legs (and a fee leg when it had a fee) ...
        const conversions = await db.db.selectFrom('money_transactions').select(['public_id', 'fee_minor', 'status']).where('type', '=', 'conversion').execute();
        const legs = await db.db.selectFrom('ledger_transfers').select(['id', 'ref']).where('ref', 'is not', null).execute();
        const legsByRef = new Map<string, string[]>();
        for (const leg of legs) legsByRef.set(leg.ref!, [...(legsByRef.get(leg.ref!) ?? []), leg.id.slice(leg.id.lastIndexOf(':') + 1)]);
        expect(conversions.length).toBeGreaterThan(0);
        for (const conversion of conversions) {
          const expected = conversion.fee_minor > 0n ? ['fee', 'payout', 'principal'] : ['payout', 'principal'];
          expect(legsByRef.get(conversion.public_id)?.sort(), conversion.public_id).toEqual(expected);
        }
        // ... and no leg lacks its transaction.
        const recorded = new Set((await db.db.selectFrom('money_transactions').select('public_id').execute()).map((row) => row.public_id));
        expect([...legsByRef.keys()].filter((ref) => ref.startsWith('txn_') && !recorded.has(ref))).toEqual([]);
      } finally {
        await db.close();
      }

      server = await start(port, target);
      try {
        const again = await api(base, null, 'POST', '/v1/users/login', MEMBER);
        const fresh = `${again.body.request_details.user_token}:${again.body.request_details.session_key}`;
        const balances = await api(base, fresh, 'GET', '/v1/users/getUserBalances');
        expect(balances.status).toBe(200);
        const eur = balances.body.request_details.wallets.find((wallet: { currency: string }) => wallet.currency === 'EUR');
        expect(eur.balance).toBe(eurInLedger);
      } finally {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
    } finally {
      await target.cleanup();
    }
  }, 180_000);
});
