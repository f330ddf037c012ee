// The check must catch what the database constraints and createTransfers are there to prevent. Each
// case breaks the books inside a transaction (lifting a constraint where one stands in the way),
// runs the check in that transaction, and rolls everything back.

import { sql, type RawBuilder, type Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import { checkLedger, type LedgerCheck } from './check-ledger.ts';
import { ledgerCheckReport } from './check-report.ts';
import { LedgerFixture, ledgerTestDatabases, useLedgerDatabase } from './ledger-test-kit.ts';
import type { LedgerAccount } from './types.ts';

interface Scene {
  wallet: LedgerAccount;
  world: LedgerAccount;
  /** id of a plain deposit of 1000 into the wallet. */
  dep: string;
  /** id of a voided reservation of 100 from the wallet. */
  voided: string;
  /** id of a reservation of 200 from the wallet, still pending. */
  held: string;
}

class Rollback extends Error {}

describe.each(ledgerTestDatabases())('checkLedger on $name', ({ name }) => {
  const database = useLedgerDatabase(name);

  async function scene(): Promise<Scene> {
    const f = await LedgerFixture.create(database.db);
    const wallet = await f.wallet(1, 'EUR');
    const world = await f.house('EUR', 'world');
    await f.deposit('dep', wallet, 1000n);
    for (const [id, amount] of [['voided', 100n], ['held', 200n]] as const) {
      expect(await f.run([{ id, debitAccountId: wallet.id, creditAccountId: world.id, amount, code: 'withdrawal', pending: true }])).toMatchObject({ ok: true });
    }
    expect(await f.run([{ id: 'voided:void', pendingId: 'voided', action: 'void' }])).toMatchObject({ ok: true });
    return { wallet, world, dep: f.id('dep'), voided: f.id('voided'), held: f.id('held') };
  }

  /** Breaks the books with `statements`, checks, rolls back. */
  async function checkBroken(statements: RawBuilder<unknown>[]): Promise<LedgerCheck> {
    let check: LedgerCheck | undefined;
    await expect(
      database.db.transaction().execute(async (trx: Transaction<Database>) => {
        for (const statement of statements) await statement.execute(trx);
        check = await checkLedger(trx);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    if (!check) throw new Error('the check did not run');
    return check;
  }

  // Triggers (immutability, foreign keys) are off for a raw insert under this role; CHECKs stay on.
  const asReplica = sql`SET LOCAL session_replication_role = replica`;
  const rawTransfer = (id: string, s: Scene, extra: { amount?: bigint; post?: string; void?: string; debit?: bigint }) => sql`
    INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, asset, code, post_pending, void_pending, pending_id)
    VALUES (${id}, ${extra.debit ?? s.wallet.id}, ${s.world.id}, ${extra.amount ?? 1n}, 'EUR', 'withdrawal',
            ${extra.post !== undefined}, ${extra.void !== undefined}, ${extra.post ?? extra.void ?? null})`;

  // [what is broken, how, a violation that must be reported]
  const breakages: [string, (s: Scene) => RawBuilder<unknown>[], RegExp][] = [
    ['an account sum edited by hand', (s) => [sql`UPDATE ledger_accounts SET credits_posted = credits_posted + 5 WHERE id = ${s.wallet.id}`], /asset EUR does not balance: posted debits \d+ vs credits \d+/],
    ['an account sum edited by hand (per account)', (s) => [sql`UPDATE ledger_accounts SET credits_posted = credits_posted + 5 WHERE id = ${s.wallet.id}`], /account \d+ \(wallet EUR\) holds .* but its transfers add up to/],
    ['a transfer written without its account sums', (s) => [rawTransfer(`${s.dep}:raw`, s, { amount: 7n })], /account \d+ \(wallet EUR\) holds debits pending\/posted, credits pending\/posted 200 0 0 1000 but its transfers add up to 200 7 0 1000/],
    ['a pending sum that lost its reservation', (s) => [sql`UPDATE ledger_accounts SET debits_pending = 0 WHERE id = ${s.wallet.id}`], /asset EUR does not balance: .* pending debits \d+ vs credits \d+/],
    ['a reservation voided twice', (s) => [sql`DROP INDEX ledger_transfers_resolves_once`, rawTransfer(`${s.voided}:void2`, s, { amount: 100n, void: s.voided })], /pending transfer .*voided was resolved 2 times/],
    ['a post of more than was reserved', (s) => [asReplica, rawTransfer(`${s.held}:post`, s, { amount: 201n, post: s.held })], /transfer .*held:post posts more than was reserved/],
    ['a void of another amount', (s) => [asReplica, rawTransfer(`${s.held}:void`, s, { amount: 20n, void: s.held })], /transfer .*held:void voids another amount than was reserved/],
    ['a post between other accounts', (s) => [asReplica, rawTransfer(`${s.held}:post`, s, { amount: 200n, post: s.held, debit: s.world.id + 1000n })], /moves between other accounts than its pending transfer/],
    ['a post of a transfer that is not pending', (s) => [asReplica, rawTransfer(`${s.dep}:post`, s, { amount: 5n, post: s.dep })], /refers to a transfer that is not pending/],
    ['a post of a transfer that does not exist', (s) => [asReplica, rawTransfer(`${s.dep}:ghost`, s, { amount: 5n, post: `${s.dep}:nothing` })], /refers to no transfer/],
    ['a wallet below zero', (s) => [sql`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_debits_within_credits`, sql`UPDATE ledger_accounts SET debits_posted = 5000 WHERE id = ${s.wallet.id}`], /account \d+ \(wallet EUR\) is below zero or unguarded: debits 5200 > credits posted 1000/],
  ];

  it.each(breakages)('reports %s', async (_label, breakIt, violation) => {
    const s = await scene();
    expect(await checkLedger(database.db)).toMatchObject({ ok: true, violations: [] });
    const check = await checkBroken(breakIt(s));
    expect(check.ok).toBe(false);
    expect(check.violations).toContainEqual(expect.stringMatching(violation));
    // Rolled back: the books are whole again.
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it("the operator's report says ok with the counts, or lists every violation", async () => {
    const s = await scene();
    const whole = await ledgerCheckReport(database.db);
    expect(whole).toEqual({ ok: true, text: expect.stringMatching(/^ledger check: ok \(\d+ accounts, \d+ transfers\)$/) });
    let broken: { ok: boolean; text: string } | undefined;
    await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`UPDATE ledger_accounts SET credits_posted = credits_posted + 5 WHERE id = ${s.wallet.id}`.execute(trx);
        broken = await ledgerCheckReport(trx);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    expect(broken?.ok).toBe(false);
    expect(broken?.text.split('\n')).toEqual([expect.stringMatching(/^ledger check: 2 violation\(s\)/), expect.stringMatching(/^  - asset EUR/), expect.stringMatching(/^  - account \d+ \(wallet EUR\)/)]);
  });

  it('counts what it checked', async () => {
    await scene();
    const check = await checkLedger(database.db);
    const counted = await sql<{ a: bigint; t: bigint }>`SELECT (SELECT count(*) FROM ledger_accounts) AS a, (SELECT count(*) FROM ledger_transfers) AS t`.execute(database.db);
    expect(check).toMatchObject({ ok: true, violations: [], accounts: Number(counted.rows[0]?.a), transfers: Number(counted.rows[0]?.t) });
    expect(check.transfers).toBeGreaterThanOrEqual(4);
    // Per asset, what was debited was credited: posted and pending alike.
    const eur = check.assets.find((row) => row.asset === 'EUR');
    expect(eur?.debitsPosted).toBe(eur?.creditsPosted);
    expect(eur?.debitsPending).toBe(eur?.creditsPending);
    expect(eur?.debitsPending).toBeGreaterThanOrEqual(200n);
  });

  it("limited to one provider, checks only that provider's accounts and transfers, and finds its breakage", async () => {
    const s = await scene();
    const ids = await sql<{ provider_id: bigint }>`SELECT provider_id FROM ledger_accounts WHERE id = ${s.wallet.id}`.execute(database.db);
    const own = ids.rows[0]?.provider_id ?? -1n;
    const elsewhere = own + 1000n;
    const whole = await checkLedger(database.db);
    const scoped = await checkLedger(database.db, { providerId: own });
    expect(scoped.accounts).toBeGreaterThanOrEqual(2);
    expect(scoped.accounts).toBeLessThanOrEqual(whole.accounts);
    expect(await checkLedger(database.db, { providerId: elsewhere })).toMatchObject({ ok: true, accounts: 0, transfers: 0, assets: [] });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`UPDATE ledger_accounts SET credits_posted = credits_posted + 5 WHERE id = ${s.wallet.id}`.execute(trx);
        expect((await checkLedger(trx, { providerId: own })).violations).toContainEqual(expect.stringMatching(/asset EUR does not balance/));
        expect((await checkLedger(trx, { providerId: elsewhere })).ok).toBe(true);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
  });
});
