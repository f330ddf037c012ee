import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { balanceOf, ensureAccounts } from './accounts.ts';
import { checkLedger } from './check-ledger.ts';
import { createTransfers } from './create-transfers.ts';
import { LedgerFixture, ledgerTestDatabases, useLedgerDatabase } from './ledger-test-kit.ts';
import { MAX_BATCH_SIZE, type LedgerAccount, type LedgerErrorCode, type LedgerItem } from './types.ts';

/** The accounts every case starts from: wallet A holds 1000 EUR (deposit 'dep'), B holds nothing. */
interface Scene {
  a: LedgerAccount;
  b: LedgerAccount;
  aBtc: LedgerAccount;
  world: LedgerAccount;
  fees: LedgerAccount;
}

async function scene(f: LedgerFixture): Promise<Scene> {
  const a = await f.wallet(1, 'EUR');
  await f.deposit('dep', a, 1000n);
  return { a: await f.reload(a), b: await f.wallet(2, 'EUR'), aBtc: await f.wallet(1, 'BTC'), world: await f.house('EUR', 'world'), fees: await f.house('EUR', 'fees') };
}

const t = (id: string, from: LedgerAccount, to: LedgerAccount, amount: bigint, extra: Partial<LedgerItem> = {}): LedgerItem => ({
  id,
  debitAccountId: from.id,
  creditAccountId: to.id,
  amount,
  code: 'payment',
  ...extra,
});

describe.each(ledgerTestDatabases())('createTransfers on $name', ({ name }) => {
  const database = useLedgerDatabase(name);

  // Each refused batch: the code, the index of the failing item, and nothing of the batch remains.
  const refusals: [string, (s: Scene) => LedgerItem[][], LedgerErrorCode, number][] = [
    ['an empty batch', () => [[]], 'batch_empty', 0],
    ['a batch above the limit', (s) => [Array.from({ length: MAX_BATCH_SIZE + 1 }, (_, i) => t(`big${i}`, s.a, s.b, 1n))], 'batch_too_large', MAX_BATCH_SIZE],
    ['an empty id', (s) => [[t('', s.a, s.b, 1n)]], 'id_invalid', 0],
    ['an id of 129 characters', (s) => [[t('x'.repeat(129), s.a, s.b, 1n)]], 'id_invalid', 0],
    ['the same id twice in one batch', (s) => [[t('twice', s.a, s.b, 1n), t('twice', s.a, s.b, 1n)]], 'id_duplicated_in_batch', 1],
    ['a zero amount', (s) => [[t('zero', s.a, s.b, 0n)]], 'amount_must_be_positive', 0],
    ['a negative amount', (s) => [[t('ok1', s.a, s.b, 1n), t('neg', s.a, s.b, -5n)]], 'amount_must_be_positive', 1],
    ['a zero amount between one account (amount is checked first)', (s) => [[t('both', s.a, s.a, 0n)]], 'amount_must_be_positive', 0],
    ['debiting and crediting one account', (s) => [[t('self', s.a, s.a, 1n)]], 'accounts_must_differ', 0],
    ['a known id with another amount', (s) => [[t('dep', s.world, s.a, 999n, { code: 'deposit' })]], 'exists_with_different_fields', 0],
    ['a known id with another code', (s) => [[t('dep', s.world, s.a, 1000n, { code: 'payment' })]], 'exists_with_different_fields', 0],
    ['a known id with a ref it did not have', (s) => [[t('dep', s.world, s.a, 1000n, { code: 'deposit', ref: 'txn_x' })]], 'exists_with_different_fields', 0],
    ['a known id beside a new one', (s) => [[t('dep', s.world, s.a, 1000n, { code: 'deposit' }), t('new', s.a, s.b, 1n)]], 'batch_partly_exists', 1],
    ['an account that does not exist', (s) => [[t('ok2', s.a, s.b, 1n), { id: 'ghost', debitAccountId: 987654321n, creditAccountId: s.b.id, amount: 1n, code: 'payment' }]], 'account_not_found', 1],
    ['accounts in two assets', (s) => [[t('mix', s.a, s.aBtc, 1n)]], 'asset_mismatch', 0],
    ['posting a reservation that does not exist', () => [[{ id: 'p1', pendingId: 'nope', action: 'post' }]], 'pending_not_found', 0],
    ['voiding a posted (single-phase) transfer', () => [[{ id: 'v1', pendingId: 'dep', action: 'void' }]], 'pending_transfer_not_pending', 0],
    ['posting a reservation twice', (s) => [[t('h1', s.a, s.world, 100n, { pending: true })], [{ id: 'h1:post', pendingId: 'h1', action: 'post' }], [{ id: 'h1:post2', pendingId: 'h1', action: 'post' }]], 'pending_already_resolved', 0],
    ['voiding a posted reservation', (s) => [[t('h2', s.a, s.world, 100n, { pending: true })], [{ id: 'h2:post', pendingId: 'h2', action: 'post' }], [{ id: 'h2:void', pendingId: 'h2', action: 'void' }]], 'pending_already_resolved', 0],
    ['posting a voided reservation', (s) => [[t('h3', s.a, s.world, 100n, { pending: true })], [{ id: 'h3:void', pendingId: 'h3', action: 'void' }], [{ id: 'h3:post', pendingId: 'h3', action: 'post' }]], 'pending_already_resolved', 0],
    ['posting and voiding in one batch', (s) => [[t('h4', s.a, s.world, 100n, { pending: true })], [{ id: 'h4:post', pendingId: 'h4', action: 'post' }, { id: 'h4:void', pendingId: 'h4', action: 'void' }]], 'pending_already_resolved', 1],
    ['posting more than was reserved', (s) => [[t('h5', s.a, s.world, 100n, { pending: true })], [{ id: 'h5:post', pendingId: 'h5', action: 'post', amount: 101n }]], 'exceeds_pending_amount', 0],
    ['voiding part of a reservation', (s) => [[t('h6', s.a, s.world, 100n, { pending: true })], [{ id: 'h6:void', pendingId: 'h6', action: 'void', amount: 40n }]], 'pending_amount_differs', 0],
    ['spending more than the balance', (s) => [[t('over', s.a, s.b, 1001n)]], 'exceeds_credits', 0],
    ['reserving more than the balance', (s) => [[t('over2', s.a, s.world, 1001n, { pending: true })]], 'exceeds_credits', 0],
    ['spending what a reservation holds', (s) => [[t('h7', s.a, s.world, 700n, { pending: true })], [t('over3', s.a, s.b, 301n)]], 'exceeds_credits', 0],
    ['a later leg overdrawing after an earlier leg passed (linked: both undone)', (s) => [[t('leg1', s.a, s.b, 600n), t('leg2', s.a, s.fees, 401n)]], 'exceeds_credits', 1],
    ['a credit beyond the 64-bit range', (s) => [[t('huge', s.world, s.a, 2n ** 63n - 1n)]], 'overflow', 0],
  ];

  it.each(refusals)('refuses %s', async (_label, build, code, index) => {
    const f = await LedgerFixture.create(database.db);
    const s = await scene(f);
    const batches = build(s);
    for (const batch of batches.slice(0, -1)) expect(await f.run(batch)).toEqual({ ok: true, replayed: false });
    const before = await Promise.all([s.a, s.b, s.world, s.fees].map((a) => f.reload(a)));
    const transfersBefore = await countTransfers(f);
    const result = await f.run(batches.at(-1) ?? []);
    expect(result).toMatchObject({ ok: false, code, index });
    if (!result.ok) expect(result.message.length).toBeGreaterThan(10);
    expect(await Promise.all([s.a, s.b, s.world, s.fees].map((a) => f.reload(a)))).toEqual(before);
    expect(await countTransfers(f)).toBe(transfersBefore);
    expect((await checkLedger(database.db)).violations).toEqual([]);
  });

  it('a replayed batch answers replayed and moves the money once', async () => {
    const f = await LedgerFixture.create(database.db);
    const s = await scene(f);
    const batch = [t('pay', s.a, s.b, 300n, { ref: 'txn_pay' }), t('pay:fee', s.a, s.fees, 5n, { code: 'fee', ref: 'txn_pay' })];
    expect(await f.run(batch)).toEqual({ ok: true, replayed: false });
    expect(await f.run(batch)).toEqual({ ok: true, replayed: true });
    expect(balanceOf(await f.reload(s.a)).balance).toBe(695n);
    expect(balanceOf(await f.reload(s.b)).balance).toBe(300n);
  });

  it('a reservation lowers available but not balance; posting part of it releases the rest', async () => {
    const f = await LedgerFixture.create(database.db);
    const s = await scene(f);
    expect(await f.run([t('w', s.a, s.world, 800n, { pending: true, code: 'withdrawal', ref: 'txn_w' })])).toMatchObject({ ok: true });
    expect(balanceOf(await f.reload(s.a))).toEqual({ balance: 1000n, available: 200n, pendingIn: 0n });
    // The world is debit-normal: what came in from outside (1000) less what is on its way out (800).
    expect(balanceOf(await f.reload(s.world))).toEqual({ balance: 1000n, available: 200n, pendingIn: 0n });
    expect(await f.run([{ id: 'w:post', pendingId: 'w', action: 'post', amount: 300n }])).toMatchObject({ ok: true, replayed: false });
    expect(balanceOf(await f.reload(s.a))).toEqual({ balance: 700n, available: 700n, pendingIn: 0n });
    const post = await database.db.selectFrom('ledger_transfers').selectAll().where('id', '=', f.id('w:post')).executeTakeFirstOrThrow();
    // The post inherits code and ref from its reservation.
    expect(post).toMatchObject({ amount: 300n, code: 'withdrawal', ref: 'txn_w', post_pending: true, pending_id: f.id('w') });
    // A replay with the defaults spelled out is the same request.
    expect(await f.run([{ id: 'w:post', pendingId: 'w', action: 'post', amount: 300n, code: 'withdrawal', ref: 'txn_w' }])).toEqual({ ok: true, replayed: true });
  });

  it('a void releases the whole reservation', async () => {
    const f = await LedgerFixture.create(database.db);
    const s = await scene(f);
    await f.run([t('w', s.a, s.world, 1000n, { pending: true })]);
    expect(await f.run([{ id: 'w:void', pendingId: 'w', action: 'void' }])).toEqual({ ok: true, replayed: false });
    expect(balanceOf(await f.reload(s.a))).toEqual({ balance: 1000n, available: 1000n, pendingIn: 0n });
    expect(balanceOf(await f.reload(s.world))).toEqual({ balance: 1000n, available: 1000n, pendingIn: 0n });
  });

  it('a reservation and its post may share one batch', async () => {
    const f = await LedgerFixture.create(database.db);
    const s = await scene(f);
    expect(await f.run([t('r', s.a, s.b, 400n, { pending: true }), { id: 'r:post', pendingId: 'r', action: 'post' }])).toEqual({ ok: true, replayed: false });
    expect(balanceOf(await f.reload(s.b))).toEqual({ balance: 400n, available: 400n, pendingIn: 0n });
  });

  it("a refused batch leaves the caller's transaction usable and its other writes committed", async () => {
    const f = await LedgerFixture.create(database.db);
    const s = await scene(f);
    const result = await database.db.transaction().execute(async (trx) => {
      const refused = await createTransfers(trx, [t(f.id('x1'), s.a, s.b, 10n), t(f.id('x2'), s.a, s.b, 5000n)]);
      const accepted = await createTransfers(trx, [t(f.id('x3'), s.a, s.b, 10n)]);
      return [refused, accepted];
    });
    expect(result).toEqual([{ ok: false, code: 'exceeds_credits', index: 1, message: expect.any(String) }, { ok: true, replayed: false }]);
    const ids = await database.db.selectFrom('ledger_transfers').select('id').where('id', 'in', [f.id('x1'), f.id('x2'), f.id('x3')]).execute();
    expect(ids.map((r) => r.id)).toEqual([f.id('x3')]);
    expect(balanceOf(await f.reload(s.b)).balance).toBe(10n);
  });

  it('the world account has no overdraft guard and mirrors what the house holds; house liquidity may not go below zero', async () => {
    const f = await LedgerFixture.create(database.db);
    const liquidity = await f.house('BTC', 'liquidity');
    const world = await f.house('BTC', 'world');
    expect(world).toMatchObject({ kind: 'world' });
    expect(await f.run([t('cap', world, liquidity, 50n, { code: 'capital' })])).toEqual({ ok: true, replayed: false });
    // Debit-normal: the world's balance is everything that came in from outside.
    expect(balanceOf(await f.reload(world))).toEqual({ balance: 50n, available: 50n, pendingIn: 0n });
    expect(balanceOf(await f.reload(liquidity))).toEqual({ balance: 50n, available: 50n, pendingIn: 0n });
    const wallet = await f.wallet(9, 'BTC');
    expect(await f.run([t('buy', liquidity, wallet, 51n, { code: 'conversion' })])).toMatchObject({ ok: false, code: 'exceeds_credits', index: 0 });
    // A world account debited with nothing credited yet is fine: it has no guard.
    const eurWorld = await f.house('EUR', 'world');
    expect(await f.run([t('wire', eurWorld, await f.wallet(9, 'EUR'), 10n, { code: 'deposit' })])).toEqual({ ok: true, replayed: false });
  });

  it('ensureAccount called concurrently creates one account', async () => {
    const f = await LedgerFixture.create(database.db);
    const accounts = await Promise.all(Array.from({ length: 6 }, () => f.wallet(77, 'ETH')));
    expect(new Set(accounts.map((a) => a.id)).size).toBe(1);
    const houses = await Promise.all(Array.from({ length: 4 }, () => f.house('ETH', 'fees')));
    expect(new Set(houses.map((a) => a.id)).size).toBe(1);
  });

  it('ensureAccounts answers every key in order: existing, missing, repeated, house and member, and concurrent callers share the rows', async () => {
    const f = await LedgerFixture.create(database.db);
    const existing = await f.wallet(31, 'LTC');
    const key = (userId: number | null, kind: 'wallet' | 'world' = 'wallet') =>
      userId === null ? { providerId: f.providerId, owner: { type: 'house' as const }, asset: 'LTC' as const, kind } : { providerId: f.providerId, owner: { type: 'user' as const, userId: BigInt(userId) }, asset: 'LTC' as const, kind };
    const keys = [key(null, 'world'), key(31), key(32), key(null, 'world'), key(33), key(32)];
    const [first, second] = await Promise.all([ensureAccounts(database.db, keys), ensureAccounts(database.db, keys)]);
    expect(first!.map((a) => a.id)).toEqual(second!.map((a) => a.id));
    expect(first![1]!.id).toBe(existing.id);
    expect(first![0]!.id).toBe(first![3]!.id);
    expect(first![2]!.id).toBe(first![5]!.id);
    expect(new Set(first!.map((a) => a.id)).size).toBe(4);
    expect(first!.map((a) => [a.kind, a.owner])).toEqual(keys.map((k) => [k.kind, k.owner]));
    // Each is the one ensureAccount finds for the same key.
    expect((await f.wallet(33, 'LTC')).id).toBe(first![4]!.id);
    expect((await f.house('LTC', 'world')).id).toBe(first![0]!.id);
  });

  // The database's own guarantees, for writers that bypass createTransfers.
  const bypasses: [string, (s: Scene, id: (local: string) => string) => ReturnType<typeof sql>][] = [
    ['an UPDATE of a transfer', (_s, id) => sql`UPDATE ledger_transfers SET amount = 1 WHERE id = ${id('dep')}`],
    ['a DELETE of a transfer', (_s, id) => sql`DELETE FROM ledger_transfers WHERE id = ${id('dep')}`],
    ['a TRUNCATE of the transfers', () => sql`TRUNCATE ledger_transfers`],
    ['an overdraft written straight into a wallet', (s) => sql`UPDATE ledger_accounts SET debits_posted = 1001 WHERE id = ${s.a.id}`],
    ['a transfer between two assets', (s, id) => sql`INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, asset, code) VALUES (${id('raw1')}, ${s.a.id}, ${s.aBtc.id}, 1, 'EUR', 'payment')`],
    ['a second resolution of one reservation', (s, id) => sql`INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, asset, code, pending, post_pending, void_pending, pending_id)
      VALUES (${id('rawp')}, ${s.a.id}, ${s.world.id}, 5, 'EUR', 'withdrawal', true, false, false, NULL),
             (${id('rawp:post')}, ${s.a.id}, ${s.world.id}, 5, 'EUR', 'withdrawal', false, true, false, ${id('rawp')}),
             (${id('rawp:void')}, ${s.a.id}, ${s.world.id}, 5, 'EUR', 'withdrawal', false, false, true, ${id('rawp')})`],
    ['a wallet without the overdraft flag', (s) => sql`UPDATE ledger_accounts SET debits_must_not_exceed_credits = false WHERE id = ${s.a.id}`],
  ];

  it.each(bypasses)('the database refuses %s', async (_label, statement) => {
    const f = await LedgerFixture.create(database.db);
    const s = await scene(f);
    await expect(database.db.transaction().execute((trx) => statement(s, (local) => f.id(local)).execute(trx))).rejects.toThrow();
    expect((await checkLedger(database.db)).violations).toEqual([]);
  });
});

async function countTransfers(f: LedgerFixture): Promise<number> {
  const row = await f.db.selectFrom('ledger_transfers').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
