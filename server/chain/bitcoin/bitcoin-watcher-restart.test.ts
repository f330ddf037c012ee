// A payment replaced while the watcher was DOWN, against litecoind in regtest: the first round of the next
// watcher (a new instance, nothing in memory) still withdraws it as 'replaced', from the inputs kept in
// chain_payment_inputs: an RBF replacement to another address, a fee bump to the same one, a double spend
// mined meanwhile. One that truly left the mempool (expired, nothing spent its inputs) stays 'dropped'.
// The node's own answer (gettxout, spent-in-mempool.ts) is checked on its own at the end.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor, parseAmount } from '#core/money.ts';
import { newMember, send as memberCall } from '../../money/deposits/member-test-kit.ts';
import { createOrder, eventTypes, paymentStatus } from '../../payments/payment-test-kit.ts';
import { testDatabases, useTestApp } from '../../test-helper.ts';
import { useChainKeys, walletAddressRecord } from '../addresses.ts';
import { keysFromSeed, seedFromMnemonic, TEST_MNEMONIC } from '../hd-keys.ts';
import { startLitecoind, type LocalLitecoind } from '../nodes/index.ts';
import { BitcoinWatcher } from './bitcoin-watcher.ts';
import { NodeReader } from './node-reader.ts';
import { BitcoinRpcClient } from './rpc-client.ts';
import { spentInMempool } from './spent-in-mempool.ts';

const regtestKeys = keysFromSeed(seedFromMnemonic(TEST_MNEMONIC), 'regtest');
const ltc = (amountMinor: bigint) => formatMinor(amountMinor, 'LTC');

function minor(amount: string): bigint {
  const parsed = parseAmount(amount, 'LTC');
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  return parsed.minor;
}

interface DecodedTx {
  vin: Array<{ txid: string; vout: number }>;
  vout: Array<{ value: number }>;
}

describe.each(testDatabases())('a payment replaced while the watcher was down, against litecoind, on $name', ({ name }) => {
  const t = useTestApp(name);
  let node: LocalLitecoind;
  const key = () => t.seed!.merchant.secretKey ?? '';

  /** A watcher as a restarted process has it: a new instance, nothing in memory. */
  const freshWatcher = () =>
    new BitcoinWatcher({
      db: t.app.db,
      pipeline: t.app.chain.pipeline,
      retryFailedMs: 0,
      log: t.app.log.child({ component: 'litecoin-watcher' }),
      family: 'litecoin',
      network: 'regtest',
      rpc: new BitcoinRpcClient(node.rpcUrl, { keepAlive: false, timeoutMs: 5_000 }),
    });

  beforeAll(async () => {
    useChainKeys(() => regtestKeys);
    // Enough mature coinbases that every test pays from a confirmed coin of its own.
    node = await startLitecoind({ fundBlocks: 130 });
    await freshWatcher().tick();
  }, 60_000);

  afterAll(async () => {
    await node?.stop();
  }, 30_000);

  const pay = (address: string, amountMinor: bigint) => node.rpc<string>('sendtoaddress', [address, ltc(amountMinor), '', '', false, true]);
  const chainRows = (txid: string) => t.app.db.selectFrom('chain_payments').select(['status', 'dropped_reason', 'amount_minor']).where('txid', '=', txid).execute();
  const keptInputs = (txid: string) => t.app.db.selectFrom('chain_payment_inputs').select('outpoints').where('txid', '=', txid).execute();
  const mempool = () => node.rpc<string[]>('getrawmempool', [], false);

  /** The same inputs, all paid back to the wallet with a higher fee (BIP125): the payment to us is gone. */
  async function doubleSpendToSelf(txid: string): Promise<string> {
    const original = await node.rpc<DecodedTx>('getrawtransaction', [txid, true], false);
    const { fees } = await node.rpc<{ fees: { base: number } }>('getmempoolentry', [txid], false);
    const inputsMinor = original.vout.reduce((sum, out) => sum + BigInt(Math.round(out.value * 1e8)), 0n) + BigInt(Math.round(fees.base * 1e8));
    const raw = await node.rpc<string>('createrawtransaction', [original.vin.map(({ txid: prev, vout }) => ({ txid: prev, vout })), [{ [await node.newAddress()]: ltc(inputsMinor - 100_000n) }]], false);
    const signed = await node.rpc<{ hex: string; complete: boolean }>('signrawtransactionwithwallet', [raw]);
    expect(signed.complete).toBe(true);
    return node.rpc<string>('sendrawtransaction', [signed.hex], false);
  }

  it('a merchant payment RBF-replaced to another address while the watcher was down: replaced after the restart, and the merchant is told it left', async () => {
    const order = await createOrder(t.app, key(), { currency_1_iso: 'LTC' });
    const txid = await pay(order.currency_1_address, minor(order.currency_1_amount));
    await freshWatcher().tick();
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'processing' });
    expect(await keptInputs(txid)).toEqual([{ outpoints: expect.arrayContaining([expect.stringMatching(/^[0-9a-f]{64}:\d+$/)]) }]);

    // Down: the first watcher is gone with its memory; the payer replaces the payment.
    const replacement = await doubleSpendToSelf(txid);
    expect(await mempool()).not.toContain(txid);

    const round = await freshWatcher().tick();
    expect(round.withdrawn).toBe(1);
    expect(await chainRows(txid)).toEqual([expect.objectContaining({ status: 'dropped', dropped_reason: 'replaced' })]);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ status: 'new', currency_1_paid: '0.00000000' });
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.dropped']);
    expect(t.logs.text()).toContain(replacement);
    // Withdrawn, the payment is no longer tracked: its inputs leave the table with it.
    expect(await keptInputs(txid)).toEqual([]);
  });

  it("a member deposit fee-bumped while the watcher was down: the first is failed as replaced (the member's record says so), the bump is a new deposit", async () => {
    const member = await newMember(t.app);
    const { address } = await walletAddressRecord(t.app.db, { userId: member.userId, providerId: member.providerId, asset: 'LTC' });
    const txid = await pay(address, 7_654_321n);
    await freshWatcher().tick();
    const first = await t.app.db.selectFrom('money_transactions').select('public_id').where('reference', '=', txid).executeTakeFirstOrThrow();

    const { txid: bumped } = await node.rpc<{ txid: string }>('bumpfee', [txid]);
    await freshWatcher().tick();
    expect(await chainRows(txid)).toEqual([expect.objectContaining({ status: 'dropped', dropped_reason: 'replaced' })]);
    expect(await chainRows(bumped)).toEqual([expect.objectContaining({ status: 'detected', amount_minor: 7_654_321n })]);
    const record = await memberCall(t.app, member, 'POST', '/v1/transactions/getTransacionaDetails', { transaction_id: first.public_id });
    expect(record.status).toBe(200);
    expect(record.body.request_details.transaction).toMatchObject({ id: first.public_id, status: 'failed', dropped: 'replaced' });
    const second = await t.app.db.selectFrom('money_transactions').select(['status', 'amount_minor']).where('reference', '=', bumped).executeTakeFirstOrThrow();
    expect(second).toEqual({ status: 'pending', amount_minor: 7_654_321n });
  });

  it('a double spend mined while the watcher was down: the block scan of the next watcher tells replaced, not dropped', async () => {
    const order = await createOrder(t.app, key(), { currency_1_iso: 'LTC' });
    const txid = await pay(order.currency_1_address, minor(order.currency_1_amount));
    await freshWatcher().tick();
    const replacement = await doubleSpendToSelf(txid);
    await node.mine(1);
    expect(await node.rpc<{ confirmations: number }>('gettransaction', [replacement])).toMatchObject({ confirmations: 1 });

    expect((await freshWatcher().tick()).withdrawn).toBe(1);
    expect(await chainRows(txid)).toEqual([expect.objectContaining({ status: 'dropped', dropped_reason: 'replaced' })]);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ currency_1_paid: '0.00000000' });
  });

  it("the node's gettxout tells a spend by another mempool transaction; not an unspent input, nor one spent in a block", async () => {
    const reader = new NodeReader(new BitcoinRpcClient(node.rpcUrl, { keepAlive: false, timeoutMs: 5_000 }));
    const address = await node.newAddress();
    const txid = await pay(address, 1_000_000n);
    const { vin } = await node.rpc<DecodedTx>('getrawtransaction', [txid, true], false);
    const outpoints = vin.map((input) => `${input.txid}:${input.vout}`);
    // In the mempool, the payment itself spends them: a judge of a GONE payment never asks then; the answer is still a spend.
    expect(await spentInMempool(reader, outpoints, new Set(await mempool()))).toBe(outpoints[0]);
    await doubleSpendToSelf(txid);
    expect(await spentInMempool(reader, outpoints, new Set(await mempool()))).toBe(outpoints[0]);
    await node.mine(1);
    // Spent in a block now: that is the block scan's to see, not a mempool spend.
    expect(await spentInMempool(reader, outpoints, new Set(await mempool()))).toBeUndefined();
    const unspent = await node.rpc<Array<{ txid: string; vout: number }>>('listunspent', [1]);
    expect(await spentInMempool(reader, [`${unspent[0]!.txid}:${unspent[0]!.vout}`], new Set())).toBeUndefined();
  });

  // Last: it moves the node's clock two weeks ahead (and back).
  it('a payment that expired from the mempool while the watcher was down, its inputs unspent, is withdrawn as dropped', async () => {
    const order = await createOrder(t.app, key(), { currency_1_iso: 'LTC' });
    const txid = await pay(order.currency_1_address, minor(order.currency_1_amount));
    await freshWatcher().tick();
    // The mempool lets go of what waited longer than -mempoolexpiry (two weeks) when it next takes a transaction.
    await node.rpc('setmocktime', [Math.floor(Date.now() / 1000) + 15 * 86_400], false);
    try {
      await pay(await node.newAddress(), 100_000n);
      expect(await mempool()).not.toContain(txid);
      // The wallet would broadcast its own transaction again: as the payer's wallet it gives up on it, once
      // it has heard (asynchronously) that the mempool let it go.
      await node.rpc('syncwithvalidationinterfacequeue', [], false);
      await node.rpc('abandontransaction', [txid]);
      expect((await freshWatcher().tick()).withdrawn).toBe(1);
    } finally {
      await node.rpc('setmocktime', [0], false);
    }
    expect(await chainRows(txid)).toEqual([expect.objectContaining({ status: 'dropped', dropped_reason: 'dropped' })]);
    expect(await paymentStatus(t.app, order.transaction_token)).toMatchObject({ currency_1_paid: '0.00000000' });
  });
});
