// `npm run local-pay -- <LTC|ETH|USDT|USDC> <address> <amount>`: pay from the local nodes' own wallets
// (started by `npm start -- --local-nodes`), the way a buyer's wallet would: litecoind's
// `sendtoaddress` for LTC, a signed transaction from anvil's first dev account for ETH and the test
// tokens. Prints the transaction id; the checkout sees it in the mempool (LTC) or the next block.

import { readFileSync } from 'node:fs';
import { createWalletClient, http, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { ERC20_ABI, jsonRpc } from '../server/chain/nodes/index.ts';
import { DEFAULT_LOCAL_NODES_FILE, type LocalNodesInfo } from './local-nodes.ts';

const USAGE = 'usage: npm run local-pay -- <LTC|ETH|USDT|USDC> <address> <amount>   (amount in whole coins, like 0.25)';

async function main(): Promise<void> {
  const [asset, address, amount] = process.argv.slice(2);
  if (!asset || !address || !amount || !/^[0-9]+(\.[0-9]{1,18})?$/.test(amount)) throw new Error(USAGE);
  const file = process.env.LOCAL_NODES_FILE ?? DEFAULT_LOCAL_NODES_FILE;
  let info: LocalNodesInfo;
  try {
    info = JSON.parse(readFileSync(file, 'utf8')) as LocalNodesInfo;
  } catch {
    throw new Error(`No local nodes found (${file} is missing): start the platform with \`npm start -- --local-nodes\` first.`);
  }
  switch (asset.toUpperCase()) {
    case 'LTC': {
      const txid = await jsonRpc<string>(info.litecoin.walletUrl, 'sendtoaddress', [address, amount]);
      console.log(`LTC sent from the local litecoind wallet: txid ${txid}`);
      return;
    }
    case 'ETH':
    case 'USDT':
    case 'USDC': {
      const account = privateKeyToAccount(info.ethereum.payerKey as Hex);
      const wallet = createWalletClient({ account, chain: foundry, transport: http(info.ethereum.rpcUrl) });
      const upper = asset.toUpperCase() as 'ETH' | 'USDT' | 'USDC';
      const hash =
        upper === 'ETH'
          ? await wallet.sendTransaction({ to: address as Address, value: parseEther(amount) })
          : await wallet.writeContract({ address: info.ethereum.tokens[upper] as Address, abi: ERC20_ABI, functionName: 'transfer', args: [address as Address, parseUnits(amount, 6)] });
      console.log(`${upper} sent from anvil's dev account ${account.address}: tx ${hash}`);
      return;
    }
    default:
      throw new Error(`${asset} has no local node (LTC on litecoind; ETH, USDT, USDC on anvil). ${USAGE}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
