// A local EVM node for tests, the bench and `npm start -- --local-nodes`: foundry's anvil (the npm binary
// package) on a free port, chain 31337, with our ERC-20 deployed twice by dev account 0 as USDT (nonce 0) and
// USDC (nonce 1): the addresses TOKEN_CONTRACTS names for regtest, so the product's configuration needs no
// override. Anvil keeps its chain in memory: nothing on disk to clean up.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createPublicClient, createWalletClient, getAddress, http, toHex, type Address, type Hex } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { EVM_CHAIN_ID, TOKEN_CONTRACTS, type TokenAsset } from '#core/chain/networks.ts';
import { endChild, outputTail, trackChild } from './child-processes.ts';
import { compileToken } from './compile-token.ts';
import { TEST_TOKEN_ABI } from './erc20-abi.ts';
import { freePort } from './free-port.ts';
import { jsonRpc, JsonRpcError } from './json-rpc.ts';

/** Anvil's (and hardhat's) public development mnemonic: its keys are known to everyone, never hold real value. */
export const ANVIL_DEV_MNEMONIC = 'test test test test test test test test test test test junk';
/** Each token's supply, all minted to account 0: a billion units of 6 decimals. */
export const TEST_TOKEN_SUPPLY = 1_000_000_000n * 10n ** 6n;
const TOKEN_NAMES: Record<TokenAsset, string> = { USDT: 'Tether USD (local test)', USDC: 'USD Coin (local test)' };
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;

export interface DevAccount {
  address: Address;
  privateKey: Hex;
}

export interface LocalAnvil {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly pid: number;
  /** The 10 default dev accounts (10,000 ETH each); account 0 deployed the tokens and holds their supply. */
  readonly accounts: readonly DevAccount[];
  readonly tokens: Readonly<Record<TokenAsset, Address>>;
  /** A JSON-RPC call; throws JsonRpcError with the node's code. */
  rpc<T>(method: string, params?: readonly unknown[]): Promise<T>;
  /** Mines n blocks at once (anvil_mine). */
  mine(n?: number): Promise<void>;
  /** evm_snapshot: an id to revert to. A revert consumes its snapshot: take a new one to revert again. */
  snapshot(): Promise<string>;
  /** evm_revert: the chain goes back to the snapshot (blocks and transactions after it are gone). */
  revert(id: string): Promise<void>;
  stop(): Promise<void>;
}

export interface StartAnvilOptions {
  /** Mine a block every N seconds; default: automine (each transaction mined at once in its own block). */
  blockTimeS?: number;
}

export function anvilBinary(): string {
  if (process.env.ANVIL_BIN !== undefined) return process.env.ANVIL_BIN;
  const require = createRequire(import.meta.url);
  try {
    return join(dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil');
  } catch {
    throw new Error('anvil: the optional npm package @foundry-rs/anvil-linux-amd64 is not installed (Linux x64 only); set ANVIL_BIN to an anvil binary');
  }
}

let devAccounts: readonly DevAccount[] | null = null;

/** Derived from the public mnemonic (m/44'/60'/0'/0/i), as anvil derives them. */
export function anvilDevAccounts(): readonly DevAccount[] {
  devAccounts ??= Array.from({ length: 10 }, (_, addressIndex) => {
    const account = mnemonicToAccount(ANVIL_DEV_MNEMONIC, { addressIndex });
    const privateKey = account.getHdKey().privateKey;
    if (privateKey === null) throw new Error('anvil: a dev account derived without its private key');
    return { address: account.address, privateKey: toHex(privateKey) };
  });
  return devAccounts;
}

export async function startAnvil(opts: StartAnvilOptions = {}): Promise<LocalAnvil> {
  const port = await freePort();
  const chainId = EVM_CHAIN_ID.regtest;
  const args = ['--port', String(port), '--chain-id', String(chainId), '--host', '127.0.0.1'];
  if (opts.blockTimeS !== undefined) args.push('--block-time', String(opts.blockTimeS));
  const binary = anvilBinary();
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  trackChild(child);
  const tail = outputTail(child);
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) => reject(new Error(`anvil: cannot run ${binary} (${error.message})`)));
  });

  const rpcUrl = `http://127.0.0.1:${port}`;
  const rpc = <T>(method: string, params: readonly unknown[] = []) => jsonRpc<T>(rpcUrl, method, params);
  const stop = async () => {
    child.kill('SIGTERM');
    await endChild(child, STOP_GRACE_MS);
  };

  try {
    await spawned;
    await waitForChainId(rpc, chainId, () => child.exitCode !== null, tail);
    const accounts = anvilDevAccounts();
    const tokens = await deployTokens(rpcUrl, accounts[0]!);
    return {
      rpcUrl,
      chainId,
      pid: child.pid ?? 0,
      accounts,
      tokens,
      rpc,
      mine: async (n = 1) => {
        await rpc('anvil_mine', [toHex(n)]);
      },
      snapshot: () => rpc<string>('evm_snapshot'),
      revert: async (id) => {
        if (!(await rpc<boolean>('evm_revert', [id]))) throw new Error(`anvil: no snapshot ${id} to revert to (each revert consumes its snapshot)`);
      },
      stop,
    };
  } catch (error) {
    await endChild(child, 0);
    throw error;
  }
}

async function waitForChainId(rpc: (method: string) => Promise<unknown>, chainId: number, exited: () => boolean, tail: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`anvil exited while starting:\n${tail()}`);
    try {
      const answer = await rpc('eth_chainId');
      if (Number(answer) !== chainId) throw new Error(`anvil answers chain id ${String(answer)}, expected ${chainId}`);
      return;
    } catch (error) {
      if (!(error instanceof JsonRpcError && error.code === null)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`anvil did not answer RPC within ${START_TIMEOUT_MS / 1000} s:\n${tail()}`);
}

/** USDT at nonce 0 and USDC at nonce 1 of account 0: where TOKEN_CONTRACTS says regtest's tokens are. */
async function deployTokens(rpcUrl: string, deployer: DevAccount): Promise<Record<TokenAsset, Address>> {
  const { bytecode } = await compileToken();
  const chain = { ...foundry, rpcUrls: { default: { http: [rpcUrl] } } };
  const transport = http(rpcUrl);
  const wallet = createWalletClient({ account: privateKeyToAccount(deployer.privateKey), chain, transport });
  const reader = createPublicClient({ chain, transport, pollingInterval: 100 });
  const order: readonly TokenAsset[] = ['USDT', 'USDC'];
  const hashes = await Promise.all(
    order.map((asset, nonce) => wallet.deployContract({ abi: TEST_TOKEN_ABI, bytecode, args: [TOKEN_NAMES[asset], asset, TEST_TOKEN_SUPPLY], nonce })),
  );
  const tokens = {} as Record<TokenAsset, Address>;
  for (const [i, asset] of order.entries()) {
    const receipt = await reader.waitForTransactionReceipt({ hash: hashes[i]!, timeout: START_TIMEOUT_MS });
    const expected = getAddress(TOKEN_CONTRACTS[asset].regtest);
    if (receipt.status !== 'success' || receipt.contractAddress == null || getAddress(receipt.contractAddress) !== expected) {
      throw new Error(`anvil: ${asset} landed at ${receipt.contractAddress ?? 'no address'} (${receipt.status}), expected ${expected}: was account 0 used before?`);
    }
    tokens[asset] = expected;
  }
  return tokens;
}
