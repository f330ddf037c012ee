// What the ledger's tests share: a fresh migrated database per describe block (server/test-database.ts:
// PGlite always, PostgreSQL too when DATABASE_URL is set) and a provider with named accounts. The
// ledger needs only the database, so these tests do not build the app.

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Asset } from '#core/assets.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { dropSchema, openTestDatabase, pgliteTemplate, testDatabases, type TestDatabaseName } from '../test-database.ts';
import { ensureAccount, findAccount } from './accounts.ts';
import { createTransfers } from './create-transfers.ts';
import type { LedgerAccount, LedgerAccountKind, LedgerItem, LedgerResult } from './types.ts';

export type LedgerTestDatabase = TestDatabaseName;
export const ledgerTestDatabases = testDatabases;
export { dropSchema, pgliteTemplate };

/** A fresh, migrated database; close() also drops the PostgreSQL schema it made. */
export function openLedgerDatabase(name: LedgerTestDatabase): Promise<DatabaseHandle> {
  return openTestDatabase(name);
}

/** One database for the enclosing describe block. */
export function useLedgerDatabase(name: LedgerTestDatabase): { readonly db: Kysely<Database>; readonly handle: DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await openLedgerDatabase(name);
  });
  afterAll(async () => {
    await handle?.close();
  });
  const current = () => {
    if (!handle) throw new Error('useLedgerDatabase: the database opens in beforeAll; use it inside a test');
    return handle;
  };
  return {
    get db() {
      return current().db;
    },
    get handle() {
      return current();
    },
  };
}

let providers = 0;

/** A new provider row, so every test has accounts of its own in a shared database. */
export async function newProvider(db: Kysely<Database>): Promise<bigint> {
  providers += 1;
  // wl_id is digits; a high random base keeps clear of the seeded providers (1, 2).
  const wlId = `${900_000 + randomBytes(2).readUInt16BE(0)}${process.pid}${providers}`;
  const row = await db
    .insertInto('providers')
    .values({ wl_id: wlId, name: 'Ledger test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A provider with accounts named the way tests talk about them. */
export class LedgerFixture {
  constructor(
    readonly db: Kysely<Database>,
    readonly providerId: bigint,
  ) {}

  static async create(db: Kysely<Database>): Promise<LedgerFixture> {
    return new LedgerFixture(db, await newProvider(db));
  }

  wallet(userId: number, asset: Asset): Promise<LedgerAccount> {
    return ensureAccount(this.db, { providerId: this.providerId, owner: { type: 'user', userId: BigInt(userId) }, asset, kind: 'wallet' });
  }

  house(asset: Asset, kind: Exclude<LedgerAccountKind, 'wallet' | 'merchant_balance'>): Promise<LedgerAccount> {
    return ensureAccount(this.db, { providerId: this.providerId, owner: { type: 'house' }, asset, kind });
  }

  /** The account as stored now. */
  async reload(account: LedgerAccount): Promise<LedgerAccount> {
    const found = await findAccount(this.db, { providerId: account.providerId, owner: account.owner, asset: account.asset, kind: account.kind });
    if (!found) throw new Error(`account ${account.id} vanished`);
    return found;
  }

  /** Transfer ids are global: a test's ids are scoped by its provider so tests can share a database. */
  id(local: string): string {
    return local === '' ? '' : `p${this.providerId}:${local}`;
  }

  /** Runs one batch (ids scoped by id()) in its own transaction, committed whatever the result. */
  run(batch: LedgerItem[]): Promise<LedgerResult> {
    const scoped = batch.map((item) => ('pendingId' in item ? { ...item, id: this.id(item.id), pendingId: this.id(item.pendingId) } : { ...item, id: this.id(item.id) }));
    return this.db.transaction().execute((trx) => createTransfers(trx, scoped));
  }

  /** Credits a wallet from the world (a deposit), failing the test if refused. */
  async deposit(id: string, to: LedgerAccount, amount: bigint): Promise<void> {
    const world = await this.house(to.asset, 'world');
    const result = await this.run([{ id, debitAccountId: world.id, creditAccountId: to.id, amount, code: 'deposit' }]);
    if (!result.ok) throw new Error(`deposit ${id} refused: ${result.code}`);
  }
}
