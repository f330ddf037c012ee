import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import { toJsonb } from '../db/jsonb.ts';
import { balanceOf, checkLedger, findAccount } from '../ledger/index.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { walletAddressRecord } from './addresses.ts';
import { PaymentPipeline, type ChainObservation, type ObserveOutcome, type PurposeHandlers } from './payment-pipeline.ts';
import { walletDepositHandlers } from './wallet-deposits.ts';

// The set-based path of observeAll must be invisible: the same batches through the single path (the
// deposit handlers without `many`) leave the same rows, the same ledger and the same counts. Each step is
// a batch; each entry names one of five members' deposit addresses (a..e), a transaction, its
// confirmations (BTC needs 2) and the outcome both paths must answer.
type Slot = 'a' | 'b' | 'c' | 'd' | 'e' | 'stranger';
interface Seen {
  to: Slot;
  tx: string;
  confirmations: number;
  sats: bigint;
  outcome: ObserveOutcome;
}

const STEPS: { name: string; batch: Seen[] }[] = [
  {
    name: 'new payments: in the mempool, one block deep, already final; a stranger; the same payment twice in one batch',
    batch: [
      { to: 'a', tx: 't1', confirmations: 0, sats: 10_000n, outcome: 'detected' },
      { to: 'b', tx: 't2', confirmations: 3, sats: 20_000n, outcome: 'confirmed' },
      { to: 'c', tx: 't3', confirmations: 1, sats: 30_000n, outcome: 'detected' },
      { to: 'stranger', tx: 't4', confirmations: 1, sats: 40_000n, outcome: 'ignored' },
      { to: 'a', tx: 't1', confirmations: 1, sats: 10_000n, outcome: 'updated' },
      // One transaction paying two of our addresses (a sendmany): two payments.
      { to: 'd', tx: 't5', confirmations: 1, sats: 50_000n, outcome: 'detected' },
      { to: 'e', tx: 't5', confirmations: 1, sats: 60_000n, outcome: 'detected' },
    ],
  },
  {
    name: 'deeper to final, back to the mempool (a reorganisation), a final one seen again, a new one',
    batch: [
      { to: 'a', tx: 't1', confirmations: 2, sats: 10_000n, outcome: 'confirmed' },
      { to: 'c', tx: 't3', confirmations: 0, sats: 30_000n, outcome: 'unconfirmed' },
      { to: 'b', tx: 't2', confirmations: 5, sats: 20_000n, outcome: 'unchanged' },
      { to: 'e', tx: 't6', confirmations: 1, sats: 70_000n, outcome: 'detected' },
      { to: 'd', tx: 't5', confirmations: 2, sats: 50_000n, outcome: 'confirmed' },
    ],
  },
  {
    name: 'from the mempool straight to final, the same depth again, deeper but not final',
    batch: [
      { to: 'c', tx: 't3', confirmations: 2, sats: 30_000n, outcome: 'confirmed' },
      { to: 'e', tx: 't6', confirmations: 1, sats: 70_000n, outcome: 'unchanged' },
      { to: 'e', tx: 't5', confirmations: 1, sats: 60_000n, outcome: 'unchanged' },
    ],
  },
];

async function newMembers(db: Db, count: number): Promise<{ providerId: bigint; userId: bigint; address: string }[]> {
  const provider = await db.selectFrom('providers').select('id').where('wl_id', '=', '1').executeTakeFirstOrThrow();
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, i) => ({
        provider_id: provider.id,
        email: `many-${i}-${randomBytes(4).toString('hex')}@example.test`,
        password_hash: 'not-a-login',
        role: 'member' as const,
        first_name: 'Many',
        last_name: 'Member',
        permissions: toJsonb({ send: 1, withdrawal: 0, widget: 0, fiat_withdrawals: 0 }),
      })),
    )
    .returning('id')
    .execute();
  const out = [];
  for (const user of users) {
    const { address } = await walletAddressRecord(db, { providerId: provider.id, userId: user.id, asset: 'BTC' });
    out.push({ providerId: provider.id, userId: user.id, address });
  }
  return out;
}

/** A pipeline with the deposit handlers, with or without their set-based form; records the size of each set-based call (negative: detectedFinal). */
function pipelineOf(db: Db, log: ConstructorParameters<typeof PaymentPipeline>[1], setBased: boolean): { pipeline: PaymentPipeline; manyCalls: number[] } {
  const pipeline = new PaymentPipeline(db, log);
  const manyCalls: number[] = [];
  const many = walletDepositHandlers.many!;
  const handlers: PurposeHandlers = setBased
    ? {
        ...walletDepositHandlers,
        many: {
          detected: (trx, events) => (manyCalls.push(events.length), many.detected(trx, events)),
          confirmations: (trx, events) => (manyCalls.push(events.length), many.confirmations(trx, events)),
          confirmed: (trx, events) => (manyCalls.push(events.length), many.confirmed(trx, events)),
          detectedFinal: (trx, events) => (manyCalls.push(-events.length), many.detectedFinal!(trx, events)),
        },
      }
    : { ...walletDepositHandlers, many: undefined };
  pipeline.onPurpose('wallet', handlers);
  return { pipeline, manyCalls };
}

describe.each(testDatabases())('the set-based pipeline on $name', ({ name }) => {
  const t = useTestApp(name);

  it('leaves the same rows, ledger and outcomes as the single path, step by step', async () => {
    const runs = [];
    for (const setBased of [true, false]) {
      const members = await newMembers(t.app.db, 5);
      const slots: Record<Slot, string> = { a: members[0]!.address, b: members[1]!.address, c: members[2]!.address, d: members[3]!.address, e: members[4]!.address, stranger: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' };
      const salt = randomBytes(4).toString('hex');
      const txid = (label: string) => `${salt}${label}`.padEnd(64, '0');
      const { pipeline, manyCalls } = pipelineOf(t.app.db, t.app.log, setBased);
      const outcomes: ObserveOutcome[][] = [];
      for (const [height, step] of STEPS.entries()) {
        const observations = step.batch.map(
          (seen): ChainObservation => ({
            asset: 'BTC',
            address: slots[seen.to],
            txid: txid(seen.tx),
            amountMinor: seen.sats,
            confirmations: seen.confirmations,
            block: seen.confirmations === 0 ? null : { height: 100 + height - seen.confirmations + 1, hash: `${seen.tx}`.padEnd(64, 'b') },
          }),
        );
        // observeAll answers counts; the single observe of each, in a transaction each, is the reference below.
        const counts = await pipeline.observeAll(observations);
        const expected: Partial<Record<ObserveOutcome, number>> = {};
        for (const seen of step.batch) expected[seen.outcome] = (expected[seen.outcome] ?? 0) + 1;
        expect({ step: step.name, counts: Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)) }).toEqual({ step: step.name, counts: expected });
        outcomes.push(step.batch.map((seen) => seen.outcome));
      }
      runs.push({ setBased, manyCalls, state: await stateOf(t.app.db, members, Object.values(slots)) });
    }
    const [batched, single] = runs;
    expect(batched!.manyCalls.length).toBeGreaterThan(0);
    expect(batched!.state).toEqual(single!.state);
    expect(await checkLedger(t.app.db)).toMatchObject({ ok: true, violations: [] });
  });

  it('credits a block of a hundred final deposits once, with one money transaction and one posted transfer each', async () => {
    const members = await newMembers(t.app.db, 100);
    const { pipeline, manyCalls } = pipelineOf(t.app.db, t.app.log, true);
    const txid = randomBytes(32).toString('hex');
    const block = { height: 7, hash: randomBytes(32).toString('hex') };
    const observations = members.map((m, i): ChainObservation => ({ asset: 'BTC', address: m.address, txid, amountMinor: 1_000n + BigInt(i), confirmations: 3, block }));
    expect(await pipeline.observeAll(observations)).toMatchObject({ confirmed: 100, failed: 0 });
    // Final when first seen: credited outright in one set-based call, nothing reserved first.
    expect(manyCalls).toEqual([-100]);
    // Reported again (the next round's re-check): nothing moves.
    expect(await pipeline.observeAll(observations)).toMatchObject({ unchanged: 100 });
    const deposits = await t.app.db.selectFrom('money_transactions').select(['public_id', 'status', 'amount_minor', 'user_id']).where('reference', '=', txid).execute();
    expect(deposits).toHaveLength(100);
    expect(deposits.every((d) => d.status === 'completed')).toBe(true);
    // Each payment names its deposit: the ref made before the insert is the deposit's public id, of the database default's shape.
    const refs = await t.app.db.selectFrom('chain_payments').select('handler_ref').where('txid', '=', txid).execute();
    expect(new Set(refs.map((r) => r.handler_ref))).toEqual(new Set(deposits.map((d) => d.public_id)));
    expect(deposits.every((d) => /^txn_[A-Za-z0-9_-]{22}$/.test(d.public_id))).toBe(true);
    const transfers = await t.app.db.selectFrom('ledger_transfers').select(['ref', 'pending', 'amount']).where('ref', 'in', deposits.map((d) => d.public_id)).execute();
    expect(transfers).toHaveLength(100);
    expect(transfers.every((transfer) => !transfer.pending)).toBe(true);
    for (const [i, m] of members.entries()) {
      const account = await findAccount(t.app.db, { providerId: m.providerId, owner: { type: 'user', userId: m.userId }, asset: 'BTC', kind: 'wallet' });
      expect(balanceOf(account!).balance).toBe(1_000n + BigInt(i));
    }
    expect(await checkLedger(t.app.db)).toMatchObject({ ok: true, violations: [] });
  });

  it('two workers catching up the same block at once, in opposite orders, credit each deposit once', async () => {
    const members = await newMembers(t.app.db, 20);
    const txid = randomBytes(32).toString('hex');
    const block = { height: 9, hash: randomBytes(32).toString('hex') };
    const observations = members.map((m): ChainObservation => ({ asset: 'BTC', address: m.address, txid, amountMinor: 5_000n, confirmations: 1, block }));
    const [one, two] = [pipelineOf(t.app.db, t.app.log, true).pipeline, pipelineOf(t.app.db, t.app.log, true).pipeline];
    const counts = await Promise.all([one.observeAll(observations), two.observeAll([...observations].reverse())]);
    // Each payment is detected by one worker; the other finds it held (busy) or already there (unchanged).
    expect(counts[0]!.detected + counts[1]!.detected).toBe(20);
    expect(counts[0]!.failed + counts[1]!.failed).toBe(0);
    const deposits = await t.app.db.selectFrom('money_transactions').select(['user_id', 'status']).where('reference', '=', txid).execute();
    expect(deposits).toHaveLength(20);
    expect(new Set(deposits.map((d) => d.user_id)).size).toBe(20);
    expect(await checkLedger(t.app.db)).toMatchObject({ ok: true, violations: [] });
  });
});

/** What a member and an operator would see, without ids, txids or times (which differ between the two runs). */
async function stateOf(db: Db, members: readonly { providerId: bigint; userId: bigint }[], addresses: readonly string[]) {
  const payments = await db
    .selectFrom('chain_payments')
    .select(['address', 'amount_minor', 'status', 'confirmations', 'block_height', 'handler_ref'])
    .where('address', 'in', [...addresses])
    .orderBy('amount_minor')
    .execute();
  const deposits = await db
    .selectFrom('money_transactions')
    .select(['user_id', 'amount_minor', 'status', 'confirmations', 'required_confirmations'])
    .where('user_id', 'in', members.map((m) => m.userId))
    .orderBy('amount_minor')
    .execute();
  const balances = [];
  for (const m of members) {
    const account = await findAccount(db, { providerId: m.providerId, owner: { type: 'user', userId: m.userId }, asset: 'BTC', kind: 'wallet' });
    balances.push(account ? balanceOf(account) : null);
  }
  const index = new Map(members.map((m, i) => [m.userId, i]));
  const where = new Map(addresses.map((a, i) => [a, i]));
  return {
    payments: payments.map((p) => ({ to: where.get(p.address), amount: p.amount_minor, status: p.status, confirmations: p.confirmations, block: p.block_height, hasRef: p.handler_ref !== null })),
    deposits: deposits.map((d) => ({ member: index.get(d.user_id!), amount: d.amount_minor, status: d.status, confirmations: d.confirmations, required: d.required_confirmations })),
    balances,
  };
}
