// The fee allowance of an EVM payout: its gas limit times the maxFeePerGas the payout would be signed with
// now (evm-suggested-fees.ts, the rule evm-payout.ts signs with), paid in ETH
// whatever the payout's asset. So a USDT payout needs ETH for its gas, and the queue checks both balances.

import type { CryptoAsset } from '#core/assets.ts';
import { nodeRpc, type NodeRpc } from './node-rpc.ts';
import { suggestedFees } from './evm-suggested-fees.ts';
import { BALANCE_TIMEOUT_MS } from './payout-sender.ts';
import { ceilDiv, FEE_ASSET_OF, type FeeAllowance, type PayoutFeeQuoter } from './payout-fee-quote.ts';

const WEI_PER_MINOR = 10n ** 10n;
/**
 * Gas per payout: a plain ETH transfer costs exactly 21,000; an ERC-20 transfer 35,000 to 65,000 (USDT's
 * first transfer to an empty balance is the dearest) and is signed with a quarter more than its estimate.
 */
export const PAYOUT_GAS: Record<CryptoAsset, bigint> = { ETH: 21_000n, USDT: 100_000n, USDC: 100_000n, BTC: 0n, LTC: 0n, BCH: 0n };

export class EvmFeeQuoter implements PayoutFeeQuoter {
  readonly family = 'ethereum' as const;
  private readonly rpc: NodeRpc;

  constructor(rpcUrl: string) {
    this.rpc = nodeRpc(rpcUrl, { version: '2.0' });
  }

  async quote(): Promise<FeeAllowance> {
    const { maxFeePerGas } = await suggestedFees(this.rpc, { timeoutMs: BALANCE_TIMEOUT_MS });
    return {
      feeAsset: FEE_ASSET_OF.ethereum,
      perPayoutMinor: (asset) => ceilDiv(PAYOUT_GAS[asset] * maxFeePerGas, WEI_PER_MINOR),
      basis: `gas (21,000 for ETH, 100,000 for a token) x maxFeePerGas ${maxFeePerGas} wei`,
    };
  }
}
