// The chain service on a real node, as `npm start -- --local-nodes` runs it: LTC_RPC_URL switches the
// process to regtest, the service starts a watcher for the node, and a member's deposit paid from
// litecoind's wallet is seen by that watcher and credited once its confirmations are in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, checkLedger, findAccount } from '../ledger/index.ts';
import { newMember } from '../money/deposits/member-test-kit.ts';
import { buildTestApp, testDatabases, type TestApp } from '../test-helper.ts';
import { walletAddressRecord } from './addresses.ts';
import { keysFromSeed, seedFromMnemonic, TEST_MNEMONIC } from './hd-keys.ts';
import { startAnvil, startLitecoind, type LocalAnvil, type LocalLitecoind } from './nodes/index.ts';
import { createWalletClient, http, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { ERC20_ABI } from './nodes/index.ts';

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(testDatabases())('the chain service on a local litecoind, on $name', ({ name }) => {
  let node: LocalLitecoind;
  let evm: LocalAnvil;
  let t: TestApp;
  beforeAll(async () => {
    [node, evm] = await Promise.all([startLitecoind(), startAnvil()]);
    t = await buildTestApp(name, { env: { LTC_RPC_URL: node.walletUrl, EVM_RPC_URL: evm.rpcUrl, CHAIN_POLL_MS: 100 } });
    await t.app.ready();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([node?.stop(), evm?.stop()]);
  });

  it('runs on regtest with LTC and the EVM assets on their nodes and the families without a node off', () => {
    expect(t.app.chain.network).toBe('regtest');
    expect(t.app.chain.assets).toEqual(['LTC', 'ETH', 'USDT', 'USDC']);
    expect(t.app.chain.testNetwork).toBeNull();
    expect(t.app.chain.watchers.map((watcher) => watcher.family)).toEqual(['litecoin', 'ethereum']);
  });

  it('a USDC deposit sent by an ERC-20 transfer on anvil is credited once after 6 blocks', async () => {
    const member = await newMember(t.app);
    const { address } = await walletAddressRecord(t.app.db, { providerId: member.providerId, userId: member.userId, asset: 'USDC' });
    const payer = createWalletClient({ account: privateKeyToAccount(evm.accounts[0]!.privateKey), chain: foundry, transport: http(evm.rpcUrl) });
    const hash = await payer.writeContract({ address: evm.tokens.USDC, abi: ERC20_ABI, functionName: 'transfer', args: [address as `0x${string}`, parseUnits('42.5', 6)] });
    const deposit = () => t.app.db.selectFrom('money_transactions').selectAll().where('reference', '=', hash).executeTakeFirst();
    expect(await until('the USDC deposit', deposit)).toMatchObject({ status: 'pending', amount_minor: 4_250_000_000n, currency_iso: 'USDC' });
    await evm.mine(6);
    await until('the USDC deposit to complete', async () => ((await deposit())?.status === 'completed' ? true : undefined));
  });

  it("a deposit paid from the node's wallet is seen in the mempool, then credited once after 4 blocks", async () => {
    const member = await newMember(t.app);
    const { address } = await walletAddressRecord(t.app.db, { providerId: member.providerId, userId: member.userId, asset: 'LTC' });
    expect(address).toMatch(/^rltc1q/);
    const txid = await node.rpc<string>('sendtoaddress', [address, 0.125]);
    const deposit = () => t.app.db.selectFrom('money_transactions').selectAll().where('reference', '=', txid).executeTakeFirst();
    expect(await until('the deposit', deposit)).toMatchObject({ status: 'pending', confirmations: 0, amount_minor: 12_500_000n, currency_iso: 'LTC' });
    await node.mine(4);
    await until('the deposit to complete', async () => ((await deposit())?.status === 'completed' ? true : undefined));
    const wallet = await findAccount(t.app.db, { providerId: member.providerId, owner: { type: 'user', userId: member.userId }, asset: 'LTC', kind: 'wallet' });
    expect(balanceOf(wallet!)).toEqual({ balance: 12_500_000n, available: 12_500_000n, pendingIn: 0n });
    expect(await checkLedger(t.app.db)).toMatchObject({ ok: true, violations: [] });
    const [status] = t.app.chain.statuses();
    expect(status).toMatchObject({ family: 'litecoin', backend: 'bitcoin-rpc', network: 'regtest', reachable: true, lastError: null });
    expect(status!.node).not.toContain(new URL(node.walletUrl).password);
  });
});

describe('MODE=live on the local nodes', () => {
  it("starts, watches both nodes, and refuses to read chains that are not main: the status says which chain the node runs", async () => {
    const [node, evm] = await Promise.all([startLitecoind(), startAnvil()]);
    // Live mode derives addresses from account xpubs in the environment (the public keys only).
    const main = keysFromSeed(seedFromMnemonic(TEST_MNEMONIC), 'main');
    const saved = { LTC_XPUB: process.env.LTC_XPUB, EVM_XPUB: process.env.EVM_XPUB };
    process.env.LTC_XPUB = main.accounts.litecoin!.publicExtendedKey;
    process.env.EVM_XPUB = main.accounts.ethereum!.publicExtendedKey;
    const live = await buildTestApp('pglite', {
      env: { MODE: 'live', APP_SECRET: 'k'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'no-reply@verdant.example', LTC_RPC_URL: node.walletUrl, EVM_RPC_URL: evm.rpcUrl, CHAIN_POLL_MS: 100 },
    });
    try {
      await live.app.ready();
      expect(live.app.chain.network).toBe('main');
      expect(live.app.chain.assets).toEqual(['LTC', 'ETH', 'USDT', 'USDC']);
      const statuses = await until('both watchers to report', async () => {
        const all = live.app.chain.statuses();
        return all.every((status) => status.lastError !== null) ? all : undefined;
      });
      expect(statuses.map((s) => [s.family, s.reachable, s.lastError?.message])).toEqual([
        ['litecoin', true, "the node runs the 'regtest' chain but this platform expects 'main': point the node URL at a main node"],
        ['ethereum', true, 'the node runs chain id 31337 but this platform expects 1 (main): point EVM_RPC_URL at a node of that chain'],
      ]);
      // Nothing of the wrong chain became a cursor.
      expect(await live.app.db.selectFrom('chain_blocks').select('height').execute()).toEqual([]);
    } finally {
      await live.close();
      await Promise.all([node.stop(), evm.stop()]);
      process.env.LTC_XPUB = saved.LTC_XPUB ?? '';
      process.env.EVM_XPUB = saved.EVM_XPUB ?? '';
      if (saved.LTC_XPUB === undefined) delete process.env.LTC_XPUB;
      if (saved.EVM_XPUB === undefined) delete process.env.EVM_XPUB;
    }
  }, 60_000);
});
