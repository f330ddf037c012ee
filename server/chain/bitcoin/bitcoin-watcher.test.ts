import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor, parseAmount } from '#core/money.ts';
import { settlementSplit } from '#core/payments/payment-rules.ts';
import { checkLedger, balanceOf, findAccount } from '../../ledger/index.ts';
import { createOrder, eventTypes, merchantBalance, paymentStatus } from '../../payments/payment-test-kit.ts';
import { testDatabases, useTestApp, type TestApp } from '../../test-helper.ts';
import { allocateAddress, useChainKeys, walletAddressRecord } from '../addresses.ts';
import { PaymentPipeline } from '../payment-pipeline.ts';
import { keysFromSeed, seedFromMnemonic, testChainKeys, TEST_MNEMONIC } from '../hd-keys.ts';
import { startLitecoind, type LocalLitecoind } from '../nodes/index.ts';
import { BitcoinWatcher } from './bitcoin-watcher.ts';
import { BitcoinRpcClient } from './rpc-client.ts';

const MERCHANT = 'mch_demo_verdant';
const regtestKeys = keysFromSeed(seedFromMnemonic(TEST_MNEMONIC), 'regtest');

function minor(amount: string): bigint {
  const parsed = parseAmount(amount, 'LTC');
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  return parsed.minor;
}

const ltc = (amountMinor: bigint) => formatMinor(amountMinor, 'LTC');

describe.each(testDatabases())('the Bitcoin-family watcher against litecoind, on $name', ({ name }) => {
  const t = useTestApp(name);
  let node: LocalLitecoind;
  let watcher: BitcoinWatcher;
  const key = () => t.seed!.merchant.secretKey ?? '';

  const newWatcher = (options: { maxBlocksPerRound?: number; pollMs?: number; url?: string; pipeline?: PaymentPipeline } = {}) =>
    new BitcoinWatcher({
      db: t.app.db,
      pipeline: options.pipeline ?? t.app.chain.pipeline,
      retryFailedMs: 0,
      log: t.app.log.child({ component: 'litecoin-watcher' }),
      family: 'litecoin',
      network: 'regtest',
      // No keep-alive: the node's shutdown at the end would wait for our idle connection.
      rpc: new BitcoinRpcClient(options.url ?? node.rpcUrl, { keepAlive: false, timeoutMs: 5_000 }),
      ...(options.maxBlocksPerRound === undefined ? {} : { maxBlocksPerRound: options.maxBlocksPerRound }),
      ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
    });

  beforeAll(async () => {
    // After the app is built (its chain plugin sets the test network's keys): regtest addresses, rltc1...
    useChainKeys(() => regtestKeys);
    node = await startLitecoind({ fundBlocks: 130 });
    watcher = newWatcher();
  }, 60_000);

  afterAll(async () => {
    await watcher?.stop();
    await node?.stop();
  }, 30_000);

  const send = (address: string, amountMinor: bigint, replaceable = false) => node.rpc<string>('sendtoaddress', [address, ltc(amountMinor), '', '', false, replaceable]);
  const chainRows = (txid: string) =>
    t.app.db.selectFrom('chain_payments').select(['status', 'confirmations', 'block_height', 'block_hash', 'dropped_reason', 'reorged_at', 'amount_minor']).where('txid', '=', txid).execute();
  const tipHeight = async () => (await node.rpc<{ blocks: number }>('getblockchaininfo', [], false)).blocks;

  it("the first start scans from the node's tip minus 6, not from genesis, says so, and reports its status", async () => {
    const round = await watcher.tick();
    const tip = await tipHeight();
    expect(round.blocks).toBe(7);
    const heights = await t.app.db.selectFrom('chain_blocks').select('height').where('family', '=', 'litecoin').orderBy('height').execute();
    expect(heights.map((h) => Number(h.height))).toEqual([tip - 6, tip - 5, tip - 4, tip - 3, tip - 2, tip - 1, tip]);
    expect(t.logs.text()).toContain("first start with no finished blocks: scanning from the node's tip minus 6");
    const status = watcher.status();
    expect(status).toMatchObject({ family: 'litecoin', assets: ['LTC'], backend: 'bitcoin-rpc', network: 'regtest', reachable: true, nodeHeight: tip, height: tip, lagBlocks: 0, lastError: null, retryInMs: null });
    expect(status.node).toMatch(/^http:\/\/u[0-9a-f]+:\*\*\*@127\.0\.0\.1:\d+$/);
    expect(status.lastRoundAt).not.toBeNull();
  });

  it('a member deposit sent from the node wallet is detected by the next round at 0 confirmations, and credited once after 4', async () => {
    const who = await t.app.db.selectFrom('users').select(['id', 'provider_id']).where('email', '=', t.seed!.member.email).executeTakeFirstOrThrow();
    const member = { userId: who.id, providerId: who.provider_id };
    const { address } = await walletAddressRecord(t.app.db, { ...member, asset: 'LTC' });
    expect(address).toMatch(/^rltc1q/);
    const balance = async () => {
      const account = await findAccount(t.app.db, { ...member, owner: { type: 'user', userId: member.userId }, asset: 'LTC', kind: 'wallet' });
      return account ? balanceOf(account) : { balance: 0n, available: 0n, pendingIn: 0n };
    };
    const before = await balance();
    const txid = await send(address, 12_345_678n);
    const round = await watcher.tick();
    expect(round.observed).toBe(1);
    const deposit = () => t.app.db.selectFrom('money_transactions').selectAll().where('reference', '=', txid).executeTakeFirstOrThrow();
    expect(await deposit()).toMatchObject({ type: 'deposit', status: 'pending', amount_minor: 12_345_678n, confirmations: 0, required_confirmations: 4 });
    expect((await balance()).pendingIn - before.pendingIn).toBe(12_345_678n);

    const [blockHash] = await node.mine(3);
    await watcher.tick();
    const tip = await tipHeight();
    expect(await chainRows(txid)).toEqual([expect.objectContaining({ status: 'detected', confirmations: 3, block_height: BigInt(tip - 2), block_hash: blockHash })]);
    expect(await deposit()).toMatchObject({ status: 'pending', confirmations: 3 });

    await node.mine(1);
    await watcher.tick();
    await watcher.tick();
    await node.mine(2);
    await watcher.tick();
    expect(await deposit()).toMatchObject({ status: 'completed', confirmations: 4 });
    const after = await balance();
    expect(after.balance - before.balance).toBe(12_345_678n);
    expect(after.pendingIn).toBe(before.pendingIn);
    expect(await checkLedger(t.app.db)).toMatchObject({ ok: true, violations: [] });
  });

  it.each([
    ['paid exactly', 'settled', null, 0n],
    ['underpaid', 'processing', 'paid_partial', -100_000n],
    ['overpaid', 'settled', 'paid_over', 250_000n],
  ] as const)('a merchant payment %s from the node wallet ends %s, exception %s', async (_, status, exception, difference) => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'LTC');
    const order = await createOrder(t.app, key(), { currency_1_iso: 'LTC' });
    expect(order.currency_1_address).toMatch(/^rltc1q/);
    const paid = minor(order.currency_1_amount) + difference;
    await send(order.currency_1_address, paid);
    await watcher.tick();
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', confirmations: 0, currency_1_paid: ltc(paid) });
    await node.mine(4);
    await watcher.tick();
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status, exception, confirmations: 4 });
    const credited = status === 'settled' ? settlementSplit(paid, await feeBps(t, order.transaction_token)).creditedMinor : 0n;
    expect((await merchantBalance(t.app.db, MERCHANT, 'LTC')) - before).toBe(credited);
  });

  it('a reorganisation takes the payment back to the mempool (0 confirmations); re-mined on the new branch it settles once', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'LTC');
    const order = await createOrder(t.app, key(), { currency_1_iso: 'LTC' });
    const paid = minor(order.currency_1_amount);
    const txid = await send(order.currency_1_address, paid);
    const [first] = await node.mine(2);
    await watcher.tick();
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', confirmations: 2 });

    // The payment's block leaves the chain; the node mines a longer branch without the transaction.
    await node.rpc('invalidateblock', [first], false);
    for (let i = 0; i < 3; i++) await node.rpc('generateblock', [node.minerAddress, []], false);
    const round = await watcher.tick();
    expect(round.rolledBack).toBe(2);
    expect(await chainRows(txid)).toEqual([expect.objectContaining({ status: 'detected', confirmations: 0, block_height: null, block_hash: null })]);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', confirmations: 0 });
    const stored = await t.app.db.selectFrom('chain_blocks').select('hash').where('family', '=', 'litecoin').where('hash', '=', first!).execute();
    expect(stored).toEqual([]);

    await node.mine(4);
    await watcher.tick();
    await watcher.tick();
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'settled', confirmations: 4 });
    expect((await merchantBalance(t.app.db, MERCHANT, 'LTC')) - before).toBe(settlementSplit(paid, await feeBps(t, order.transaction_token)).creditedMinor);
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.settled']);
  });

  it('a reorganisation 25 blocks deep (more than one page of the fork walk) rolls back exactly the blocks that left', async () => {
    await watcher.tick();
    const hashes = await node.mine(25);
    await watcher.tick();
    await node.rpc('invalidateblock', [hashes[0]], false);
    // Another coinbase address: an empty block to the same one in the same second would be the invalidated block again.
    const elsewhere = await node.newAddress();
    for (let i = 0; i < 26; i++) await node.rpc('generateblock', [elsewhere, []], false);
    const round = await watcher.tick();
    expect(round).toMatchObject({ rolledBack: 25, blocks: 26 });
    const tip = await tipHeight();
    const stored = await t.app.db.selectFrom('chain_blocks').select(['height', 'hash']).where('family', '=', 'litecoin').where('height', '>', BigInt(tip - 30)).orderBy('height').execute();
    const onNode = await Promise.all(stored.map((row) => node.rpc<string>('getblockhash', [Number(row.height)], false)));
    expect(stored.map((row) => row.hash)).toEqual(onNode);
    expect(stored.some((row) => hashes.includes(row.hash))).toBe(false);
  });

  it('a FINAL payment reorganised out is flagged reorged_at for an operator, and nothing is credited twice when it comes back', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'LTC');
    const order = await createOrder(t.app, key(), { currency_1_iso: 'LTC' });
    const paid = minor(order.currency_1_amount);
    const txid = await send(order.currency_1_address, paid);
    const [block] = await node.mine(4);
    await watcher.tick();
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'settled' });
    const credited = (await merchantBalance(t.app.db, MERCHANT, 'LTC')) - before;
    expect(credited).toBeGreaterThan(0n);

    await node.rpc('invalidateblock', [block], false);
    for (let i = 0; i < 5; i++) await node.rpc('generateblock', [node.minerAddress, []], false);
    await watcher.tick();
    const [row] = await chainRows(txid);
    expect(row).toMatchObject({ status: 'confirmed' });
    expect(row!.reorged_at).toBeInstanceOf(Date);
    expect(t.logs.text()).toContain('a FINAL payment left the chain');

    // It is still in the mempool: mined again, it changes nothing.
    await node.mine(5);
    await watcher.tick();
    expect((await merchantBalance(t.app.db, MERCHANT, 'LTC')) - before).toBe(credited);
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.settled']);
    expect(await checkLedger(t.app.db)).toMatchObject({ ok: true, violations: [] });
  });

  it('an RBF replacement paying another address withdraws the detection as replaced', async () => {
    const order = await createOrder(t.app, key(), { currency_1_iso: 'LTC' });
    const paid = minor(order.currency_1_amount);
    const txid = await send(order.currency_1_address, paid, true);
    await watcher.tick();
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', currency_1_paid: ltc(paid) });

    // Same inputs, all to the sender's own address, with a higher fee.
    const original = await node.rpc<{ vin: { txid: string; vout: number }[]; vout: { value: number }[] }>('getrawtransaction', [txid, true], false);
    const entry = await node.rpc<{ fees: { base: number } }>('getmempoolentry', [txid], false);
    const inputMinor = original.vout.reduce((sum, out) => sum + BigInt(Math.round(out.value * 1e8)), 0n) + BigInt(Math.round(entry.fees.base * 1e8));
    const raw = await node.rpc<string>('createrawtransaction', [original.vin.map(({ txid: prev, vout }) => ({ txid: prev, vout })), [{ [await node.newAddress()]: ltc(inputMinor - 100_000n) }]], false);
    const signed = await node.rpc<{ hex: string; complete: boolean }>('signrawtransactionwithwallet', [raw]);
    expect(signed.complete).toBe(true);
    const replacement = await node.rpc<string>('sendrawtransaction', [signed.hex], false);
    expect(await node.rpc<string[]>('getrawmempool', [], false)).not.toContain(txid);

    const round = await watcher.tick();
    expect(round.withdrawn).toBe(1);
    expect(await chainRows(txid)).toEqual([expect.objectContaining({ status: 'dropped', dropped_reason: 'replaced' })]);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ currency_1_paid: '0.00000000' });
    expect(t.logs.text()).toContain(replacement);

    await node.mine(4);
    await watcher.tick();
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ currency_1_paid: '0.00000000' });
    expect(await chainRows(replacement)).toEqual([]);
  });

  it('a fee bump paying the same address: the original is withdrawn before the replacement is detected, so the merchant never sees it paid twice', async () => {
    const order = await createOrder(t.app, key(), { currency_1_iso: 'LTC' });
    const paid = minor(order.currency_1_amount);
    const txid = await send(order.currency_1_address, paid, true);
    await watcher.tick();
    const { txid: bumped } = await node.rpc<{ txid: string }>('bumpfee', [txid]);
    const round = await watcher.tick();
    expect(round.withdrawn).toBe(1);
    expect(await chainRows(txid)).toEqual([expect.objectContaining({ status: 'dropped', dropped_reason: 'replaced' })]);
    expect(await chainRows(bumped)).toEqual([expect.objectContaining({ status: 'detected', amount_minor: paid })]);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing', exception: null, currency_1_paid: ltc(paid) });
    const events = await t.app.db
      .selectFrom('payment_events')
      .innerJoin('payments', 'payments.id', 'payment_events.payment_id')
      .select(['payment_events.type', 'payment_events.data'])
      .where('payments.public_id', '=', order.transaction_token)
      .orderBy('payment_events.id')
      .execute();
    // The merchant hears that the first transaction left the network, then that its replacement arrived.
    expect(events.map((e) => e.type)).toEqual(['payment.created', 'payment.detected', 'payment.dropped', 'payment.detected']);
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain('paid_over');
    await node.mine(4);
    await watcher.tick();
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'settled', exception: null });
  });

  it('a watcher killed mid catch-up, and one that died between reporting a block and recording it: the next instance misses and doubles nothing', async () => {
    const before = await merchantBalance(t.app.db, MERCHANT, 'LTC');
    const orders = [];
    // Downtime: eight blocks, each with one payment.
    for (let i = 0; i < 8; i++) {
      const order = await createOrder(t.app, key(), { currency_1_iso: 'LTC' });
      await send(order.currency_1_address, minor(order.currency_1_amount));
      await node.mine(1);
      orders.push(order);
    }
    const cursorBefore = watcher.status().height!;
    const first = newWatcher({ maxBlocksPerRound: 3 });
    expect((await first.tick()).blocks).toBe(3);
    // Killed after reporting its third block, before recording it: the next instance redoes that block.
    await t.app.db.deleteFrom('chain_blocks').where('family', '=', 'litecoin').where('height', '=', BigInt(cursorBefore + 3)).execute();

    const second = newWatcher({ maxBlocksPerRound: 3 });
    const rounds = [];
    do rounds.push(await second.tick());
    while (second.status().lagBlocks !== 0);
    expect(rounds.map((r) => r.blocks)).toEqual([3, 3]);
    expect(second.status().height).toBe(await tipHeight());
    await node.mine(4);
    while ((await second.tick()).blocks > 0);

    let expected = 0n;
    for (const order of orders) {
      expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.settled']);
      const rows = await t.app.db.selectFrom('chain_payments').select('id').where('address', '=', order.currency_1_address).execute();
      expect(rows).toHaveLength(1);
      expected += settlementSplit(minor(order.currency_1_amount), await feeBps(t, order.transaction_token)).creditedMinor;
    }
    expect((await merchantBalance(t.app.db, MERCHANT, 'LTC')) - before).toBe(expected);
    expect(await checkLedger(t.app.db)).toMatchObject({ ok: true, violations: [] });
  });

  it('catch-up after downtime: forty blocks of payments in one round, each at its own depth', async () => {
    const orders = [];
    for (let i = 0; i < 40; i++) {
      const order = await createOrder(t.app, key(), { currency_1_iso: 'LTC' });
      await send(order.currency_1_address, minor(order.currency_1_amount));
      await node.mine(1);
      orders.push(order);
    }
    const started = Date.now();
    const round = await newWatcher().tick();
    console.info(`catch-up: ${round.blocks} blocks with ${round.observed} payments in ${Date.now() - started} ms on ${name}`);
    expect(round).toMatchObject({ blocks: 40, observed: 40, rolledBack: 0 });
    // The last three are 1..3 deep: processing; the rest settled.
    const statuses = await Promise.all(orders.map(async (o) => (await paymentStatus(t.app, o.transaction_token)).status));
    expect(statuses).toEqual([...Array(37).fill('settled'), 'processing', 'processing', 'processing']);
  }, 60_000);

  it('started on its timer it sees a mempool payment within a second; a node that goes away is retried with backoff, one that refuses our credentials says so', async () => {
    const live = newWatcher({ pollMs: 50 });
    live.start();
    try {
      const order = await createOrder(t.app, key(), { currency_1_iso: 'LTC' });
      const sentAt = Date.now();
      await send(order.currency_1_address, minor(order.currency_1_amount));
      while ((await paymentStatus(t.app, order.transaction_token)).status !== 'processing') {
        expect(Date.now() - sentAt).toBeLessThan(1_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await live.stop();
    }

    const away = newWatcher({ url: 'http://user:hunter2@127.0.0.1:1' });
    expect(await away.tick()).toEqual({ blocks: 0, observed: 0, withdrawn: 0, rolledBack: 0 });
    expect(away.status()).toMatchObject({ reachable: false, retryInMs: 1_000, lastError: { message: expect.stringContaining('user:***@127.0.0.1:1') } });
    await away.tick();
    await away.tick();
    expect(away.status().retryInMs).toBe(4_000);
    // A node that answers but refuses our credentials is reachable, and says why.
    const wrong = new URL(node.rpcUrl);
    wrong.password = 'not-the-password';
    const refused = newWatcher({ url: wrong.toString() });
    await refused.tick();
    expect(refused.status()).toMatchObject({ reachable: true, lastError: { message: expect.stringContaining('HTTP 401 wrong RPC user or password') } });
    expect(t.logs.text()).not.toContain('hunter2');
    expect(t.logs.text()).not.toContain('not-the-password');
    expect(t.logs.text().split('the node failed; retrying with backoff').length - 1).toBe(2);
  });

  it("an open payment of another network's address (a database that ran on the built-in test network) is left alone", async () => {
    const provider = await t.app.db.selectFrom('users').select('provider_id').where('email', '=', t.seed!.member.email).executeTakeFirstOrThrow();
    useChainKeys(testChainKeys);
    const { address } = await allocateAddress(t.app.db, { providerId: provider.provider_id, asset: 'LTC', purpose: 'payment', ownerRef: 'pay_from_the_test_network' }).finally(() => useChainKeys(() => regtestKeys));
    expect(address).toMatch(/^tltc1q/);
    const txid = 'ab'.repeat(32);
    const noHandlers = new PaymentPipeline(t.app.db, t.app.log);
    const nothing = async () => {};
    noHandlers.onPurpose('payment', { detected: nothing, confirmations: nothing, confirmed: nothing, unconfirmed: nothing, dropped: nothing });
    expect(await noHandlers.observe({ asset: 'LTC', address, txid, amountMinor: 1_000n, confirmations: 0 })).toBe('detected');
    const round = await newWatcher({ pipeline: noHandlers }).tick();
    expect(round.withdrawn).toBe(0);
    expect(await chainRows(txid)).toEqual([expect.objectContaining({ status: 'detected', dropped_reason: null })]);
  });

  // Last: its payment row names no real merchant payment, which the app's own handlers would trip over.
  it('a report the pipeline could not apply (a handler failed) is made again in a later round and applied once', async () => {
    const pipeline = new PaymentPipeline(t.app.db, t.app.log);
    const detected: string[] = [];
    // Fails in the round that reads the transaction and in that round's own retry; the next round's retry applies it.
    let failuresLeft = 2;
    const nothing = async () => {};
    pipeline.onPurpose('payment', {
      detected: async (_trx, event) => {
        if (failuresLeft-- > 0) throw new Error('detected handler bug');
        detected.push(event.txid);
      },
      confirmations: nothing,
      confirmed: nothing,
      unconfirmed: nothing,
      dropped: nothing,
    });
    pipeline.onPurpose('wallet', { detected: nothing, confirmations: nothing, confirmed: nothing, unconfirmed: nothing, dropped: nothing });
    const provider = await t.app.db.selectFrom('users').select('provider_id').where('email', '=', t.seed!.merchant.email).executeTakeFirstOrThrow();
    const { address } = await allocateAddress(t.app.db, { providerId: provider.provider_id, asset: 'LTC', purpose: 'payment', ownerRef: 'pay_watcher_retry' });
    const flaky = newWatcher({ pipeline });
    await flaky.tick();
    const txid = await send(address, 50_000n);
    await flaky.tick();
    expect(await chainRows(txid)).toEqual([]);
    expect(t.logs.text()).toContain('detected handler bug');
    await flaky.tick();
    expect(detected).toEqual([txid]);
    expect(await chainRows(txid)).toEqual([expect.objectContaining({ status: 'detected', confirmations: 0 })]);
    await node.mine(1);
    await flaky.tick();
    await flaky.tick();
    expect(detected).toEqual([txid]);
    expect(await chainRows(txid)).toEqual([expect.objectContaining({ status: 'detected', confirmations: 1 })]);
  });
});

async function feeBps(t: TestApp, token: string): Promise<number> {
  const row = await t.app.db.selectFrom('payments').select('fee_bps').where('public_id', '=', token).executeTakeFirstOrThrow();
  return row.fee_bps;
}
