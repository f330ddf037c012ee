// The EIP-1559 fees an EVM payout is signed with before any cap: the latest block's base fee doubled (room for
// the base fee to rise for a few blocks) plus the node's suggested priority fee, 1 gwei when the node has no
// suggestion. One rule for the signer (evm-payout.ts) and for the queue's fee allowance (evm-fee-quote.ts), so
// what the queue reserves is what the payout is signed with.

import type { Hex } from 'viem';
import type { Eip1559Fees } from './evm-fee-bump.ts';
import { NodeRpcError, type NodeRpc } from './node-rpc.ts';

const FALLBACK_PRIORITY_FEE = 1_000_000_000n;

export async function suggestedFees(rpc: NodeRpc, options: { timeoutMs?: number } = {}): Promise<Eip1559Fees> {
  const [latest, priority] = await Promise.all([
    rpc.call<{ baseFeePerGas?: Hex }>('eth_getBlockByNumber', ['latest', false], options),
    rpc
      .call<Hex>('eth_maxPriorityFeePerGas', [], options)
      .then(BigInt)
      .catch((error: unknown) => {
        if (error instanceof NodeRpcError && error.kind === 'node') return FALLBACK_PRIORITY_FEE;
        throw error;
      }),
  ]);
  return { maxFeePerGas: BigInt(latest.baseFeePerGas ?? '0x0') * 2n + priority, maxPriorityFeePerGas: priority };
}
