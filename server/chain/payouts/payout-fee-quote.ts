// The network fee a payout is allowed when the queue accepts it. A payout's fee is only known when the
// worker builds its transaction, after the caller's transaction committed; the queue must not promise coins
// the hot wallet cannot send WITH their fee, so it reserves an allowance per payout not yet sent, from what
// the network asks now (bitcoin-fee-quote.ts, evm-fee-quote.ts).

import type { CryptoAsset } from '#core/assets.ts';
import type { ChainFamily } from '#core/chain/networks.ts';

/** The coin each family pays its network fees in: a token payout (USDT, USDC) pays gas in ETH. */
export const FEE_ASSET_OF: Record<ChainFamily, CryptoAsset> = { bitcoin: 'BTC', litecoin: 'LTC', bitcoincash: 'BCH', ethereum: 'ETH' };

export interface FeeAllowance {
  /** The coin the fees are paid in (FEE_ASSET_OF the family). */
  feeAsset: CryptoAsset;
  /** The allowance for ONE payout of `asset`, in feeAsset's 8-decimal minor units. */
  perPayoutMinor(asset: CryptoAsset): bigint;
  /** How it was reached, for the refusal message ("estimatesmartfee: 20 sat/vB x 250 vB"). */
  basis: string;
}

export interface PayoutFeeQuoter {
  readonly family: ChainFamily;
  /** Asked inside the caller's transaction: quick (BALANCE_TIMEOUT_MS), and throws when the node cannot answer. */
  quote(): Promise<FeeAllowance>;
}

/** Integer division rounded up: an allowance is never rounded in our favour. */
export function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}
