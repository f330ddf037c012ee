// The local-nodes harness against the real node software: Debian's litecoind in regtest and foundry's anvil.
// Besides proving the harness, these tests pin the node answers the watchers and payouts are written against
// (litecoind 0.21's scriptPubKey.addresses, bumpfee replacing in the mempool).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, getAddress, http, parseEventLogs, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { TOKEN_CONTRACTS, type TokenAsset } from '#core/chain/networks.ts';
import { deriveAddress, keysFromSeed, seedFromMnemonic, TEST_MNEMONIC } from '../hd-keys.ts';
import { startAnvil, TEST_TOKEN_SUPPLY, type LocalAnvil } from './anvil.ts';
import { compileToken } from './compile-token.ts';
import { ERC20_ABI, TEST_TOKEN_ABI } from './erc20-abi.ts';
import { JsonRpcError } from './json-rpc.ts';
import { startLitecoind, type LocalLitecoind } from './litecoind.ts';

const regtestKeys = keysFromSeed(seedFromMnemonic(TEST_MNEMONIC), 'regtest');

/** Alive and not a zombie (a killed child whose dead parent was not yet reaped by init still has a pid). */
function isRunning(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

interface Vout {
  value: number;
  n: number;
  scriptPubKey: { type: string; addresses?: string[]; address?: string };
}
interface VerboseTx {
  txid: string;
  vout: Vout[];
}

describe('litecoind on regtest', () => {
  let node: LocalLitecoind;
  const ourAddress = deriveAddress(regtestKeys, 'litecoin', 0);

  beforeAll(async () => {
    node = await startLitecoind();
  });
  afterAll(async () => {
    await node?.stop();
  });

  it('starts a regtest chain of 101 blocks whose wallet can spend one mature coinbase', async () => {
    const info = await node.rpc<{ chain: string; blocks: number }>('getblockchaininfo', [], false);
    expect(info).toMatchObject({ chain: 'regtest', blocks: 101 });
    const balances = await node.rpc<{ mine: { trusted: number } }>('getbalances');
    expect(balances.mine.trusted).toBe(50);
    expect(node.rpcUrl).toMatch(/^http:\/\/u[0-9a-f]+:[0-9a-f]+@127\.0\.0\.1:\d+$/);
    expect(node.walletUrl).toBe(`${node.rpcUrl}/wallet/w`);
    expect(await node.newAddress()).toMatch(/^rltc1q/);
  });

  it('a payment to an address derived by our keys reaches the mempool, then a block, at that address', async () => {
    expect(ourAddress).toMatch(/^rltc1q/);
    const txid = await node.rpc<string>('sendtoaddress', [ourAddress, 0.25]);
    expect(await node.rpc<string[]>('getrawmempool', [], false)).toContain(txid);
    // litecoind 0.21 names output addresses in an `addresses` array (Bitcoin Core 22+ has a single `address`).
    const pending = await node.rpc<VerboseTx>('getrawtransaction', [txid, true], false);
    expect(pending.vout).toContainEqual(expect.objectContaining({ value: 0.25, scriptPubKey: expect.objectContaining({ type: 'witness_v0_keyhash', addresses: [ourAddress] }) }));

    const [hash] = await node.mine(1);
    const block = await node.rpc<{ height: number; tx: VerboseTx[] }>('getblock', [hash, 2], false);
    expect(block.height).toBe(102);
    const mined = block.tx.find((tx) => tx.txid === txid);
    expect(mined?.vout.filter((out) => out.scriptPubKey.addresses?.includes(ourAddress)).map((out) => out.value)).toEqual([0.25]);
    expect(await node.rpc<string[]>('getrawmempool', [], false)).not.toContain(txid);
  });

  it('bumpfee replaces a payment in the mempool: the new txid is there, the old one is gone', async () => {
    const original = await node.rpc<string>('sendtoaddress', [ourAddress, 0.5]);
    const bumped = await node.rpc<{ txid: string; errors: string[] }>('bumpfee', [original]);
    expect(bumped.errors).toEqual([]);
    const mempool = await node.rpc<string[]>('getrawmempool', [], false);
    expect(mempool).toContain(bumped.txid);
    expect(mempool).not.toContain(original);
    await node.mine(1);
  });

  it('a node error is a JsonRpcError carrying the node code', async () => {
    const error = await node.rpc('getmempoolentry', ['00'.repeat(32)], false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: -5, method: 'getmempoolentry' });
    expect((error as Error).message).not.toContain(new URL(node.rpcUrl).password);
  });

  it('keeps mining past the height where MWEB would activate (432)', async () => {
    const hashes = await node.mine(340);
    expect(hashes).toHaveLength(340);
    expect((await node.rpc<{ blocks: number }>('getblockchaininfo', [], false)).blocks).toBeGreaterThan(432);
  });

  it('stop() ends the daemon and removes its temp datadir', async () => {
    expect(isRunning(node.pid)).toBe(true);
    expect(existsSync(node.dataDir)).toBe(true);
    await node.stop();
    expect(isRunning(node.pid)).toBe(false);
    expect(existsSync(node.dataDir)).toBe(false);
  });
});

describe('a process that crashes with its nodes running', () => {
  it('leaves no daemon and no temp datadir behind', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paykit-crash-'));
    const script = join(dir, 'crash.mts');
    const harness = new URL('./index.ts', import.meta.url).href;
    writeFileSync(script, `const h = await import(${JSON.stringify(harness)});
const ltc = await h.startLitecoind(); const evm = await h.startAnvil();
console.log(JSON.stringify({ pids: [ltc.pid, evm.pid], dataDir: ltc.dataDir }));
throw new Error('a test that crashes');`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000 });
    rmSync(dir, { recursive: true, force: true });
    expect(run.status).not.toBe(0);
    const line = run.stdout.split('\n').find((l) => l.startsWith('{'));
    expect(line, run.stderr).toBeDefined();
    const { pids, dataDir } = JSON.parse(line!) as { pids: number[]; dataDir: string };
    expect(pids.filter(isRunning)).toEqual([]);
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});

describe('anvil', () => {
  let anvil: LocalAnvil;
  const ourAddress = deriveAddress(regtestKeys, 'ethereum', 0) as Address;
  const client = () => createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) });
  const sender = () => createWalletClient({ account: privateKeyToAccount(anvil.accounts[0]!.privateKey), chain: foundry, transport: http(anvil.rpcUrl) });
  const balanceOf = (token: Address, holder: Address) => client().readContract({ address: token, abi: ERC20_ABI, functionName: 'balanceOf', args: [holder] });

  beforeAll(async () => {
    anvil = await startAnvil();
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it('answers chain id 31337 with anvil own dev accounts', async () => {
    expect(Number(await anvil.rpc<string>('eth_chainId'))).toBe(31337);
    expect(anvil.chainId).toBe(31337);
    const nodeAccounts = await anvil.rpc<string[]>('eth_accounts');
    expect(nodeAccounts.map((a) => getAddress(a))).toEqual(anvil.accounts.map((a) => a.address));
    expect(anvil.accounts[0]).toEqual({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' });
  });

  it.each(['USDT', 'USDC'] as const)('%s is deployed at its regtest contract address with 6 decimals, the supply on account 0', async (asset: TokenAsset) => {
    const token = anvil.tokens[asset];
    expect(token).toBe(TOKEN_CONTRACTS[asset].regtest);
    const read = client();
    expect(await read.readContract({ address: token, abi: ERC20_ABI, functionName: 'decimals' })).toBe(6);
    expect(await read.readContract({ address: token, abi: ERC20_ABI, functionName: 'symbol' })).toBe(asset);
    expect(await read.readContract({ address: token, abi: ERC20_ABI, functionName: 'totalSupply' })).toBe(TEST_TOKEN_SUPPLY);
    expect(await balanceOf(token, anvil.accounts[0]!.address)).toBe(TEST_TOKEN_SUPPLY);
  });

  it('a USDT transfer to an address derived by our keys emits a Transfer log to it', async () => {
    const amount = 12_500_000n;
    const hash = await sender().writeContract({ address: anvil.tokens.USDT, abi: ERC20_ABI, functionName: 'transfer', args: [ourAddress, amount] });
    const receipt = await client().waitForTransactionReceipt({ hash, pollingInterval: 50 });
    const transfers = parseEventLogs({ abi: ERC20_ABI, eventName: 'Transfer', logs: receipt.logs });
    expect(transfers.map((log) => ({ token: log.address, from: log.args.from, to: log.args.to, value: log.args.value }))).toEqual([
      { token: anvil.tokens.USDT.toLowerCase(), from: anvil.accounts[0]!.address, to: ourAddress, value: amount },
    ]);
    expect(await balanceOf(anvil.tokens.USDT, ourAddress)).toBe(amount);
  });

  it('a snapshot revert takes a USDC transfer and its block back', async () => {
    const before = await client().getBlockNumber();
    const snapshot = await anvil.snapshot();
    const hash = await sender().writeContract({ address: anvil.tokens.USDC, abi: ERC20_ABI, functionName: 'transfer', args: [ourAddress, 3_000_000n] });
    await client().waitForTransactionReceipt({ hash, pollingInterval: 50 });
    await anvil.mine(2);
    expect(await balanceOf(anvil.tokens.USDC, ourAddress)).toBe(3_000_000n);
    expect(await client().getBlockNumber()).toBe(before + 3n);

    await anvil.revert(snapshot);
    expect(await balanceOf(anvil.tokens.USDC, ourAddress)).toBe(0n);
    expect(await client().getBlockNumber()).toBe(before);
    expect(await client().getTransactionReceipt({ hash }).catch(() => null)).toBeNull();
  });

  it('stop() ends the node', async () => {
    expect(isRunning(anvil.pid)).toBe(true);
    await anvil.stop();
    expect(isRunning(anvil.pid)).toBe(false);
  });
});

describe('our ERC-20 token', () => {
  it('the hand-written ABI says what solc emits for erc20-token.sol', async () => {
    const { abi } = await compileToken();
    const shape = (entry: unknown) => {
      const e = entry as { type: string; name?: string; inputs?: { type: string; indexed?: boolean }[]; outputs?: { type: string }[]; stateMutability?: string };
      return JSON.stringify([e.type, e.name ?? '', e.stateMutability ?? '', (e.inputs ?? []).map((i) => `${i.type}${i.indexed ? ' indexed' : ''}`), (e.outputs ?? []).map((o) => o.type)]);
    };
    const compiled = new Set(abi.map(shape));
    const missing = TEST_TOKEN_ABI.map(shape).filter((s) => !compiled.has(s));
    expect(missing).toEqual([]);
  });
});
