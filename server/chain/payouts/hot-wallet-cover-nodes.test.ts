// The queue's fee reservation against real nodes: litecoind in regtest (no fee estimate there: the floor)
// and anvil (gas x the maxFeePerGas a payout is signed with now). What the queue accepts up to the last
// satoshi or wei of the allowance is then really sent; one unit more is refused. A USDT payout is checked
// against the ETH its gas needs.

import { createWalletClient, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CryptoAsset } from '#core/assets.ts';
import { testDatabases } from '../../test-database.ts';
import { ERC20_ABI, startAnvil, startLitecoind, type LocalAnvil, type LocalLitecoind } from '../nodes/index.ts';
import { BitcoinFeeQuoter, TYPICAL_PAYOUT_VBYTES } from './bitcoin-fee-quote.ts';
import { BitcoinNodePayout } from './bitcoin-node-payout.ts';
import { EvmFeeQuoter } from './evm-fee-quote.ts';
import { EvmPayout } from './evm-payout.ts';
import { usePayoutKit } from './payout-test-kit.ts';

let litecoind: LocalLitecoind;
let anvil: LocalAnvil;

beforeAll(async () => {
  [litecoind, anvil] = await Promise.all([startLitecoind(), startAnvil()]);
}, 60_000);

afterAll(async () => {
  await Promise.all([litecoind?.stop(), anvil?.stop()]);
});

async function waitMined(hash: Hex): Promise<void> {
  for (let i = 0; i < 50 && !(await anvil.rpc<unknown>('eth_getTransactionReceipt', [hash])); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.each(testDatabases())('the fee reserved at queue time, on real nodes, on $name', ({ name }) => {
  // A fresh EVM hot wallet per database run: its ETH is exactly what each test gives it.
  const evmKey = generatePrivateKey();
  let ltcSender: BitcoinNodePayout;
  let evmSender: EvmPayout;
  const t = usePayoutKit(
    name,
    () => {
      ltcSender = new BitcoinNodePayout('litecoin', litecoind.walletUrl);
      evmSender = new EvmPayout({ rpcUrl: anvil.rpcUrl, privateKey: evmKey, chainId: 31337, tokens: anvil.tokens });
      return [ltcSender, evmSender];
    },
    { fees: () => [new BitcoinFeeQuoter('litecoin', litecoind.walletUrl), new EvmFeeQuoter(anvil.rpcUrl)] },
  );
  const queue = (ref: string, asset: CryptoAsset, address: string, amountMinor: bigint) =>
    t.database.db.transaction().execute((trx) => t.payouts.queuePayout(trx, { purpose: 'withdrawal', ref: `${name}-${ref}`, asset, address, amountMinor }));
  const deployer = () => createWalletClient({ account: privateKeyToAccount(anvil.accounts[0]!.privateKey), chain: foundry, transport: http(anvil.rpcUrl) });
  const fundEth = async (wei: bigint) => waitMined(await deployer().sendTransaction({ to: evmSender.address, value: wei }));
  const fundToken = async (units: bigint) => waitMined(await deployer().writeContract({ address: anvil.tokens.USDT, abi: ERC20_ABI, functionName: 'transfer', args: [evmSender.address, units] }));

  it("LTC: with no estimate on regtest the floor is reserved (10 sat/vB x 250 vB); the balance less that is accepted and sent, one satoshi more is refused", async () => {
    const allowance = await new BitcoinFeeQuoter('litecoin', litecoind.walletUrl).quote();
    expect(allowance.perPayoutMinor('LTC')).toBe(10n * TYPICAL_PAYOUT_VBYTES);
    expect(allowance.basis).toContain('the node has no estimate');
    const { balanceMinor } = await ltcSender.balance();
    const address = await litecoind.newAddress();
    const over = await queue('ltc-over', 'LTC', address, balanceMinor - 2_500n + 1n);
    expect(over).toMatchObject({ ok: false, code: 'hot_wallet_insufficient' });
    expect(!over.ok && over.message).toContain('and its network fee');
    expect(await queue('ltc-all', 'LTC', address, balanceMinor - 2_500n)).toMatchObject({ ok: true });
    // Nothing is left for another payout, not even one satoshi.
    expect(await queue('ltc-next', 'LTC', address, 1n)).toMatchObject({ ok: false, code: 'hot_wallet_insufficient' });
    expect(await t.payouts.worker.tick()).toMatchObject({ broadcast: 1, requeued: 0 });
    await litecoind.mine(1);
    expect(await t.payouts.worker.tick()).toMatchObject({ confirmed: 1 });
    expect((await t.row(`${name}-ltc-all`)).fee_minor).toBeLessThanOrEqual(2_500n);
  });

  it('LTC: two payouts queued at once, each within the balance but not both, are not both accepted', async () => {
    await litecoind.mine(1);
    const { balanceMinor } = await ltcSender.balance();
    const address = await litecoind.newAddress();
    const half = (balanceMinor * 6n) / 10n;
    const results = await Promise.all([queue('ltc-race-a', 'LTC', address, half), queue('ltc-race-b', 'LTC', address, half)]);
    expect(results.map((result) => (result.ok ? 'ok' : result.code)).sort()).toEqual(['hot_wallet_insufficient', 'ok']);
    // The accepted one is sent; the hot wallet then holds what is left.
    expect(await t.payouts.worker.tick()).toMatchObject({ broadcast: 1, requeued: 0 });
  });

  it('ETH: the balance less 21,000 gas at the maxFeePerGas it is signed with is accepted and mined; one unit more is refused', async () => {
    await fundEth(10n ** 16n);
    const fee = (await new EvmFeeQuoter(anvil.rpcUrl).quote()).perPayoutMinor('ETH');
    expect(fee).toBeGreaterThan(0n);
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const balance = (await evmSender.balance('ETH')).balanceMinor;
    expect(await queue('eth-over', 'ETH', to, balance - fee + 1n)).toMatchObject({ ok: false, code: 'hot_wallet_insufficient' });
    expect(await queue('eth-all', 'ETH', to, balance - fee)).toMatchObject({ ok: true });
    expect(await t.payouts.worker.tick()).toMatchObject({ broadcast: 1, requeued: 0 });
    const sent = await t.row(`${name}-eth-all`);
    expect(sent.gas_limit! * sent.max_fee_per_gas!).toBeLessThanOrEqual(fee * 10n ** 10n);
    await waitMined(sent.txid as Hex);
    expect(BigInt(await anvil.rpc<string>('eth_getBalance', [to, 'latest']))).toBe((balance - fee) * 10n ** 10n);
  });

  it("USDT: a payout its token balance covers is refused while the hot wallet's ETH cannot pay its gas, and accepted once it can", async () => {
    await fundToken(500_000_000n);
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const refused = await queue('usdt-no-gas', 'USDT', to, 10_000_000_000n);
    expect(refused).toMatchObject({ ok: false, code: 'hot_wallet_fee_insufficient' });
    expect(!refused.ok && refused.message).toContain('network fee of this USDT payout in ETH');
    await fundEth(10n ** 17n);
    expect(await queue('usdt-gas', 'USDT', to, 10_000_000_000n)).toMatchObject({ ok: true });
  });
});
