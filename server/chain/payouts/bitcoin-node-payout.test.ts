// Bitcoin-family payouts against a real node: Debian's litecoind in regtest (the local-nodes harness), its
// wallet 'w' as the hot wallet. Each payout is checked where it counts: on the node (received by the address,
// one wallet send per ref).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-database.ts';
import { startLitecoind } from '../nodes/index.ts';
import { BitcoinNodePayout } from './bitcoin-node-payout.ts';
import { coinNumberToMinor } from './coin-amount.ts';
import { nodeRpc } from './node-rpc.ts';
import { broadcastSignedPsbt, createPayoutPsbt } from './psbt-payout.ts';
import { usePayoutKit } from './payout-test-kit.ts';

type Litecoind = Awaited<ReturnType<typeof startLitecoind>>;
let node: Litecoind;
let sender: BitcoinNodePayout;

beforeAll(async () => {
  node = await startLitecoind();
  sender = new BitcoinNodePayout('litecoin', node.walletUrl);
}, 60_000);

afterAll(async () => {
  await node?.stop();
});

interface WalletTx {
  txid: string;
  category: string;
  comment?: string;
  confirmations: number;
}

describe.each(testDatabases())('Bitcoin-family payouts from the node wallet on $name', ({ name }) => {
  const t = usePayoutKit(name, () => [sender]);
  const ref = (label: string) => `${name}-${label}`;
  const queue = (label: string, address: string, amountMinor: bigint) =>
    t.database.db.transaction().execute((trx) => t.payouts.queuePayout(trx, { purpose: 'withdrawal', ref: ref(label), asset: 'LTC', address, amountMinor }));
  const received = async (address: string) => coinNumberToMinor(await node.rpc<number>('getreceivedbyaddress', [address, 1]));
  const sendsOf = async (label: string) => (await node.rpc<WalletTx[]>('listtransactions', ['*', 1000, 0, true])).filter((tx) => tx.category === 'send' && tx.comment === ref(label));

  it('an LTC payout arrives at the address with the right amount and is confirmed after it is mined', async () => {
    const address = await node.newAddress();
    expect(await queue('arrives', address, 12_345_678n)).toMatchObject({ ok: true });
    expect(await t.payouts.worker.tick()).toMatchObject({ broadcast: 1 });
    const sent = await t.row(ref('arrives'));
    expect(sent).toMatchObject({ status: 'broadcast', confirmations: 0 });
    expect(await node.rpc<string[]>('getrawmempool', [], false)).toContain(sent.txid);
    await t.payouts.worker.tick();
    expect(await t.row(ref('arrives'))).toMatchObject({ status: 'broadcast', confirmations: 0 });

    await node.mine(1);
    expect(await received(address)).toBe(12_345_678n);
    expect(await t.payouts.worker.tick()).toMatchObject({ confirmed: 1 });
    const confirmed = await t.row(ref('arrives'));
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmations: 1, txid: sent.txid });
    expect(confirmed.fee_minor).toBeGreaterThan(0n);
    expect(t.calls.filter((call) => call.ref === ref('arrives')).map((call) => call.event)).toEqual(['broadcast', 'confirmed']);
  });

  it('queued twice with one ref, the payout is sent once', async () => {
    const address = await node.newAddress();
    const first = await queue('twice', address, 1_000_000n);
    const second = await queue('twice', address, 1_000_000n);
    expect(first.ok && second.ok && first.payout.id === second.payout.id).toBe(true);
    await t.payouts.worker.tick();
    await t.payouts.worker.tick();
    await node.mine(1);
    await t.payouts.worker.tick();
    expect(await sendsOf('twice')).toHaveLength(1);
    expect(await received(address)).toBe(1_000_000n);
  });

  it("a crash after 'sending' (the send repeated) finds the first transaction instead of paying again", async () => {
    const address = await node.newAddress();
    await queue('crash', address, 2_000_000n);
    const sending = await t.database.db.updateTable('chain_payouts').set({ status: 'sending', attempts: 1 }).where('ref', '=', ref('crash')).returningAll().executeTakeFirstOrThrow();
    const first = await sender.send(t.database.db, sending);
    const again = await sender.send(t.database.db, sending);
    expect(first).toMatchObject({ kind: 'broadcast' });
    expect(again).toEqual(first);
    // The worker resumes a 'sending' row nobody holds (no claim, or a lapsed one) and records that same txid.
    await t.payouts.worker.tick();
    expect(await t.row(ref('crash'))).toMatchObject({ status: 'broadcast', txid: first.kind === 'broadcast' ? first.txid : 'none' });
    await node.mine(1);
    expect(await sendsOf('crash')).toHaveLength(1);
    expect(await received(address)).toBe(2_000_000n);
  });

  it('a payout bigger than the hot wallet is refused at queue time', async () => {
    const { balanceMinor } = await sender.balance();
    const result = await queue('too-big', await node.newAddress(), balanceMinor + 1n);
    expect(result).toMatchObject({ ok: false, code: 'hot_wallet_insufficient' });
    expect(await t.database.db.selectFrom('chain_payouts').select('id').where('ref', '=', ref('too-big')).execute()).toHaveLength(0);
  });

  it('a payout whose transaction is double spent by a mined one is sent again once, and arrives once', async () => {
    const address = await node.newAddress();
    await queue('double-spent', address, 3_000_000n);
    await t.payouts.worker.tick();
    const first = await t.row(ref('double-spent'));
    // Someone (here the wallet's owner by hand) spends the same inputs elsewhere with a higher fee (BIP125).
    const tx = await node.rpc<{ hex: string }>('gettransaction', [first.txid]);
    const decoded = await node.rpc<{ vin: Array<{ txid: string; vout: number }> }>('decoderawtransaction', [tx.hex], false);
    let inputs = 0n;
    for (const vin of decoded.vin) {
      const prev = await node.rpc<{ hex: string }>('gettransaction', [vin.txid]);
      const prevTx = await node.rpc<{ vout: Array<{ value: number }> }>('decoderawtransaction', [prev.hex], false);
      inputs += coinNumberToMinor(prevTx.vout[vin.vout]!.value);
    }
    const elsewhere = await node.newAddress();
    const raw = await node.rpc<string>('createrawtransaction', [decoded.vin.map((vin) => ({ txid: vin.txid, vout: vin.vout })), { [elsewhere]: Number(inputs - 100_000n) / 1e8 }], false);
    const signed = await node.rpc<{ hex: string }>('signrawtransactionwithwallet', [raw]);
    await node.rpc('sendrawtransaction', [signed.hex], false);
    await node.mine(1);
    // One block could still be reorganised away (and ours come back): not yet.
    expect(await t.payouts.worker.tick()).toMatchObject({ resent: 0 });
    expect((await t.row(ref('double-spent'))).last_error).toMatch(/conflicted by a mined transaction 1 blocks deep; .* once that is 4 deep/);
    await node.mine(3);

    expect(await t.payouts.worker.tick()).toMatchObject({ resent: 1 });
    expect(await t.row(ref('double-spent'))).toMatchObject({ status: 'queued', replaced_txids: [first.txid] });
    await t.payouts.worker.tick();
    const resent = await t.row(ref('double-spent'));
    expect(resent.status).toBe('broadcast');
    expect(resent.txid).not.toBe(first.txid);
    await node.mine(1);
    await t.payouts.worker.tick();
    expect(await t.row(ref('double-spent'))).toMatchObject({ status: 'confirmed', txid: resent.txid });
    expect(await received(address)).toBe(3_000_000n);
  });

  it('a fee bump by the operator is followed: the payout confirms with the replacement, paid once', async () => {
    const address = await node.newAddress();
    await queue('bumped', address, 4_000_000n);
    await t.payouts.worker.tick();
    const first = await t.row(ref('bumped'));
    const bumped = await node.rpc<{ txid: string }>('bumpfee', [first.txid]);
    await node.mine(1);
    await t.payouts.worker.tick();
    await t.payouts.worker.tick();
    const done = await t.row(ref('bumped'));
    expect(done).toMatchObject({ status: 'confirmed', txid: bumped.txid, last_error: null });
    expect(await received(address)).toBe(4_000_000n);
    expect(t.calls.filter((call) => call.ref === ref('bumped')).map((call) => call.event)).toEqual(['broadcast', 'confirmed']);
  });
});

describe.each(testDatabases())('a Bitcoin-family payout left unmined on $name', ({ name }) => {
  const clock = { now: new Date() };
  let bumping: BitcoinNodePayout;
  const t = usePayoutKit(name, () => {
    bumping = new BitcoinNodePayout('litecoin', node.walletUrl, { bumpAfterMs: 3_600_000, now: () => clock.now });
    return [bumping];
  });

  it('gets its fee bumped once it has waited bumpAfterMs, and confirms with the replacement', async () => {
    const address = await node.newAddress();
    const ref = `${name}-stuck`;
    await t.database.db.transaction().execute((trx) => t.payouts.queuePayout(trx, { purpose: 'refund', ref, asset: 'LTC', address, amountMinor: 6_000_000n }));
    await t.payouts.worker.tick();
    const first = await t.row(ref);
    await t.payouts.worker.tick();
    expect((await t.row(ref)).txid).toBe(first.txid);
    clock.now = new Date(first.updated_at.getTime() + 3_600_000);
    await t.payouts.worker.tick();
    const bumped = await t.row(ref);
    expect(bumped.txid).not.toBe(first.txid);
    expect(bumped).toMatchObject({ status: 'broadcast', last_error: `replaced ${first.txid} (fee bump)` });
    const [original, replacement] = await Promise.all([first.txid, bumped.txid].map((txid) => node.rpc<{ fee: number }>('gettransaction', [txid])));
    expect(-replacement!.fee).toBeGreaterThan(-original!.fee);
    await node.mine(1);
    await t.payouts.worker.tick();
    expect(await t.row(ref)).toMatchObject({ status: 'confirmed', txid: bumped.txid });
    expect(coinNumberToMinor(await node.rpc<number>('getreceivedbyaddress', [address, 1]))).toBe(6_000_000n);
  });
});

describe('cold signing with a PSBT', () => {
  it('the wallet funds a PSBT, the operator signs it elsewhere, and it is finalised and broadcast', async () => {
    const rpc = nodeRpc(node.walletUrl);
    const address = await node.newAddress();
    const created = await createPayoutPsbt(rpc, [{ address, amountMinor: 5_432_100n }]);
    expect(created).toMatchObject({ ok: true });
    if (!created.ok) return;
    expect(created.feeMinor).toBeGreaterThan(0n);
    expect(await broadcastSignedPsbt(rpc, created.psbt)).toMatchObject({ ok: false, code: 'psbt_incomplete' });
    // walletprocesspsbt stands in for the operator's signer (a hardware wallet, an offline machine).
    const signed = await node.rpc<{ psbt: string; complete: boolean }>('walletprocesspsbt', [created.psbt, true]);
    expect(signed.complete).toBe(true);
    const sent = await broadcastSignedPsbt(rpc, signed.psbt);
    expect(sent).toMatchObject({ ok: true });
    expect(await node.rpc<string[]>('getrawmempool', [], false)).toContain(sent.ok ? sent.txid : 'none');
    await node.mine(1);
    expect(coinNumberToMinor(await node.rpc<number>('getreceivedbyaddress', [address, 1]))).toBe(5_432_100n);
  });

  it('the node refuses a PSBT it cannot fund', async () => {
    const created = await createPayoutPsbt(nodeRpc(node.walletUrl), [{ address: await node.newAddress(), amountMinor: 10n ** 16n }]);
    expect(created).toMatchObject({ ok: false, code: 'psbt_refused' });
  });
});
