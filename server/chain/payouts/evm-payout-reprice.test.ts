// Re-pricing a stuck EVM payout against a real anvil: automine off, and a block mined at a base fee above what
// the payout offers (anvil_setNextBlockBaseFeePerGas), so it is left unmined like a payout overtaken by a rising
// base fee (anvil then drops it from its pool, as a busy node may; the payout hands it back while it waits). The
// sender's clock is the test's, so "unmined for repriceAfterMs" is a step of the test.
// Each database run pays from its own dev accounts; arrival is read from anvil (eth_getBalance).

import { toHex, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type LocalAnvil } from '../nodes/index.ts';
import { testDatabases } from '../../test-database.ts';
import { EvmPayout } from './evm-payout.ts';
import { usePayoutKit } from './payout-test-kit.ts';

const GWEI = 1_000_000_000n;
const REPRICE_AFTER_MS = 60_000;
let anvil: LocalAnvil;

beforeAll(async () => {
  anvil = await startAnvil();
  await anvil.rpc('evm_setAutomine', [false]);
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
});

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;
const balance = async (address: string) => BigInt(await anvil.rpc<string>('eth_getBalance', [address, 'latest']));
const inPool = async (txid: string | null) => (await anvil.rpc<{ blockNumber: string | null } | null>('eth_getTransactionByHash', [txid]))?.blockNumber === null;
const receipt = (txid: string | null) => anvil.rpc<{ status: Hex } | null>('eth_getTransactionReceipt', [txid]);
/** Mines one block whose base fee is the given one: a payout offering less stays in the pool. */
async function mineAtBaseFee(wei: bigint): Promise<void> {
  await anvil.rpc('anvil_setNextBlockBaseFeePerGas', [toHex(wei)]);
  await anvil.mine(1);
}

describe.each(testDatabases().map((db, index) => ({ ...db, signers: [1 + 2 * index, 2 + 2 * index] as const })))('re-pricing stuck EVM payouts on $name', ({ name, signers }) => {
  let offsetMs = 0;
  const later = () => {
    offsetMs += REPRICE_AFTER_MS;
  };
  const sender = (signer: number, maxFeePerGas?: bigint) =>
    new EvmPayout({ rpcUrl: anvil.rpcUrl, privateKey: anvil.accounts[signer]!.privateKey, chainId: 31337, tokens: anvil.tokens, repriceAfterMs: REPRICE_AFTER_MS, now: () => new Date(Date.now() + offsetMs), ...(maxFeePerGas === undefined ? {} : { maxFeePerGas }) });

  afterEach(async () => {
    // Whatever a test left in the pool is mined, so the next one starts from an empty pool at 1 gwei.
    await mineAtBaseFee(GWEI);
  });

  describe('under the default cap', () => {
    const t = usePayoutKit(name, () => [sender(signers[0])]);
    const ref = (what: string) => `${name}-${what}`;
    async function stuckPayout(what: string, to: string) {
      await mineAtBaseFee(GWEI);
      await t.database.db.transaction().execute((trx) => t.payouts.queuePayout(trx, { purpose: 'delivery', ref: ref(what), asset: 'ETH', address: to, amountMinor: 7_000_000n }));
      expect(await t.payouts.worker.tick()).toMatchObject({ broadcast: 1 });
      const first = await t.row(ref(what));
      await mineAtBaseFee(first.max_fee_per_gas! + 1n);
      expect(await receipt(first.txid)).toBeNull();
      return first;
    }

    it('a payout left unmined under a risen base fee is re-priced with the same nonce, mined, and completed once', async () => {
      const to = freshAddress();
      const first = await stuckPayout('repriced', to);
      // Not yet waited long enough: followed as it is (the same bytes handed to the node again).
      await t.payouts.worker.tick();
      expect(await t.row(ref('repriced'))).toMatchObject({ status: 'broadcast', txid: first.txid, raw_tx: first.raw_tx, repriced_txids: [] });
      expect(await inPool(first.txid)).toBe(true);

      later();
      expect(await t.payouts.worker.tick()).toMatchObject({ confirmed: 0, failed: 0 });
      const repriced = await t.row(ref('repriced'));
      expect(repriced).toMatchObject({ status: 'broadcast', nonce: first.nonce, repriced_txids: [first.txid] });
      expect(repriced.txid).not.toBe(first.txid);
      expect(repriced.raw_tx).not.toBe(first.raw_tx);
      expect(repriced.last_error).toMatch(new RegExp(`^re-priced ${first.txid} to ${repriced.txid} \\(max fee [0-9.]+ gwei, tip [0-9.]+ gwei\\)`));
      // Both fees clear the nodes' +10 % replacement rule, and the new max fee covers the base fee that stopped the first.
      expect(repriced.max_fee_per_gas! * 10n).toBeGreaterThanOrEqual(first.max_fee_per_gas! * 11n);
      expect(repriced.max_priority_fee_per_gas! * 10n).toBeGreaterThanOrEqual(first.max_priority_fee_per_gas! * 11n);
      expect(repriced.max_fee_per_gas).toBeGreaterThan(first.max_fee_per_gas! + 1n);
      expect(await inPool(repriced.txid)).toBe(true);

      await anvil.mine(1);
      expect(await t.payouts.worker.tick()).toMatchObject({ confirmed: 1 });
      expect(await t.payouts.worker.tick()).toMatchObject({ broadcast: 0, confirmed: 0, failed: 0 });
      expect(await t.row(ref('repriced'))).toMatchObject({ status: 'confirmed', txid: repriced.txid, repriced_txids: [first.txid] });
      expect(await receipt(first.txid)).toBeNull();
      expect(await balance(to)).toBe(70_000_000_000_000_000n);
      expect(t.calls.filter((call) => call.ref === ref('repriced')).map((call) => [call.event, call.txid])).toEqual([
        ['broadcast', first.txid],
        ['confirmed', repriced.txid],
      ]);
    });

    it('when the transaction it replaced is mined instead, the payout completes once under that transaction', async () => {
      const to = freshAddress();
      const first = await stuckPayout('original-mined', to);
      later();
      await t.payouts.worker.tick();
      const repriced = await t.row(ref('original-mined'));
      expect(repriced.repriced_txids).toEqual([first.txid]);
      // Another node still had the first one and a block took it: here, the pool forgets the replacement,
      // the base fee falls back, and the first one's bytes come in again.
      await anvil.rpc('anvil_dropTransaction', [repriced.txid]);
      await mineAtBaseFee(GWEI);
      expect(await anvil.rpc<string>('eth_sendRawTransaction', [first.raw_tx])).toBe(first.txid);
      await anvil.mine(1);
      expect(await receipt(first.txid)).toMatchObject({ status: '0x1' });

      expect(await t.payouts.worker.tick()).toMatchObject({ confirmed: 1 });
      await t.payouts.worker.tick();
      expect(await t.row(ref('original-mined'))).toMatchObject({ status: 'confirmed', txid: first.txid, repriced_txids: [repriced.txid] });
      expect(await balance(to)).toBe(70_000_000_000_000_000n);
      expect(t.calls.filter((call) => call.ref === ref('original-mined')).map((call) => [call.event, call.txid])).toEqual([
        ['broadcast', first.txid],
        ['confirmed', first.txid],
      ]);
    });
  });

  describe('under a low EVM_MAX_FEE_PER_GAS_GWEI', () => {
    const cap = (3n * GWEI) / 2n;
    const t = usePayoutKit(name, () => [sender(signers[1], cap)]);

    it('signs within the cap, refuses to re-price above it with the reason, and completes once the base fee falls', async () => {
      const to = freshAddress();
      const what = `${name}-capped`;
      await mineAtBaseFee(GWEI);
      await t.database.db.transaction().execute((trx) => t.payouts.queuePayout(trx, { purpose: 'delivery', ref: what, asset: 'ETH', address: to, amountMinor: 5_000_000n }));
      await t.payouts.worker.tick();
      const first = await t.row(what);
      // The estimate (twice the base fee, plus the tip) is above the cap: signed at the cap.
      expect(first.max_fee_per_gas).toBe(cap);
      await mineAtBaseFee(2n * GWEI);
      later();
      await t.payouts.worker.tick();
      const waiting = await t.row(what);
      expect(waiting).toMatchObject({ status: 'broadcast', txid: first.txid, raw_tx: first.raw_tx, max_fee_per_gas: cap, repriced_txids: [] });
      expect(waiting.last_error).toBe(
        'the payout is unmined at a max fee of 1.5 gwei per gas; a replacement needs at least 1.6875 gwei, above the cap EVM_MAX_FEE_PER_GAS_GWEI (1.5 gwei): it waits until the base fee falls, or raise the cap',
      );
      expect(await receipt(first.txid)).toBeNull();

      // The base fee falls: the same transaction goes back to the node and is mined.
      await mineAtBaseFee(GWEI);
      await t.payouts.worker.tick();
      expect(await inPool(first.txid)).toBe(true);
      await anvil.mine(1);
      expect(await t.payouts.worker.tick()).toMatchObject({ confirmed: 1 });
      expect(await t.row(what)).toMatchObject({ status: 'confirmed', txid: first.txid, last_error: null });
      expect(await balance(to)).toBe(50_000_000_000_000_000n);
      expect(t.calls.map((call) => call.event)).toEqual(['broadcast', 'confirmed']);
    });
  });
});
