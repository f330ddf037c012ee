// EVM payouts against a real node: anvil from the local-nodes harness (automine unless a test turns it off),
// our test USDT and USDC at their regtest addresses. Each DB run pays from its own dev account, so the runs'
// nonces never meet. Arrival is checked on chain (eth_getBalance, balanceOf).

import { createWalletClient, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERC20_ABI, startAnvil, type LocalAnvil } from '../nodes/index.ts';
import { testDatabases } from '../../test-database.ts';
import { EvmPayout } from './evm-payout.ts';
import { usePayoutKit } from './payout-test-kit.ts';

let anvil: LocalAnvil;

beforeAll(async () => {
  anvil = await startAnvil();
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
});

function wallet(privateKey: Hex) {
  return createWalletClient({ account: privateKeyToAccount(privateKey), chain: foundry, transport: http(anvil.rpcUrl) });
}

async function tokenBalance(token: 'USDT' | 'USDC', owner: string): Promise<bigint> {
  const { encodeFunctionData } = await import('viem');
  return BigInt(await anvil.rpc<string>('eth_call', [{ to: anvil.tokens[token], data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'balanceOf', args: [owner as Hex] }) }, 'latest']));
}

async function waitMined(hash: Hex): Promise<void> {
  for (let i = 0; i < 50 && !(await anvil.rpc<unknown>('eth_getTransactionReceipt', [hash])); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
}

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;

describe.each(testDatabases().map((db, index) => ({ ...db, signerIndex: index + 1 })))('EVM payouts on $name', ({ name, signerIndex }) => {
  let sender: EvmPayout;
  const t = usePayoutKit(name, () => {
    sender = new EvmPayout({ rpcUrl: anvil.rpcUrl, privateKey: anvil.accounts[signerIndex]!.privateKey, chainId: 31337, tokens: anvil.tokens });
    return [sender];
  });
  const signerKey = () => anvil.accounts[signerIndex]!.privateKey;
  const queue = (ref: string, asset: 'ETH' | 'USDT' | 'USDC', address: string, amountMinor: bigint) =>
    t.database.db.transaction().execute((trx) => t.payouts.queuePayout(trx, { purpose: 'delivery', ref: `${name}-${ref}`, asset, address, amountMinor }));
  const row = (ref: string) => t.row(`${name}-${ref}`);
  const automine = (on: boolean) => anvil.rpc('evm_setAutomine', [on]);
  /** anvil mines a transaction as it arrives, but on a busy machine the receipt may lag the answer a little. */
  const tickUntil = async (ref: string, status: string) => {
    for (let i = 0; i < 40 && (await row(ref)).status !== status; i += 1) {
      await t.payouts.worker.tick();
      if ((await row(ref)).status !== status) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return row(ref);
  };

  beforeAll(async () => {
    // The signer's hot wallet: 10,000 ETH from anvil, and 1,000 USDT and USDC from the deployer.
    const deployer = wallet(anvil.accounts[0]!.privateKey);
    for (const token of ['USDT', 'USDC'] as const) {
      await waitMined(await deployer.writeContract({ address: anvil.tokens[token], abi: ERC20_ABI, functionName: 'transfer', args: [sender.address, 1_000_000_000n] }));
    }
  });

  it('an ETH payout arrives with the right amount, signed once and stored before it was broadcast', async () => {
    const to = freshAddress();
    expect(await queue('eth', 'ETH', to, 50_000_000n)).toMatchObject({ ok: true });
    expect(await t.payouts.worker.tick()).toMatchObject({ broadcast: 1 });
    const sent = await tickUntil('eth', 'confirmed');
    expect(sent).toMatchObject({ status: 'confirmed', signer: sender.address, gas_limit: 21_000n, confirmations: 1 });
    expect(sent.raw_tx).toMatch(/^0x02/);
    expect(sent.max_fee_per_gas).toBeGreaterThan(sent.max_priority_fee_per_gas!);
    expect(BigInt(await anvil.rpc<string>('eth_getBalance', [to, 'latest']))).toBe(500_000_000_000_000_000n);
    expect(sent.fee_minor).toBeGreaterThan(0n);
    await t.payouts.worker.tick();
    expect(t.calls.filter((call) => call.ref === `${name}-eth`).map((call) => call.event)).toEqual(['broadcast', 'confirmed']);
  });

  it('a USDT payout arrives as an ERC-20 transfer with the token 6 decimals', async () => {
    const to = freshAddress();
    expect(await queue('usdt', 'USDT', to, 1_234_000_000n)).toMatchObject({ ok: true });
    expect(await tickUntil('usdt', 'confirmed')).toMatchObject({ status: 'confirmed', gas_limit: expect.any(BigInt) });
    expect(await tokenBalance('USDT', to)).toBe(12_340_000n);
  });

  it('two payouts queued at once take consecutive nonces and are both mined', async () => {
    const to = freshAddress();
    await t.database.db.transaction().execute(async (trx) => {
      await t.payouts.queuePayout(trx, { purpose: 'delivery', ref: `${name}-nonce-a`, asset: 'ETH', address: to, amountMinor: 1_000_000n });
      await t.payouts.queuePayout(trx, { purpose: 'delivery', ref: `${name}-nonce-b`, asset: 'USDC', address: to, amountMinor: 200_000_000n });
    });
    await automine(false);
    try {
      expect(await t.payouts.worker.tick()).toMatchObject({ broadcast: 2 });
      const [a, b] = [await row('nonce-a'), await row('nonce-b')];
      expect(b.nonce).toBe(a.nonce! + 1n);
      expect(await anvil.rpc<string>('eth_getTransactionCount', [sender.address, 'latest'])).toBe(`0x${a.nonce!.toString(16)}`);
      await anvil.mine(1);
    } finally {
      await automine(true);
    }
    await t.payouts.worker.tick();
    expect([(await row('nonce-a')).status, (await row('nonce-b')).status]).toEqual(['confirmed', 'confirmed']);
    expect(BigInt(await anvil.rpc<string>('eth_getBalance', [to, 'latest']))).toBe(10_000_000_000_000_000n);
    expect(await tokenBalance('USDC', to)).toBe(2_000_000n);
  });

  it('a send repeated after a crash, or after the node forgot it, broadcasts the SAME stored transaction', async () => {
    const to = freshAddress();
    await queue('again', 'ETH', to, 3_000_000n);
    await automine(false);
    try {
      const sending = await t.database.db.updateTable('chain_payouts').set({ status: 'sending', attempts: 1 }).where('ref', '=', `${name}-again`).returningAll().executeTakeFirstOrThrow();
      const first = await sender.send(t.database.db, sending);
      expect(first).toMatchObject({ kind: 'broadcast' });
      const stored = await row('again');
      expect(await sender.send(t.database.db, stored)).toEqual(first); // 'already known'
      // The node drops it from its pool: following it hands the node the same bytes again.
      await anvil.rpc('anvil_dropTransaction', [stored.txid]);
      expect(await anvil.rpc<unknown>('eth_getTransactionByHash', [stored.txid])).toBeNull();
      await t.database.db.updateTable('chain_payouts').set({ status: 'broadcast' }).where('id', '=', stored.id).execute();
      await t.payouts.worker.tick();
      expect(await anvil.rpc<{ hash: string } | null>('eth_getTransactionByHash', [stored.txid])).toMatchObject({ hash: stored.txid });
      await anvil.mine(1);
      expect(await sender.send(t.database.db, stored)).toEqual(first); // 'nonce too low', and the mined one is ours
    } finally {
      await automine(true);
    }
    await t.payouts.worker.tick();
    expect(await row('again')).toMatchObject({ status: 'confirmed' });
    expect(BigInt(await anvil.rpc<string>('eth_getBalance', [to, 'latest']))).toBe(30_000_000_000_000_000n);
  });

  it('a payout whose nonce another transaction took is sent again once, with a new nonce, and paid once', async () => {
    const to = freshAddress();
    await queue('nonce-taken', 'ETH', to, 4_000_000n);
    await automine(false);
    let first;
    try {
      await t.payouts.worker.tick();
      first = await row('nonce-taken');
      // The key's holder replaces it in the pool with another transaction at the same nonce (higher fees).
      await wallet(signerKey()).sendTransaction({ to: freshAddress(), value: 1n, nonce: Number(first.nonce), gas: 21_000n, maxFeePerGas: 500_000_000_000n, maxPriorityFeePerGas: 100_000_000_000n });
      await anvil.mine(1);
      await t.payouts.worker.tick();
      expect(await row('nonce-taken')).toMatchObject({ status: 'broadcast', txid: first.txid });
      expect((await row('nonce-taken')).last_error).toMatch(/used by another transaction; .* once that is 6 blocks deep/);
      await anvil.mine(5);
    } finally {
      await automine(true);
    }
    expect(await t.payouts.worker.tick()).toMatchObject({ resent: 1 });
    const resent = await tickUntil('nonce-taken', 'confirmed');
    expect(resent).toMatchObject({ status: 'confirmed', replaced_txids: [first.txid] });
    expect(resent.nonce).toBeGreaterThan(first.nonce!);
    expect(BigInt(await anvil.rpc<string>('eth_getBalance', [to, 'latest']))).toBe(40_000_000_000_000_000n);
  });

  it('an ERC-20 transfer the signer can no longer cover fails with its reason, before or after it is mined', async () => {
    const signer = wallet(signerKey());
    const sink = freshAddress();
    // Before: the tokens left the hot wallet after the payout was accepted; the simulation reverts, nothing is sent.
    await queue('revert-early', 'USDT', freshAddress(), 100n * 10n ** 8n);
    const rest = await tokenBalance('USDT', sender.address);
    await waitMined(await signer.writeContract({ address: anvil.tokens.USDT, abi: ERC20_ABI, functionName: 'transfer', args: [sink, rest] }));
    await t.payouts.worker.tick();
    const early = await row('revert-early');
    expect(early).toMatchObject({ status: 'failed', raw_tx: null });
    expect(early.failed_reason).toMatch(/reverts when simulated/);

    // After: the transfer is broadcast, then a spender the hot wallet approved drains it first in the same block.
    const spender = anvil.accounts[9]!;
    await waitMined(await signer.writeContract({ address: anvil.tokens.USDC, abi: ERC20_ABI, functionName: 'approve', args: [spender.address, 2n ** 255n] }));
    const usdc = await tokenBalance('USDC', sender.address);
    await queue('revert-late', 'USDC', freshAddress(), usdc * 100n);
    await automine(false);
    try {
      expect(await t.payouts.worker.tick()).toMatchObject({ broadcast: 1 });
      await wallet(spender.privateKey).writeContract({ address: anvil.tokens.USDC, abi: ERC20_ABI, functionName: 'transferFrom', args: [sender.address, sink, usdc], gas: 100_000n, maxPriorityFeePerGas: 100_000_000_000n, maxFeePerGas: 200_000_000_000n });
      await anvil.mine(1);
    } finally {
      await automine(true);
    }
    await t.payouts.worker.tick();
    const late = await row('revert-late');
    expect(late).toMatchObject({ status: 'failed' });
    expect(late.failed_reason).toMatch(/reverted \(receipt status 0\)/);
    expect(late.fee_minor).toBeGreaterThan(0n);
    expect(t.calls.filter((call) => call.ref.startsWith(`${name}-revert`)).map((call) => `${call.ref.slice(name.length + 1)} ${call.event}`)).toEqual(['revert-early failed', 'revert-late broadcast', 'revert-late failed']);
  });

  it('refuses at queue time what the hot wallet cannot cover, and shows the hot wallets', async () => {
    const result = await queue('too-big', 'ETH', freshAddress(), 10n ** 14n);
    expect(result).toMatchObject({ ok: false, code: 'hot_wallet_insufficient' });
    const lines = await t.payouts.hotWalletBalances();
    expect(lines.map((line) => line.asset)).toEqual(['ETH', 'USDT', 'USDC']);
    expect(lines.every((line) => line.address === sender.address && line.error === null && line.pendingMinor === 0n)).toBe(true);
    expect(lines[0]!.balanceMinor).toBeGreaterThan(0n);
    expect(lines[1]!.balanceMinor).toBe(0n);
  });

  it('never logs the signer key', () => {
    const key = signerKey();
    expect(t.logLines.length).toBeGreaterThan(0);
    expect(t.logLines.join('\n')).not.toContain(key.slice(2));
  });
});
