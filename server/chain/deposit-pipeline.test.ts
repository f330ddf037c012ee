import { describe, expect, it } from 'vitest';
import { formatMinor } from '#core/money.ts';
import { buildApp } from '../app.ts';
import { balanceOf, checkLedger, findAccount } from '../ledger/index.ts';
import { buildTestApp, testDatabases, testEnv, useTestApp } from '../test-helper.ts';
import type { Db } from '../db/db.ts';
import { allocateAddress, walletAddressFor, walletAddressRecord } from './addresses.ts';
import { PaymentPipeline, type ChainPaymentEvent, type PurposeHandlers } from './payment-pipeline.ts';
import { REJECTED_PAYOUT_ADDRESSES, sendPayout } from './test-network-payout.ts';

async function member(db: Db, email: string): Promise<{ userId: bigint; providerId: bigint }> {
  const row = await db.selectFrom('users').select(['id', 'provider_id']).where('email', '=', email).orderBy('id').executeTakeFirstOrThrow();
  return { userId: row.id, providerId: row.provider_id };
}

async function walletBalance(db: Db, who: { userId: bigint; providerId: bigint }, asset: 'BTC' | 'ETH' | 'LTC') {
  const account = await findAccount(db, { providerId: who.providerId, owner: { type: 'user', userId: who.userId }, asset, kind: 'wallet' });
  return account ? balanceOf(account) : { balance: 0n, available: 0n, pendingIn: 0n };
}

describe.each(testDatabases())('the deposit pipeline on $name', ({ name }) => {
  const t = useTestApp(name);

  it("a member's wallet has one deposit address per asset, and payment addresses are fresh every time", async () => {
    const who = await member(t.app.db, t.seed!.member.email);
    const first = await walletAddressFor(t.app.db, { ...who, asset: 'LTC' });
    expect(first).toMatch(/^tltc1q/);
    expect(await walletAddressFor(t.app.db, { ...who, asset: 'LTC' })).toBe(first);
    expect(await walletAddressFor(t.app.db, { ...who, asset: 'EUR' })).toBeNull();
    const concurrent = await Promise.all([1, 2, 3].map(() => walletAddressFor(t.app.db, { ...who, asset: 'BCH' })));
    expect(new Set(concurrent).size).toBe(1);
    const payments = await Promise.all([1, 2, 3].map((n) => allocateAddress(t.app.db, { providerId: who.providerId, asset: 'USDT', purpose: 'payment', ownerRef: `pay_${n}` })));
    expect(new Set(payments.map((p) => p.address)).size).toBe(3);
    expect(payments.every((p) => p.tag === null && /^0x[0-9a-fA-F]{40}$/.test(p.address))).toBe(true);
  });

  it('pay -> detected (incoming) -> mined -> confirmed: the wallet is credited exactly once', async () => {
    const network = t.app.chain.testNetwork!;
    const who = await member(t.app.db, t.seed!.member.email);
    const { address } = await walletAddressRecord(t.app.db, { ...who, asset: 'BTC' });
    const before = await walletBalance(t.app.db, who, 'BTC');

    const { txid, outcome } = await network.pay({ asset: 'BTC', address, amountMinor: 150_000n });
    expect(outcome).toBe('detected');
    const deposit = () => t.app.db.selectFrom('money_transactions').selectAll().where('reference', '=', txid).executeTakeFirstOrThrow();
    expect(await deposit()).toMatchObject({ type: 'deposit', method: 'crypto', status: 'pending', currency_iso: 'BTC', amount_minor: 150_000n, fee_currency: 'BTC', counterparty: address, confirmations: 0, required_confirmations: 2, user_id: who.userId });
    expect(await walletBalance(t.app.db, who, 'BTC')).toEqual({ balance: before.balance, available: before.available, pendingIn: before.pendingIn + 150_000n });

    await network.mine(1);
    expect(await deposit()).toMatchObject({ status: 'pending', confirmations: 1 });
    // The same block reported again changes nothing.
    expect((await network.report()).updated).toBe(0);
    expect(await deposit()).toMatchObject({ status: 'pending', confirmations: 1 });

    await network.mine(1);
    const done = await deposit();
    expect(done).toMatchObject({ status: 'completed', confirmations: 2 });
    const after = await walletBalance(t.app.db, who, 'BTC');
    expect(after.balance - before.balance).toBe(150_000n);
    expect(after.pendingIn).toBe(before.pendingIn);

    // The same txid reported again, even with more confirmations, and more blocks: nothing moves twice.
    expect(await t.app.chain.pipeline.observe({ asset: 'BTC', address, txid, amountMinor: 150_000n, confirmations: 2 })).toBe('unchanged');
    expect(await t.app.chain.pipeline.observe({ asset: 'BTC', address, txid, amountMinor: 150_000n, confirmations: 9 })).toBe('unchanged');
    await network.mine(3);
    expect((await walletBalance(t.app.db, who, 'BTC')).balance - before.balance).toBe(150_000n);
    const transfers = await t.app.db.selectFrom('ledger_transfers').select('id').where('ref', '=', done.public_id).execute();
    expect(transfers).toHaveLength(2);
    expect(await checkLedger(t.app.db)).toMatchObject({ ok: true, violations: [] });
  });

  it('a payment to a valid address we never allocated is accepted by the chain but ignored', async () => {
    const { outcome } = await t.app.chain.testNetwork!.pay({ asset: 'BTC', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amountMinor: 1_000n });
    expect(outcome).toBe('ignored');
    await t.app.chain.testNetwork!.mine(2);
    const rows = await t.app.db.selectFrom('chain_payments').select('id').where('address', '=', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx').execute();
    expect(rows).toHaveLength(0);
  });

  it('paying the same observation from several workers at once detects it once', async () => {
    const who = await member(t.app.db, t.seed!.member.email);
    const { address } = await walletAddressRecord(t.app.db, { ...who, asset: 'ETH' });
    const observation = { asset: 'ETH' as const, address, txid: `0x${'ab'.repeat(32)}`, amountMinor: 5_000_000n, confirmations: 0 };
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => t.app.chain.pipeline.observe(observation)));
    expect(outcomes.filter((o) => o === 'detected')).toHaveLength(1);
    expect(outcomes.every((o) => o === 'detected' || o === 'busy' || o === 'unchanged')).toBe(true);
    const deposits = await t.app.db.selectFrom('money_transactions').select('id').where('reference', '=', observation.txid).execute();
    expect(deposits).toHaveLength(1);
  });

  it('a handler that fails rolls its transition back, is logged, and is retried on the next report exactly once', async () => {
    const pipeline = new PaymentPipeline(t.app.db, t.app.log);
    const calls: string[] = [];
    let failuresLeft = 1;
    const record = (kind: string) => async (_trx: unknown, event: ChainPaymentEvent) => {
      if (kind === 'confirmed' && failuresLeft-- > 0) throw new Error('handler bug');
      calls.push(`${kind}:${event.confirmations}`);
    };
    const handlers: PurposeHandlers = {
      detected: async (_trx, e) => void calls.push(`detected:${e.confirmations}`),
      confirmations: record('confirmations'),
      confirmed: record('confirmed'),
      unconfirmed: record('unconfirmed'),
      dropped: record('dropped'),
    };
    pipeline.onPurpose('payment', handlers);
    expect(() => pipeline.onPurpose('payment', handlers)).toThrow(/already registered/);
    const who = await member(t.app.db, t.seed!.member.email);
    const { address } = await allocateAddress(t.app.db, { providerId: who.providerId, asset: 'LTC', purpose: 'payment', ownerRef: 'pay_test_flaky' });
    const seen = { asset: 'LTC' as const, address, txid: 'cd'.repeat(32), amountMinor: 42n };
    expect(await pipeline.observe({ ...seen, confirmations: 0 })).toBe('detected');
    expect(await pipeline.observe({ ...seen, confirmations: 2 })).toBe('updated');
    expect(await pipeline.observe({ ...seen, confirmations: 4 })).toBe('failed');
    const row = () => t.app.db.selectFrom('chain_payments').select(['status', 'confirmations']).where('txid', '=', seen.txid).executeTakeFirstOrThrow();
    expect(await row()).toEqual({ status: 'detected', confirmations: 2 });
    expect(t.logs.text()).toContain('handler bug');
    expect(await pipeline.observe({ ...seen, confirmations: 5 })).toBe('confirmed');
    expect(await pipeline.observe({ ...seen, confirmations: 6 })).toBe('unchanged');
    expect(calls).toEqual(['detected:0', 'confirmations:2', 'confirmed:5']);
    expect(await row()).toEqual({ status: 'confirmed', confirmations: 5 });
  });

  it('a block of observations is applied in one transaction, and one failing handler costs only its own transition', async () => {
    const pipeline = new PaymentPipeline(t.app.db, t.app.log);
    const calls: string[] = [];
    pipeline.onPurpose('payment', {
      detected: async (_trx, e) => {
        if (e.ownerRef === 'pay_test_bad') throw new Error('bad handler');
        calls.push(e.ownerRef);
      },
      confirmations: async () => {},
      confirmed: async () => {},
      unconfirmed: async () => {},
      dropped: async () => {},
    });
    const who = await member(t.app.db, t.seed!.member.email);
    const refs = ['pay_test_a', 'pay_test_bad', 'pay_test_b'];
    const addresses = await Promise.all(refs.map((ownerRef) => allocateAddress(t.app.db, { providerId: who.providerId, asset: 'BTC', purpose: 'payment', ownerRef })));
    const block = { height: 5, hash: 'ff' };
    const counts = await pipeline.observeAll(addresses.map(({ address }, i) => ({ asset: 'BTC' as const, address, txid: `${i}e`.repeat(32), amountMinor: 1_000n, confirmations: 1, block })));
    expect(counts).toMatchObject({ detected: 2, failed: 1 });
    // The batch's handlers ran once before it rolled back; what counts is what was committed.
    expect(new Set(calls)).toEqual(new Set(['pay_test_a', 'pay_test_b']));
    const rows = await t.app.db.selectFrom('chain_payments').select(['address', 'block_height']).where('address', 'in', addresses.map((a) => a.address)).execute();
    expect(rows.map((r) => r.address).sort()).toEqual([addresses[0]!.address, addresses[2]!.address].sort());
    expect(rows.every((r) => r.block_height === 5n)).toBe(true);
    expect(t.logs.text()).toContain('bad handler');
  });

  it('a reorganisation lowers a deposit back to the mempool, a dropped one is voided, and a final one is flagged, never credited twice', async () => {
    const pipeline = t.app.chain.pipeline;
    const who = await member(t.app.db, t.seed!.member.email);
    const { address } = await walletAddressRecord(t.app.db, { ...who, asset: 'LTC' });
    const before = await walletBalance(t.app.db, who, 'LTC');
    const reorged = { asset: 'LTC' as const, address, txid: '1a'.repeat(32), amountMinor: 20_000n };
    const replaced = { asset: 'LTC' as const, address, txid: '2b'.repeat(32), amountMinor: 30_000n };
    const deposit = (txid: string) => t.app.db.selectFrom('money_transactions').selectAll().where('reference', '=', txid).executeTakeFirstOrThrow();
    const chainRow = (txid: string) => t.app.db.selectFrom('chain_payments').select(['status', 'confirmations', 'block_height', 'block_hash', 'dropped_reason', 'reorged_at']).where('txid', '=', txid).executeTakeFirstOrThrow();

    expect(await pipeline.observe({ ...reorged, confirmations: 2, block: { height: 10, hash: 'aa' } })).toBe('detected');
    expect(await pipeline.observe({ ...replaced, confirmations: 0 })).toBe('detected');
    expect((await walletBalance(t.app.db, who, 'LTC')).pendingIn - before.pendingIn).toBe(50_000n);
    expect((await pipeline.openPayments('litecoin')).map((p) => p.txid).sort()).toEqual([reorged.txid, replaced.txid].sort());

    // Block 10 is gone and the transaction is back in the mempool: 0 confirmations, still incoming.
    expect(await pipeline.observe({ ...reorged, confirmations: 0, block: null })).toBe('unconfirmed');
    expect(await chainRow(reorged.txid)).toMatchObject({ status: 'detected', confirmations: 0, block_height: null, block_hash: null });
    expect(await deposit(reorged.txid)).toMatchObject({ status: 'pending', confirmations: 0 });

    // The other one was replaced by a transaction paying someone else: its detection is withdrawn.
    expect(await pipeline.withdraw({ asset: 'LTC', txid: replaced.txid, reason: 'replaced' })).toBe(1);
    expect(await pipeline.withdraw({ asset: 'LTC', txid: replaced.txid, reason: 'replaced' })).toBe(0);
    expect(await chainRow(replaced.txid)).toMatchObject({ status: 'dropped', dropped_reason: 'replaced' });
    expect(await deposit(replaced.txid)).toMatchObject({ status: 'failed' });
    expect((await walletBalance(t.app.db, who, 'LTC')).pendingIn - before.pendingIn).toBe(20_000n);

    // Re-mined in the new branch and confirmed: credited once.
    expect(await pipeline.observe({ ...reorged, confirmations: 4, block: { height: 11, hash: 'bb' } })).toBe('confirmed');
    expect(await chainRow(reorged.txid)).toMatchObject({ status: 'confirmed', block_height: 11n, block_hash: 'bb', reorged_at: null });
    // Then a deeper reorganisation takes the final payment out: flagged for an operator, nothing moves.
    expect(await pipeline.observe({ ...reorged, confirmations: 0, block: null })).toBe('reorged');
    expect(await pipeline.withdraw({ asset: 'LTC', txid: reorged.txid, reason: 'reorged_out' })).toBe(0);
    expect((await chainRow(reorged.txid)).reorged_at).toBeInstanceOf(Date);
    expect(await pipeline.observe({ ...reorged, confirmations: 6, block: { height: 12, hash: 'cc' } })).toBe('unchanged');
    const after = await walletBalance(t.app.db, who, 'LTC');
    expect(after.balance - before.balance).toBe(20_000n);
    expect(after.pendingIn).toBe(before.pendingIn);
    expect(t.logs.text()).toContain('a FINAL payment left the chain');
    expect(await checkLedger(t.app.db)).toMatchObject({ ok: true, violations: [] });
  });

  it('payouts: sent once per ref, refused for the documented address and for addresses of another network', async () => {
    const sent = await t.app.db.transaction().execute((trx) => sendPayout(trx, { asset: 'BTC', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amountMinor: 10_000n, ref: 'txn_payout_1' }));
    expect(sent.ok).toBe(true);
    const again = await sendPayout(t.app.db, { asset: 'BTC', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amountMinor: 10_000n, ref: 'txn_payout_1' });
    expect(again).toEqual(sent);
    await expect(sendPayout(t.app.db, { asset: 'BTC', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amountMinor: 20_000n, ref: 'txn_payout_1' })).rejects.toThrow(/different payout/);
    for (const [asset, address] of [['BTC', REJECTED_PAYOUT_ADDRESSES.bitcoin], ['USDC', REJECTED_PAYOUT_ADDRESSES.ethereum], ['USDC', REJECTED_PAYOUT_ADDRESSES.ethereum.toLowerCase()], ['BCH', REJECTED_PAYOUT_ADDRESSES.bitcoincash], ['BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu']] as const) {
      const result = await sendPayout(t.app.db, { asset, address, amountMinor: 1n, ref: `txn_rejected_${asset}_${address}` });
      expect(result).toMatchObject({ ok: false, code: 'payout_rejected' });
    }
    const rejectedRows = await t.app.db.selectFrom('test_network_txs').select('id').where('payout_ref', 'like', 'txn_rejected_%').execute();
    expect(rejectedRows).toHaveLength(0);
  });

  it("a payout to another member's deposit address arrives there like any chain payment", async () => {
    const who = await member(t.app.db, t.seed!.merchant.email);
    const { address } = await walletAddressRecord(t.app.db, { ...who, asset: 'LTC' });
    const sent = await sendPayout(t.app.db, { asset: 'LTC', address, amountMinor: 7_000n, ref: 'txn_internal_1' });
    expect(sent.ok).toBe(true);
    await t.app.chain.testNetwork!.mine(4);
    expect((await walletBalance(t.app.db, who, 'LTC')).balance).toBe(7_000n);
    expect(formatMinor(7_000n, 'LTC')).toBe('0.00007000');
  });
});

describe.each(testDatabases())('restart safety on $name', ({ name }) => {
  it('what was paid before a restart, even if never detected, is detected and credited after it', async () => {
    const first = await buildTestApp(name);
    try {
      const who = await member(first.app.db, first.seed!.member.email);
      const { address } = await walletAddressRecord(first.app.db, { ...who, asset: 'BTC' });
      await first.app.chain.testNetwork!.pay({ asset: 'BTC', address, amountMinor: 3_000n });
      // A payment whose detection never ran (the process died between the two steps).
      await first.app.db.insertInto('test_network_txs').values({ txid: 'ef'.repeat(32), asset: 'BTC', address, amount_minor: 4_000n, kind: 'faucet', payout_ref: null, block_height: null }).execute();
      await first.app.close();

      const second = await buildApp({ env: testEnv(), db: first.database, logger: false, providerCacheTtlMs: 0 });
      try {
        expect((await walletBalance(second.db, who, 'BTC')).pendingIn).toBe(3_000n);
        await second.chain.testNetwork!.mine(2);
        expect(await walletBalance(second.db, who, 'BTC')).toEqual({ balance: 7_000n, available: 7_000n, pendingIn: 0n });
        expect(await checkLedger(second.db)).toMatchObject({ ok: true, violations: [] });
      } finally {
        await second.close();
      }
    } finally {
      await first.database.close();
    }
  });

  it('the block producer mines on its own and stops cleanly when the app closes', async () => {
    const app = await buildTestApp(name, { seed: false, env: { TEST_NETWORK_BLOCK_MS: 30 } });
    try {
      const deadline = Date.now() + 5_000;
      while ((await app.app.chain.testNetwork!.tipHeight()) < 2n && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await app.app.chain.testNetwork!.tipHeight()).toBeGreaterThanOrEqual(2n);
    } finally {
      await app.close();
    }
    expect(app.logs.text()).not.toContain('mining a block failed');
  });
});
