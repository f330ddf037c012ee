// Property tests: random deposits, conversions (linked legs through house liquidity, with a fee leg)
// and two-phase withdrawals (post, void or partial post). Run concurrently, whatever interleaving
// happens, the books must balance (checkLedger) and every account must equal a simple model that
// applies exactly the batches that reported ok: nothing of a refused batch may remain. Run in order,
// the model also predicts which batches are refused.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Asset } from '#core/assets.ts';
import { balanceOf } from './accounts.ts';
import { checkLedger } from './check-ledger.ts';
import { LedgerFixture, ledgerTestDatabases, useLedgerDatabase } from './ledger-test-kit.ts';
import type { LedgerAccount, LedgerItem, LedgerResult } from './types.ts';

const ASSETS = ['EUR', 'BTC'] as const satisfies readonly Asset[];
type TestAsset = (typeof ASSETS)[number];
const USERS = 3;
const CAPITAL = 10_000n;

type Op =
  | { kind: 'deposit'; user: number; asset: TestAsset; amount: bigint }
  | { kind: 'convert'; user: number; from: TestAsset; amount: bigint; received: bigint; fee: bigint }
  | { kind: 'withdraw'; user: number; asset: TestAsset; amount: bigint; fee: bigint; outcome: 'post' | 'void' | 'partial' };
type Step = Op & { retry: boolean };

const amount = (max: number) => fc.bigInt({ min: 1n, max: BigInt(max) });
const user = fc.integer({ min: 0, max: USERS - 1 });
const asset = fc.constantFrom(...ASSETS);
const step: fc.Arbitrary<Step> = fc.record({
  op: fc.oneof(
    fc.record({ kind: fc.constant('deposit' as const), user, asset, amount: amount(3000) }),
    fc.record({ kind: fc.constant('convert' as const), user, from: asset, amount: amount(2500), received: amount(2500), fee: fc.bigInt({ min: 0n, max: 40n }) }),
    fc.record({
      kind: fc.constant('withdraw' as const),
      user,
      asset,
      amount: amount(2500),
      fee: fc.bigInt({ min: 0n, max: 20n }),
      outcome: fc.constantFrom('post' as const, 'void' as const, 'partial' as const),
    }),
  ),
  retry: fc.boolean(),
}).map(({ op, retry }) => ({ ...op, retry }));

/** The accounts of one run and a model of their balances (credit-normal; the world debit-normal). */
class Books {
  readonly model = new Map<bigint, { balance: bigint; reserved: bigint }>();
  private constructor(
    readonly f: LedgerFixture,
    readonly wallets: Record<TestAsset, LedgerAccount>[],
    readonly house: Record<TestAsset, { liquidity: LedgerAccount; fees: LedgerAccount; world: LedgerAccount }>,
  ) {}

  static async open(f: LedgerFixture): Promise<Books> {
    const wallets = [];
    for (let u = 0; u < USERS; u++) wallets.push({ EUR: await f.wallet(u, 'EUR'), BTC: await f.wallet(u, 'BTC') });
    const house = {} as Books['house'];
    for (const a of ASSETS) house[a] = { liquidity: await f.house(a, 'liquidity'), fees: await f.house(a, 'fees'), world: await f.house(a, 'world') };
    const books = new Books(f, wallets, house);
    for (const a of ASSETS) {
      for (const account of [house[a].liquidity, house[a].fees, house[a].world, ...wallets.map((w) => w[a])]) books.model.set(account.id, { balance: 0n, reserved: 0n });
      const result = await f.run([{ id: `capital:${a}`, debitAccountId: house[a].world.id, creditAccountId: house[a].liquidity.id, amount: CAPITAL, code: 'capital' }]);
      expect(result.ok).toBe(true);
      books.move(house[a].world, house[a].liquidity, CAPITAL);
    }
    return books;
  }

  /** Posted movement: debit side loses, credit side gains (the world counts the other way round). */
  move(debit: LedgerAccount, credit: LedgerAccount, amount: bigint): void {
    this.entry(debit).balance += debit.kind === 'world' ? amount : -amount;
    this.entry(credit).balance += credit.kind === 'world' ? -amount : amount;
  }

  entry(account: LedgerAccount): { balance: bigint; reserved: bigint } {
    const found = this.model.get(account.id);
    if (!found) throw new Error(`no model for account ${account.id}`);
    return found;
  }

  available(account: LedgerAccount): bigint {
    const e = this.entry(account);
    return e.balance - e.reserved;
  }

  async expectMatches(): Promise<void> {
    for (const account of [...this.wallets.flatMap((w) => [w.EUR, w.BTC]), ...ASSETS.flatMap((a) => Object.values(this.house[a]))]) {
      const stored = balanceOf(await this.f.reload(account));
      const e = this.entry(account);
      expect({ id: account.id, kind: account.kind, balance: stored.balance, available: stored.available }).toEqual({
        id: account.id,
        kind: account.kind,
        balance: e.balance,
        available: e.balance - e.reserved,
      });
    }
  }
}

const other = (a: TestAsset): TestAsset => (a === 'EUR' ? 'BTC' : 'EUR');

/** The batches of one step: the first moves or reserves; a withdrawal's second resolves its reservation. */
function batches(books: Books, s: Step, i: number): { first: LedgerItem[]; second: LedgerItem[] } {
  const id = `op${i}`;
  if (s.kind === 'deposit') {
    const to = books.wallets[s.user]?.[s.asset] as LedgerAccount;
    return { first: [{ id, debitAccountId: books.house[s.asset].world.id, creditAccountId: to.id, amount: s.amount, code: 'deposit', ref: id }], second: [] };
  }
  if (s.kind === 'convert') {
    const w = books.wallets[s.user] as Record<TestAsset, LedgerAccount>;
    const to = other(s.from);
    const legs: LedgerItem[] = [
      { id: `${id}:in`, debitAccountId: w[s.from].id, creditAccountId: books.house[s.from].liquidity.id, amount: s.amount, code: 'conversion', ref: id },
      { id: `${id}:out`, debitAccountId: books.house[to].liquidity.id, creditAccountId: w[to].id, amount: s.received, code: 'conversion', ref: id },
    ];
    if (s.fee > 0n) legs.push({ id: `${id}:fee`, debitAccountId: w[s.from].id, creditAccountId: books.house[s.from].fees.id, amount: s.fee, code: 'fee', ref: id });
    return { first: legs, second: [] };
  }
  const wallet = books.wallets[s.user]?.[s.asset] as LedgerAccount;
  const first: LedgerItem[] = [{ id: `${id}:principal`, debitAccountId: wallet.id, creditAccountId: books.house[s.asset].world.id, amount: s.amount, code: 'withdrawal', ref: id, pending: true }];
  if (s.fee > 0n) first.push({ id: `${id}:fee`, debitAccountId: wallet.id, creditAccountId: books.house[s.asset].fees.id, amount: s.fee, code: 'fee', ref: id, pending: true });
  const second: LedgerItem[] = first.map((leg) => ({
    id: `${leg.id}:${s.outcome}`,
    pendingId: leg.id,
    action: s.outcome === 'void' || (s.outcome === 'partial' && leg.id.endsWith(':fee')) ? 'void' : 'post',
    ...(s.outcome === 'partial' && leg.id.endsWith(':principal') ? { amount: (s.amount + 1n) / 2n } : {}),
  }));
  return { first, second };
}

/** Applies a step's batch that succeeded to the model. */
function applyFirst(books: Books, s: Step): void {
  if (s.kind === 'deposit') books.move(books.house[s.asset].world, books.wallets[s.user]?.[s.asset] as LedgerAccount, s.amount);
  else if (s.kind === 'convert') {
    const w = books.wallets[s.user] as Record<TestAsset, LedgerAccount>;
    books.move(w[s.from], books.house[s.from].liquidity, s.amount);
    books.move(w[s.from], books.house[s.from].fees, s.fee);
    books.move(books.house[other(s.from)].liquidity, w[other(s.from)], s.received);
  } else {
    books.entry(books.wallets[s.user]?.[s.asset] as LedgerAccount).reserved += s.amount + s.fee;
    // The world is debit-normal: money on its way out to it is reserved from its side too.
    books.entry(books.house[s.asset].world).reserved += s.amount;
  }
}

function applySecond(books: Books, s: Step & { kind: 'withdraw' }): void {
  const wallet = books.wallets[s.user]?.[s.asset] as LedgerAccount;
  books.entry(wallet).reserved -= s.amount + s.fee;
  books.entry(books.house[s.asset].world).reserved -= s.amount;
  if (s.outcome === 'void') return;
  books.move(wallet, books.house[s.asset].world, s.outcome === 'partial' ? (s.amount + 1n) / 2n : s.amount);
  if (s.outcome === 'post') books.move(wallet, books.house[s.asset].fees, s.fee);
}

/** Whether the model expects the step's first batch to be accepted, given what it holds now. */
function modelAccepts(books: Books, s: Step): boolean {
  if (s.kind === 'deposit') return true;
  if (s.kind === 'convert') {
    const w = books.wallets[s.user] as Record<TestAsset, LedgerAccount>;
    return books.available(w[s.from]) >= s.amount + s.fee && books.available(books.house[other(s.from)].liquidity) >= s.received;
  }
  return books.available(books.wallets[s.user]?.[s.asset] as LedgerAccount) >= s.amount + s.fee;
}

describe.each(ledgerTestDatabases())('ledger properties on $name', ({ name }) => {
  const database = useLedgerDatabase(name);
  const expectRefusal = (result: LedgerResult) => expect(result).toMatchObject({ ok: false, code: 'exceeds_credits' });

  it('random deposits, conversions and withdrawals run concurrently leave balanced books that match the model', async () => {
    const seen = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const books = await Books.open(await LedgerFixture.create(database.db));
        await Promise.all(
          steps.map(async (s, i) => {
            const { first, second } = batches(books, s, i);
            const result = await books.f.run(first);
            seen[result.ok ? 'accepted' : 'refused'] += 1;
            if (!result.ok) return expectRefusal(result);
            applyFirst(books, s);
            if (s.retry) expect(await books.f.run(first)).toEqual({ ok: true, replayed: true });
            if (s.kind !== 'withdraw') return;
            expect(await books.f.run(second)).toEqual({ ok: true, replayed: false });
            applySecond(books, s);
            if (s.retry) expect(await books.f.run(second)).toEqual({ ok: true, replayed: true });
          }),
        );
        await books.expectMatches();
        expect((await checkLedger(database.db)).violations).toEqual([]);
      }),
      { numRuns: 40 },
    );
    // The workload must exercise both sides of the overdraft rule, or the property proves little.
    expect(seen.accepted).toBeGreaterThan(40);
    expect(seen.refused).toBeGreaterThan(10);
  }, 60_000);

  it('run in order, the model predicts exactly which batches are refused (reservations held to the end)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const books = await Books.open(await LedgerFixture.create(database.db));
        const held: [Step & { kind: 'withdraw' }, LedgerItem[]][] = [];
        for (const [i, s] of steps.entries()) {
          const { first, second } = batches(books, s, i);
          const accepts = modelAccepts(books, s);
          const result = await books.f.run(first);
          if (!accepts) {
            expectRefusal(result);
            continue;
          }
          expect(result).toEqual({ ok: true, replayed: false });
          applyFirst(books, s);
          if (s.kind === 'withdraw') held.push([s, second]);
        }
        await books.expectMatches();
        for (const [s, second] of held) {
          expect(await books.f.run(second)).toEqual({ ok: true, replayed: false });
          applySecond(books, s);
        }
        await books.expectMatches();
        expect((await checkLedger(database.db)).violations).toEqual([]);
      }),
      { numRuns: 30 },
    );
  }, 60_000);
});
