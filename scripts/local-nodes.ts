// `npm start -- --local-nodes`: the platform on REAL node software instead of the built-in test
// network. Debian's litecoind in regtest carries LTC, anvil (a real EVM node) carries ETH and the test
// USDT and USDC contracts; both start on free ports with temporary data and stop with the platform.
// Regtest has no miners, so a block is mined every blockMs on each (litecoind: generatetoaddress to
// the node's own wallet; anvil: its own --block-time), which is what confirms payments.
// The connection details are written to a JSON file (LOCAL_NODES_FILE, default data/local-nodes.json)
// that `npm run local-pay` reads to pay from the nodes' wallets.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { ERC20_ABI, startAnvil, startLitecoind, type LocalAnvil, type LocalLitecoind } from '../server/chain/nodes/index.ts';

/** 100,000 test USDT and USDC (6 decimals) for the payout hot wallet. */
const HOT_WALLET_TOKENS = 100_000n * 10n ** 6n;

export interface LocalNodesInfo {
  litecoin: { rpcUrl: string; walletUrl: string; rpcPort: number };
  ethereum: { rpcUrl: string; payerKey: string; payerAddress: string; tokens: Record<'USDT' | 'USDC', string> };
}

export interface RunningLocalNodes {
  /** The variables that point the platform at the nodes (LTC_RPC_URL, EVM_RPC_URL). */
  env: Record<string, string>;
  info: LocalNodesInfo;
  infoFile: string;
  litecoind: LocalLitecoind;
  anvil: LocalAnvil;
  stop(): Promise<void>;
}

export const DEFAULT_LOCAL_NODES_FILE = 'data/local-nodes.json';

export async function startLocalNodes(options: { blockMs: number; infoFile?: string }): Promise<RunningLocalNodes> {
  const blockS = Math.max(1, Math.round(options.blockMs / 1000));
  const [litecoind, anvil] = await Promise.all([startLitecoind(), startAnvil({ blockTimeS: blockS })]);
  // Regtest mines only when told: one block every blockS seconds, like a (very fast) real chain.
  let mining: Promise<unknown> | undefined;
  const miner = setInterval(() => {
    if (mining) return;
    mining = litecoind
      .mine(1)
      .catch((error: unknown) => console.warn(`  local litecoind: mining a block failed (${error instanceof Error ? error.message : String(error)}); trying again`))
      .finally(() => {
        mining = undefined;
      });
  }, blockS * 1000);
  miner.unref();
  // Account 0 deployed the tokens and holds their supply: it is the buyer's wallet of `npm run local-pay`,
  // and it stocks the payout hot wallet (account 9, EVM_PAYOUT_KEY) with test tokens to send.
  const payer = anvil.accounts[0]!;
  const hot = anvil.accounts[9]!;
  const funder = createWalletClient({ account: privateKeyToAccount(payer.privateKey), chain: foundry, transport: http(anvil.rpcUrl) });
  for (const token of [anvil.tokens.USDT, anvil.tokens.USDC]) {
    await funder.writeContract({ address: token, abi: ERC20_ABI, functionName: 'transfer', args: [hot.address, HOT_WALLET_TOKENS] });
  }
  const info: LocalNodesInfo = {
    litecoin: { rpcUrl: litecoind.rpcUrl, walletUrl: litecoind.walletUrl, rpcPort: litecoind.rpcPort },
    ethereum: { rpcUrl: anvil.rpcUrl, payerKey: payer.privateKey, payerAddress: payer.address, tokens: { ...anvil.tokens } },
  };
  const infoFile = options.infoFile ?? DEFAULT_LOCAL_NODES_FILE;
  mkdirSync(dirname(infoFile), { recursive: true });
  // The file holds regtest credentials and anvil's public dev key: worthless outside this machine, still 0600.
  writeFileSync(infoFile, JSON.stringify(info, null, 2), { mode: 0o600 });
  return {
    // The wallet URL: the watcher's node calls answer there too, and payouts spend from that wallet.
    // The hot wallet of ETH, USDT and USDC payouts: anvil's dev account 9 (public, well-known key).
    env: { LTC_RPC_URL: litecoind.walletUrl, EVM_RPC_URL: anvil.rpcUrl, EVM_PAYOUT_KEY: anvil.accounts[9]!.privateKey },
    info,
    infoFile,
    litecoind,
    anvil,
    async stop() {
      clearInterval(miner);
      await mining;
      await Promise.allSettled([litecoind.stop(), anvil.stop()]);
      rmSync(infoFile, { force: true });
    },
  };
}
