// The fee allowance of a Bitcoin-family payout (BTC, LTC, BCH): the node's fee estimate for the payout's
// 6-block target (estimatesmartfee, what sendtoaddress will pay) times the size of a typical payout, never
// below a floor. Where the node has no estimate (regtest, a node just started) it pays its -fallbackfee,
// which the floor matches (0.0001 coin per kvB, the rate the local nodes and most configurations use).

import type { ChainFamily } from '#core/chain/networks.ts';
import { coinNumberToMinor } from './coin-amount.ts';
import { nodeRpc, type NodeRpc } from './node-rpc.ts';
import { BALANCE_TIMEOUT_MS } from './payout-sender.ts';
import { ceilDiv, FEE_ASSET_OF, type FeeAllowance, type PayoutFeeQuoter } from './payout-fee-quote.ts';

/** The fee target in blocks: the one bitcoin-node-payout.ts sends with. */
const CONF_TARGET = 6;
/**
 * A typical payout from a node wallet: two P2WPKH inputs (68 vB each), the payee and the change output
 * (31 vB each) and the overhead (11 vB) make 209 vB; 250 leaves room for a legacy output or a third input.
 */
export const TYPICAL_PAYOUT_VBYTES = 250n;
/** 10 sat/vB: the floor, in satoshis per 1000 vB. */
export const FLOOR_SAT_PER_KVB = 10_000n;

interface SmartFee {
  feerate?: number;
  errors?: string[];
}

export class BitcoinFeeQuoter implements PayoutFeeQuoter {
  private readonly rpc: NodeRpc;

  /** rpcUrl: the node (its wallet path is fine: the node answers estimatesmartfee there too). */
  constructor(
    readonly family: Exclude<ChainFamily, 'ethereum'>,
    rpcUrl: string,
  ) {
    this.rpc = nodeRpc(rpcUrl);
  }

  async quote(): Promise<FeeAllowance> {
    const estimate = await this.rpc.call<SmartFee>('estimatesmartfee', [CONF_TARGET], { timeoutMs: BALANCE_TIMEOUT_MS });
    const estimated = typeof estimate.feerate === 'number' ? coinNumberToMinor(estimate.feerate) : null;
    const perKvB = estimated !== null && estimated > FLOOR_SAT_PER_KVB ? estimated : FLOOR_SAT_PER_KVB;
    const feeMinor = ceilDiv(perKvB * TYPICAL_PAYOUT_VBYTES, 1000n);
    const rate = `${Number(perKvB) / 1000} sat/vB`;
    const basis = estimated !== null && estimated > FLOOR_SAT_PER_KVB ? `the node's estimate ${rate}` : `the floor ${rate}${estimated === null ? ' (the node has no estimate)' : ''}`;
    return { feeAsset: FEE_ASSET_OF[this.family], perPayoutMinor: () => feeMinor, basis: `${basis} x ${TYPICAL_PAYOUT_VBYTES} vB` };
  }
}
