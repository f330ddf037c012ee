// The payout layer's rules with scripted adapters (no node): what the queue refuses, idempotency by ref, and
// the worker's state machine (each handler exactly once; refusals back off then fail; no answer is looked
// for before any new send; a transaction that can never be mined is sent again once, then failed).
// The same rules against real nodes: bitcoin-node-payout.test.ts and evm-payout.test.ts.

import { beforeAll, describe, expect, it } from 'vitest';
import type { CryptoAsset } from '#core/assets.ts';
import type { ChainFamily } from '#core/chain/networks.ts';
import type { ChainPayoutRow } from '../../db/tables/chain-payouts.ts';
import { testDatabases } from '../../test-database.ts';
import type { FollowOutcome, PayoutSender, SendOutcome } from './payout-sender.ts';
import { freePort } from '../nodes/index.ts';
import { REJECTED_PAYOUT_ADDRESSES } from '../test-network-payout.ts';
import { BitcoinNodePayout } from './bitcoin-node-payout.ts';
import { ChainPayouts } from './chain-payouts.ts';
import { recordingLogger, usePayoutKit } from './payout-test-kit.ts';
import { testNetworkPayoutSenders } from './test-network-payout-sender.ts';

const LTC_ADDRESS = 'rltc1qqurswpc8qurswpc8qurswpc8qurswpc8ntpxlg';
const ETH_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** An adapter whose answers the test scripts per ref; unscripted sends broadcast `tx-<ref>-<n>`. */
class ScriptedSender implements PayoutSender {
  readonly node = 'scripted://';
  balanceMinor = 1_000_000n;
  readonly sends: string[] = [];
  readonly sendScript = new Map<string, SendOutcome[]>();
  readonly followScript = new Map<string, FollowOutcome[]>();
  constructor(
    readonly family: ChainFamily,
    readonly assets: readonly CryptoAsset[],
  ) {}
  exact(asset: CryptoAsset, amountMinor: bigint): boolean {
    return asset === 'ETH' || this.family !== 'ethereum' || amountMinor % 100n === 0n;
  }
  async balance() {
    return { balanceMinor: this.balanceMinor, address: null };
  }
  async send(_db: unknown, payout: ChainPayoutRow): Promise<SendOutcome> {
    this.sends.push(payout.ref);
    return this.sendScript.get(payout.ref)?.shift() ?? { kind: 'broadcast', txid: `tx-${payout.ref}-${this.sends.filter((ref) => ref === payout.ref).length}` };
  }
  async follow(payout: ChainPayoutRow): Promise<FollowOutcome> {
    return this.followScript.get(payout.ref)?.shift() ?? { kind: 'pending', confirmations: 0, block: null };
  }
}

const mined = (confirmations: number): FollowOutcome => ({ kind: 'pending', confirmations, block: { height: 100, hash: 'b'.repeat(64) }, feeMinor: 141n });

describe.each(testDatabases())('chain payouts (scripted adapters) on $name', ({ name }) => {
  const ltc = new ScriptedSender('litecoin', ['LTC']);
  const evm = new ScriptedSender('ethereum', ['ETH', 'USDT', 'USDC']);
  // Ahead of the database's now(), which stamps next_attempt_at on insert.
  let clock = new Date(Date.now() + 86_400_000);
  const t = usePayoutKit(name, () => [ltc, evm], { worker: { now: () => clock, maxAttempts: 3, leaseMs: 60_000 } });
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const queue = (ref: string, amountMinor: bigint, asset: CryptoAsset = 'LTC', address = asset === 'LTC' ? LTC_ADDRESS : ETH_ADDRESS) =>
    t.database.db.transaction().execute((trx) => t.payouts.queuePayout(trx, { purpose: 'withdrawal', ref, asset, address, amountMinor }));
  const callsOf = (ref: string) => t.calls.filter((call) => call.ref === ref).map((call) => call.event);

  it.each([
    { why: 'an address of another network', asset: 'LTC' as const, address: 'tltc1qrrtyv9fmk6r2gsxqulqvru37euq4s0vypdegr2', amount: 1_000n, code: 'address_invalid' },
    { why: 'a token amount finer than its 6 decimals', asset: 'USDT' as const, address: ETH_ADDRESS, amount: 1_000_001n, code: 'amount_invalid' },
    { why: 'a family with no node configured', asset: 'BTC' as const, address: 'bcrt1qqurswpc8qurswpc8qurswpc8qurswpc8dxm0gk', amount: 1_000n, code: 'payout_unavailable' },
    { why: 'more than the hot wallet holds', asset: 'LTC' as const, address: LTC_ADDRESS, amount: 1_000_001n, code: 'hot_wallet_insufficient' },
  ])('refuses $why at queue time ($code) and stores nothing', async ({ asset, address, amount, code }) => {
    const ref = `refused-${code}`;
    const result = await queue(ref, amount, asset, address);
    expect(result).toMatchObject({ ok: false, code });
    expect(await t.database.db.selectFrom('chain_payouts').select('id').where('ref', '=', ref).execute()).toHaveLength(0);
  });

  it('counts payouts accepted but not yet broadcast against the hot wallet', async () => {
    expect(await queue('promise-1', 600_000n)).toMatchObject({ ok: true });
    const second = await queue('promise-2', 500_000n);
    expect(second).toMatchObject({ ok: false, code: 'hot_wallet_insufficient' });
    expect(!second.ok && second.message).toContain('0.00600000 is promised');
    expect(await queue('promise-3', 400_000n)).toMatchObject({ ok: true });
    await t.database.db.deleteFrom('chain_payouts').where('ref', 'in', ['promise-1', 'promise-3']).execute();
  });

  it('the same ref with the same details answers the same payout; with other details it is a bug and throws', async () => {
    const first = await queue('same-ref', 1_000n);
    const again = await queue('same-ref', 1_000n);
    expect(first.ok && again.ok && again.payout.id === first.payout.id).toBe(true);
    await expect(queue('same-ref', 2_000n)).rejects.toThrow(/already used for a different payout/);
    expect(await t.database.db.selectFrom('chain_payouts').select('id').where('ref', '=', 'same-ref').execute()).toHaveLength(1);
  });

  it('queued -> broadcast -> confirmed, each handler exactly once however many rounds run', async () => {
    await queue('happy', 2_000n);
    ltc.followScript.set('happy', [{ kind: 'pending', confirmations: 0, block: null }, mined(1)]);
    expect(await t.payouts.worker.tick()).toMatchObject({ broadcast: 2 }); // 'same-ref' too
    expect(await t.row('happy')).toMatchObject({ status: 'broadcast', txid: 'tx-happy-1', attempts: 1, claimed_until: null });
    await t.payouts.worker.tick();
    expect(await t.row('happy')).toMatchObject({ status: 'confirmed', confirmations: 1, block_height: 100n, fee_minor: 141n });
    await t.payouts.worker.tick();
    expect(callsOf('happy')).toEqual(['broadcast', 'confirmed']);
    expect(ltc.sends.filter((ref) => ref === 'happy')).toHaveLength(1);
  });

  it('a refusal before broadcast backs off and fails after maxAttempts, giving the funds back once', async () => {
    await queue('refused', 1_000n);
    ltc.sendScript.set('refused', [1, 2, 3].map(() => ({ kind: 'retry', error: 'Insufficient funds (code -6)' }) as const));
    await t.payouts.worker.tick();
    expect(await t.row('refused')).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Insufficient funds (code -6)' });
    await t.payouts.worker.tick(); // not due yet
    expect(ltc.sends.filter((ref) => ref === 'refused')).toHaveLength(1);
    later(1_000);
    await t.payouts.worker.tick();
    later(2_000);
    await t.payouts.worker.tick();
    expect(await t.row('refused')).toMatchObject({ status: 'failed', attempts: 3 });
    expect((await t.row('refused')).failed_reason).toMatch(/refused it 3 times; last: Insufficient funds/);
    expect(callsOf('refused')).toEqual(['failed']);
  });

  it('a send with no answer stays sending and is taken again only when its claim lapses', async () => {
    await queue('silent', 1_000n);
    ltc.sendScript.set('silent', [{ kind: 'unknown', error: 'no answer' }]);
    expect(await t.payouts.worker.tick()).toMatchObject({ uncertain: 1 });
    expect(await t.row('silent')).toMatchObject({ status: 'sending', txid: null });
    await t.payouts.worker.tick();
    expect(ltc.sends.filter((ref) => ref === 'silent')).toHaveLength(1);
    later(1_000);
    await t.payouts.worker.tick();
    expect(await t.row('silent')).toMatchObject({ status: 'broadcast', txid: 'tx-silent-2' });
    expect(callsOf('silent')).toEqual(['broadcast']);
  });

  it('a transaction that can never be mined is sent again once; gone a second time, the payout fails', async () => {
    await queue('gone', 1_000n);
    await t.payouts.worker.tick();
    ltc.followScript.set('gone', [{ kind: 'gone', reason: 'conflicted' }, { kind: 'gone', reason: 'conflicted again' }]);
    expect(await t.payouts.worker.tick()).toMatchObject({ resent: 1 });
    expect(await t.row('gone')).toMatchObject({ status: 'queued', txid: null, replaced_txids: ['tx-gone-1'] });
    await t.payouts.worker.tick(); // sent again, then found gone again
    const failed = await t.row('gone');
    expect(failed).toMatchObject({ status: 'failed', txid: 'tx-gone-2' });
    expect(failed.failed_reason).toMatch(/sent twice.*tx-gone-1, tx-gone-2.*conflicted again/);
    expect(callsOf('gone')).toEqual(['broadcast', 'broadcast', 'failed']);
  });

  it('an abandoned or reverted transaction fails the payout with its reason', async () => {
    await queue('abandoned', 1_000n);
    await queue('reverted', 1_000n, 'ETH');
    await t.payouts.worker.tick();
    ltc.followScript.set('abandoned', [{ kind: 'abandoned', reason: 'abandoned in the node wallet' }]);
    evm.followScript.set('reverted', [{ kind: 'reverted', reason: 'receipt status 0', block: { height: 7, hash: '0xabc' }, feeMinor: 5n }]);
    await t.payouts.worker.tick();
    expect(await t.row('abandoned')).toMatchObject({ status: 'failed', failed_reason: 'abandoned in the node wallet' });
    expect(await t.row('reverted')).toMatchObject({ status: 'failed', failed_reason: 'receipt status 0', block_height: 7n, fee_minor: 5n });
    expect([...callsOf('abandoned'), ...callsOf('reverted')]).toEqual(['broadcast', 'failed', 'broadcast', 'failed']);
  });

  it('a handler that throws rolls its step back; the next round takes it again without a second send', async () => {
    await queue('handler-bug', 1_000n, 'LTC');
    ltc.sendScript.set('handler-bug', [{ kind: 'broadcast', txid: 'tx-handler-bug' }, { kind: 'broadcast', txid: 'tx-handler-bug' }]);
    t.failNextHandler('withdrawal');
    await t.payouts.worker.tick();
    expect(await t.row('handler-bug')).toMatchObject({ status: 'sending', txid: null });
    expect(t.logLines.some((line) => line.includes('recording a payout step failed'))).toBe(true);
    later(60_000);
    await t.payouts.worker.tick();
    expect(await t.row('handler-bug')).toMatchObject({ status: 'broadcast', txid: 'tx-handler-bug' });
    expect(callsOf('handler-bug')).toEqual(['broadcast']);
  });
});

describe.each(testDatabases())('chain payouts on the built-in test network on $name', ({ name }) => {
  const t = usePayoutKit(name, () => [], { network: 'test' });

  it('pays through the same queue and worker: broadcast, then confirmed once mined; a rejected address fails', async () => {
    const db = t.database.db;
    const payouts = new ChainPayouts({ db, network: 'test', senders: testNetworkPayoutSenders(db), log: recordingLogger([]) });
    const events: string[] = [];
    payouts.onPayout('refund', {
      broadcast: async (_trx, payout) => void events.push(`${payout.ref} broadcast`),
      confirmed: async (_trx, payout) => void events.push(`${payout.ref} confirmed`),
      failed: async (_trx, payout) => void events.push(`${payout.ref} failed: ${payout.failed_reason}`),
    });
    await db.transaction().execute(async (trx) => {
      expect(await payouts.queuePayout(trx, { purpose: 'refund', ref: 'tn-ok', asset: 'BTC', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amountMinor: 5_000n })).toMatchObject({ ok: true });
      expect(await payouts.queuePayout(trx, { purpose: 'refund', ref: 'tn-rejected', asset: 'ETH', address: REJECTED_PAYOUT_ADDRESSES.ethereum, amountMinor: 5_000n })).toMatchObject({ ok: true });
    });
    await payouts.worker.tick();
    const sent = await t.row('tn-ok');
    expect(sent).toMatchObject({ status: 'broadcast' });
    expect(await db.selectFrom('test_network_txs').select(['address', 'amount_minor']).where('txid', '=', sent.txid!).executeTakeFirst()).toEqual({ address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amount_minor: 5_000n });
    await db.updateTable('test_network_state').set({ tip_height: (eb) => eb('tip_height', '+', 1n) }).execute();
    await db.updateTable('test_network_txs').set({ block_height: (await db.selectFrom('test_network_state').select('tip_height').executeTakeFirstOrThrow()).tip_height }).where('block_height', 'is', null).execute();
    await payouts.worker.tick();
    expect(await t.row('tn-ok')).toMatchObject({ status: 'confirmed', confirmations: 1 });
    expect(await payouts.hotWalletBalances()).toEqual([]);
    expect(events).toEqual(['tn-ok broadcast', 'tn-rejected failed: The test network refused the payout: this address is the documented test address that always rejects payouts.', 'tn-ok confirmed']);
  });
});

describe.each(testDatabases())('a payout node that cannot be reached, on $name', ({ name }) => {
  let port = 0;
  // Before the kit's beforeAll, which builds the adapter: a port nothing listens on.
  beforeAll(async () => {
    port = await freePort();
  });
  const t = usePayoutKit(name, () => [new BitcoinNodePayout('litecoin', `http://payer:s3cret-pw@127.0.0.1:${port}/wallet/w`)]);

  it('refuses at queue time (payout_unavailable) and shows the error in the hot wallets, never the password', async () => {
    const result = await t.database.db.transaction().execute((trx) => t.payouts.queuePayout(trx, { purpose: 'merchant_payout', ref: 'unreachable', asset: 'LTC', address: LTC_ADDRESS, amountMinor: 1_000n }));
    expect(result).toMatchObject({ ok: false, code: 'payout_unavailable' });
    const [line] = await t.payouts.hotWalletBalances();
    expect(line).toMatchObject({ asset: 'LTC', balanceMinor: null, pendingMinor: 0n, node: `http://payer:***@127.0.0.1:${port}/wallet/w` });
    expect(line!.error).toMatch(/no answer/);
    expect(JSON.stringify([result, line, t.logLines], (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toContain('s3cret-pw');
  });
});
