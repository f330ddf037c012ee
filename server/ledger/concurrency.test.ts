// Concurrent writers. On PostgreSQL every transaction has its own pooled connection, so these race
// for real; on PGlite (one connection) they interleave transaction by transaction.

import { describe, expect, it } from 'vitest';
import { balanceOf } from './accounts.ts';
import { checkLedger } from './check-ledger.ts';
import { LedgerFixture, ledgerTestDatabases, useLedgerDatabase } from './ledger-test-kit.ts';
import type { LedgerItem, LedgerResult } from './types.ts';

describe.each(ledgerTestDatabases())('the ledger under concurrency on $name', ({ name }) => {
  const database = useLedgerDatabase(name);

  // [label, balance, the two withdrawals, two-phase?]
  const races: [string, bigint, [bigint, bigint], boolean][] = [
    ['two reservations of 600 from 1000', 1000n, [600n, 600n], true],
    ['two immediate withdrawals of 600 from 1000', 1000n, [600n, 600n], false],
    ['1000 and 1 from 1000', 1000n, [1000n, 1n], true],
    ['two withdrawals of the whole balance', 250n, [250n, 250n], false],
  ];

  it.each(races)('two concurrent withdrawals that exceed the balance (%s): exactly one succeeds', async (_label, balance, amounts, pending) => {
    for (let round = 0; round < 5; round++) {
      const f = await LedgerFixture.create(database.db);
      const wallet = await f.wallet(1, 'EUR');
      const world = await f.house('EUR', 'world');
      await f.deposit('dep', wallet, balance);
      const results = await Promise.all(
        amounts.map((amount, i) => f.run([{ id: `w${i}`, debitAccountId: wallet.id, creditAccountId: world.id, amount, code: 'withdrawal', pending }])),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, code: 'exceeds_credits' });
      const won = amounts[results.findIndex((r) => r.ok)] as bigint;
      expect(balanceOf(await f.reload(wallet)).available).toBe(balance - won);
    }
    expect((await checkLedger(database.db)).violations).toEqual([]);
  });

  it('a retried batch with the same ids posts once, even when the retries race', async () => {
    const f = await LedgerFixture.create(database.db);
    const wallet = await f.wallet(1, 'EUR');
    const other = await f.wallet(2, 'EUR');
    const fees = await f.house('EUR', 'fees');
    await f.deposit('dep', wallet, 1000n);
    const batch: LedgerItem[] = [
      { id: 'pay', debitAccountId: wallet.id, creditAccountId: other.id, amount: 400n, code: 'payment', ref: 'txn_1' },
      { id: 'pay:fee', debitAccountId: wallet.id, creditAccountId: fees.id, amount: 4n, code: 'fee', ref: 'txn_1' },
    ];
    const results = await Promise.all(Array.from({ length: 6 }, () => f.run(batch)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(balanceOf(await f.reload(wallet)).balance).toBe(596n);
    expect(balanceOf(await f.reload(other)).balance).toBe(400n);
    expect(balanceOf(await f.reload(fees)).balance).toBe(4n);
    expect((await checkLedger(database.db)).violations).toEqual([]);
  });

  it('a post and a void of one reservation racing: exactly one resolves it', async () => {
    for (let round = 0; round < 5; round++) {
      const f = await LedgerFixture.create(database.db);
      const wallet = await f.wallet(1, 'EUR');
      const world = await f.house('EUR', 'world');
      await f.deposit('dep', wallet, 1000n);
      await f.run([{ id: 'hold', debitAccountId: wallet.id, creditAccountId: world.id, amount: 700n, code: 'withdrawal', pending: true }]);
      const results: LedgerResult[] = await Promise.all([
        f.run([{ id: 'hold:post', pendingId: 'hold', action: 'post' }]),
        f.run([{ id: 'hold:void', pendingId: 'hold', action: 'void' }]),
        f.run([{ id: 'hold:post2', pendingId: 'hold', action: 'post', amount: 10n }]),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(['pending_already_resolved', 'pending_already_resolved']);
      const after = balanceOf(await f.reload(wallet));
      expect(after.available).toBe(after.balance);
      expect([300n, 1000n, 990n]).toContain(after.balance);
    }
    expect((await checkLedger(database.db)).violations).toEqual([]);
  });

  it('batches touching the same accounts in opposite orders do not deadlock', async () => {
    const f = await LedgerFixture.create(database.db);
    const a = await f.wallet(1, 'EUR');
    const b = await f.wallet(2, 'EUR');
    await f.deposit('da', a, 10_000n);
    await f.deposit('db', b, 10_000n);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        f.run(
          i % 2 === 0
            ? [{ id: `ab${i}`, debitAccountId: a.id, creditAccountId: b.id, amount: 7n, code: 'payment' }]
            : [{ id: `ba${i}`, debitAccountId: b.id, creditAccountId: a.id, amount: 5n, code: 'payment' }],
        ),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(balanceOf(await f.reload(a)).balance).toBe(10_000n - 10n * 7n + 10n * 5n);
    expect((await checkLedger(database.db)).violations).toEqual([]);
  });
});
