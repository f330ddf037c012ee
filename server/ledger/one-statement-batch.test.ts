// The one-statement path of createTransfers (one-statement-batch.ts): what it writes itself, what it
// declines without writing anything, and that createTransfers still answers every declined batch
// exactly as the careful path does.

import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { describe, expect, it } from 'vitest';
import { balanceOf } from './accounts.ts';
import { checkLedger } from './check-ledger.ts';
import { createTransfers } from './create-transfers.ts';
import { LedgerFixture, ledgerTestDatabases, useLedgerDatabase } from './ledger-test-kit.ts';
import { fitsOneStatement, writeInOneStatement } from './one-statement-batch.ts';
import type { LedgerAccount, LedgerItem, LedgerResult, TransferInput } from './types.ts';

/** Wallet a holds 1000 EUR, b nothing; h1 reserves 100 of a's towards the world; aBtc is a's BTC wallet. */
interface Scene {
  f: LedgerFixture;
  a: LedgerAccount;
  b: LedgerAccount;
  aBtc: LedgerAccount;
  world: LedgerAccount;
  fees: LedgerAccount;
}

async function scene(f: LedgerFixture): Promise<Scene> {
  const a = await f.wallet(1, 'EUR');
  await f.deposit('dep', a, 1000n);
  const world = await f.house('EUR', 'world');
  const reserved = await f.run([{ id: 'h1', debitAccountId: a.id, creditAccountId: world.id, amount: 100n, code: 'withdrawal', pending: true }]);
  if (!reserved.ok) throw new Error(`scene: reservation refused: ${reserved.code}`);
  return { f, a, b: await f.wallet(2, 'EUR'), aBtc: await f.wallet(1, 'BTC'), world, fees: await f.house('EUR', 'fees') };
}

const t = (s: Scene, id: string, from: LedgerAccount, to: LedgerAccount, amount: bigint, extra: Partial<TransferInput> = {}): TransferInput => ({
  id: s.f.id(id),
  debitAccountId: from.id,
  creditAccountId: to.id,
  amount,
  code: 'payment',
  ...extra,
});
const resolve = (s: Scene, id: string, pendingId: string, action: 'post' | 'void', amount?: bigint): LedgerItem => ({
  id: s.f.id(id),
  pendingId: s.f.id(pendingId),
  action,
  ...(amount === undefined ? {} : { amount }),
});

describe.each(ledgerTestDatabases())('the one-statement path on $name', ({ name }) => {
  const database = useLedgerDatabase(name);

  /** Every account's four sums, to compare before and after. */
  async function sums(s: Scene) {
    return Promise.all([s.a, s.b, s.aBtc, s.world, s.fees].map(async (account) => {
      const { debitsPending, debitsPosted, creditsPending, creditsPosted } = await s.f.reload(account);
      return { debitsPending, debitsPosted, creditsPending, creditsPosted };
    }));
  }

  const transfersOf = async (s: Scene) =>
    (await database.db.selectFrom('ledger_transfers').select('id').where('id', 'like', `p${s.f.providerId}:%`).orderBy('seq').execute()).map((row) => row.id);

  // [behaviour, batch, a's balance and available afterwards]
  const written: [string, (s: Scene) => LedgerItem[], { balance: bigint; available: bigint }][] = [
    ['a single transfer', (s) => [t(s, 'x', s.a, s.b, 300n)], { balance: 700n, available: 600n }],
    ['a transfer of the whole available balance', (s) => [t(s, 'x', s.a, s.b, 900n)], { balance: 100n, available: 0n }],
    ['a reservation', (s) => [t(s, 'x', s.a, s.world, 250n, { pending: true, code: 'withdrawal' })], { balance: 1000n, available: 650n }],
    ['posting a reservation whole', (s) => [resolve(s, 'x', 'h1', 'post')], { balance: 900n, available: 900n }],
    ['posting part of a reservation (the rest is released)', (s) => [resolve(s, 'x', 'h1', 'post', 40n)], { balance: 960n, available: 960n }],
    ['voiding a reservation', (s) => [resolve(s, 'x', 'h1', 'void')], { balance: 1000n, available: 1000n }],
    ['a linked conversion-like batch with a fee leg', (s) => [t(s, 'x', s.a, s.b, 500n), t(s, 'x:fee', s.a, s.fees, 5n, { code: 'fee' })], { balance: 495n, available: 395n }],
    ['a post and new transfers in one batch', (s) => [resolve(s, 'x', 'h1', 'post'), t(s, 'y', s.a, s.b, 900n)], { balance: 0n, available: 0n }],
    ['a hundred independent transfers touching the same accounts', (s) => Array.from({ length: 100 }, (_, i) => t(s, `m${i}`, s.a, i % 2 === 0 ? s.b : s.fees, 9n)), { balance: 100n, available: 0n }],
  ];

  it.each(written)('writes %s in one statement, with the sums the careful path would make', async (_name, batch, expected) => {
    const s = await scene(await LedgerFixture.create(database.db));
    const items = batch(s);
    expect(fitsOneStatement(items)).toBe(true);
    expect(await database.db.transaction().execute((trx) => writeInOneStatement(trx, items))).toBe(true);
    const a = balanceOf(await s.f.reload(s.a));
    expect({ balance: a.balance, available: a.available }).toEqual(expected);
    const stored = await database.db.selectFrom('ledger_transfers').select('id').where('id', 'in', items.map((item) => item.id)).orderBy('seq').execute();
    expect(stored.map((row) => row.id)).toEqual(items.map((item) => item.id));
    expect((await checkLedger(database.db)).violations).toEqual([]);
  });

  // [behaviour, batch, what createTransfers answers for it]
  const declined: [string, (s: Scene) => LedgerItem[], Partial<LedgerResult>][] = [
    ['more than the available balance', (s) => [t(s, 'x', s.a, s.b, 901n)], { ok: false, code: 'exceeds_credits', index: 0 }],
    ['a reservation of more than the available balance', (s) => [t(s, 'x', s.a, s.world, 901n, { pending: true, code: 'withdrawal' })], { ok: false, code: 'exceeds_credits', index: 0 }],
    ['a transfer from an account to itself', (s) => [t(s, 'x', s.a, s.a, 1n)], { ok: false, code: 'accounts_must_differ', index: 0 }],
    ['an account that does not exist', (s) => [{ ...t(s, 'x', s.a, s.b, 1n), creditAccountId: 987654321n }], { ok: false, code: 'account_not_found', index: 0 }],
    ['accounts in two assets', (s) => [t(s, 'x', s.a, s.aBtc, 1n)], { ok: false, code: 'asset_mismatch', index: 0 }],
    ['a known id with the same fields (a replay)', (s) => [t(s, 'dep', s.world, s.a, 1000n, { code: 'deposit' })], { ok: true, replayed: true }],
    ['a known id with other fields', (s) => [t(s, 'dep', s.world, s.a, 999n, { code: 'deposit' })], { ok: false, code: 'exists_with_different_fields', index: 0 }],
    ['a reservation that does not exist', (s) => [resolve(s, 'x', 'nope', 'post')], { ok: false, code: 'pending_not_found', index: 0 }],
    ['voiding a single-phase transfer', (s) => [resolve(s, 'x', 'dep', 'void')], { ok: false, code: 'pending_transfer_not_pending', index: 0 }],
    ['posting more than was reserved', (s) => [resolve(s, 'x', 'h1', 'post', 101n)], { ok: false, code: 'exceeds_pending_amount', index: 0 }],
    ['voiding part of a reservation', (s) => [resolve(s, 'x', 'h1', 'void', 40n)], { ok: false, code: 'pending_amount_differs', index: 0 }],
    ['an overflow of the credited sum', (s) => [t(s, 'x', s.world, s.b, 2n ** 63n - 1n, { code: 'deposit' })], { ok: false, code: 'overflow', index: 0 }],
    // Conservative: a is credited 500 then spends 1400 in one batch; the statement compares with what a held before.
    ['money received and spent in the same batch (the careful path writes it)', (s) => [t(s, 'y', s.world, s.a, 500n, { code: 'deposit' }), t(s, 'z', s.a, s.b, 1400n)], { ok: true, replayed: false }],
  ];

  it.each(declined)('declines %s without writing anything, and createTransfers answers it as before', async (_name, batch, answer) => {
    const s = await scene(await LedgerFixture.create(database.db));
    const items = batch(s);
    const before = { sums: await sums(s), transfers: await transfersOf(s) };
    // A decline writes nothing (these are refused before the insert, or by the one id's conflict), so the
    // transaction stays usable and commits.
    expect(await database.db.transaction().execute((trx) => writeInOneStatement(trx, items))).toBe(false);
    expect({ sums: await sums(s), transfers: await transfersOf(s) }).toEqual(before);
    expect(await database.db.transaction().execute((trx) => createTransfers(trx, items))).toMatchObject(answer);
    expect((await checkLedger(database.db)).violations).toEqual([]);
  });

  it('a batch of several whose later id is known leaves nothing behind: the function takes back the rows it inserted before it', async () => {
    const s = await scene(await LedgerFixture.create(database.db));
    const items = [t(s, 'new', s.a, s.b, 1n), t(s, 'dep', s.world, s.a, 1000n, { code: 'deposit' })];
    const before = await sums(s);
    expect(await database.db.transaction().execute((trx) => createTransfers(trx, items))).toMatchObject({ ok: false, code: 'batch_partly_exists', index: 0 });
    expect(await sums(s)).toEqual(before);
    expect(await database.db.selectFrom('ledger_transfers').select('id').where('id', '=', s.f.id('new')).execute()).toEqual([]);
    expect((await checkLedger(database.db)).violations).toEqual([]);
  });

  /**
   * Holds a transaction open after `during` (its writes made, its locks held) while `then` runs in another;
   * on PostgreSQL the second is seen waiting for a lock in a statement like `waitsIn` before the first commits
   * (on PGlite, one connection, the second starts once the first has committed).
   */
  async function whileHeld(during: (trx: Transaction<Database>) => Promise<LedgerResult>, then: () => Promise<LedgerResult>, waitsIn: string) {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holdsLock = () => {};
    const locked = new Promise<void>((resolve) => (holdsLock = resolve));
    const first = database.db.transaction().execute(async (trx) => {
      const result = await during(trx);
      holdsLock();
      await gate;
      return result;
    });
    await locked;
    const second = then();
    try {
      if (name === 'postgres') await waitForALockWait(waitsIn);
    } finally {
      release();
    }
    return { first: await first, second: await second };
  }

  it.each([
    // b holds 1000 and a concurrent deposit of 500 holds its row: the spend of 600 passes on what it sees, waits
    // for the row inside the function, and is applied to the row as the deposit left it: 1500 - 600, not 1000 - 600.
    { case: 'waits inside the function for a concurrent writer of its account, and adds to what that writer committed', held: 1000n, deposit: 500n, waitsIn: '%ledger_write_one%', balance: 900n },
    // b holds nothing it can see until the deposit commits: the function declines at once (nothing written), and
    // the careful path locks b, waits for the deposit and spends it.
    { case: 'needs money a concurrent writer has not committed yet: the careful path waits for it, and spends it', held: 0n, deposit: 1000n, waitsIn: '%for update%', balance: 400n },
  ])('a transfer that $case', async ({ held, deposit, waitsIn, balance }) => {
    const s = await scene(await LedgerFixture.create(database.db));
    if (held > 0n) await s.f.deposit('b-start', s.b, held);
    const { first, second } = await whileHeld(
      (trx) => createTransfers(trx, [t(s, 'in', s.world, s.b, deposit, { code: 'deposit' })]),
      () => database.db.transaction().execute((trx) => createTransfers(trx, [t(s, 'out', s.b, s.fees, 600n)])),
      waitsIn,
    );
    expect(first).toEqual({ ok: true, replayed: false });
    expect(second).toEqual({ ok: true, replayed: false });
    expect(balanceOf(await s.f.reload(s.b)).balance).toBe(balance);
    expect(balanceOf(await s.f.reload(s.fees)).balance).toBe(600n);
    expect((await checkLedger(database.db)).violations).toEqual([]);
  });

  async function waitForALockWait(statement: string): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const waiting = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE ${statement}`.execute(database.db);
      if ((waiting.rows[0]?.n ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the second transfer never waited for a lock in ${statement}`);
  }

  it.each([
    ['a resolve of a reservation made in the same batch', (s: Scene) => [t(s, 'r', s.a, s.world, 5n, { pending: true }), resolve(s, 'r:post', 'r', 'post')]],
    ['two resolves of one reservation', (s: Scene) => [resolve(s, 'p', 'h1', 'post'), resolve(s, 'v', 'h1', 'void')]],
    ['an amount beyond 64 bits', (s: Scene) => [t(s, 'x', s.a, s.b, 2n ** 63n)]],
    ['a batch of more than 128 items (the careful way is cheaper)', (s: Scene) => Array.from({ length: 129 }, (_, i) => t(s, `many${i}`, s.a, s.b, 1n))],
  ])('leaves %s to the careful path', async (_name, batch) => {
    const s = await scene(await LedgerFixture.create(database.db));
    expect(fitsOneStatement(batch(s))).toBe(false);
  });
});
