// The payout adapters this process runs, from the chain settings: on the built-in test network one per family
// over it (test-network-payout-sender.ts); otherwise one per family served by a node. The
// Bitcoin family pays from the node wallet its URL names (/wallet/NAME; a node with one wallet loaded also
// answers at its root). EVM pays only when EVM_PAYOUT_KEY is set: without it the family still RECEIVES, and
// its payouts are refused at queue time ('payout_unavailable') with that reason. EVM_MAX_FEE_PER_GAS_GWEI caps
// what its payouts offer per gas and EVM_REPRICE_AFTER_S sets when a stuck one is re-priced (evm-payout.ts).

import { EVM_CHAIN_ID } from '#core/chain/networks.ts';
import type { Db } from '../../db/db.ts';
import type { ChainSettings } from '../chain-config.ts';
import { BitcoinFeeQuoter } from './bitcoin-fee-quote.ts';
import { BitcoinNodePayout } from './bitcoin-node-payout.ts';
import { EvmFeeQuoter } from './evm-fee-quote.ts';
import { EvmPayout } from './evm-payout.ts';
import type { PayoutFeeQuoter } from './payout-fee-quote.ts';
import type { PayoutSender } from './payout-sender.ts';
import { testNetworkPayoutSenders } from './test-network-payout-sender.ts';

export interface PayoutEnv {
  EVM_PAYOUT_KEY?: string | undefined;
  EVM_MAX_FEE_PER_GAS_GWEI?: number | undefined;
  EVM_REPRICE_AFTER_S?: number | undefined;
}

const WEI_PER_GWEI = 1_000_000_000n;

export function payoutSendersFrom(settings: ChainSettings, env: PayoutEnv, db: Db): PayoutSender[] {
  if (settings.network === 'test') return testNetworkPayoutSenders(db);
  const senders: PayoutSender[] = [];
  for (const family of ['bitcoin', 'litecoin', 'bitcoincash'] as const) {
    const backend = settings.families[family];
    if (backend.kind === 'bitcoin-rpc') senders.push(new BitcoinNodePayout(family, backend.rpcUrl));
  }
  const evm = settings.families.ethereum;
  if (evm.kind === 'evm-rpc' && env.EVM_PAYOUT_KEY) {
    senders.push(
      new EvmPayout({
        rpcUrl: evm.rpcUrl,
        privateKey: env.EVM_PAYOUT_KEY,
        chainId: EVM_CHAIN_ID[settings.network],
        tokens: evm.tokens,
        ...(env.EVM_MAX_FEE_PER_GAS_GWEI === undefined ? {} : { maxFeePerGas: BigInt(env.EVM_MAX_FEE_PER_GAS_GWEI) * WEI_PER_GWEI }),
        ...(env.EVM_REPRICE_AFTER_S === undefined ? {} : { repriceAfterMs: env.EVM_REPRICE_AFTER_S * 1000 }),
      }),
    );
  }
  return senders;
}

/**
 * The fee quoters beside those adapters: one per family that pays from a node (the queue reserves each
 * payout's network fee with it); none on the built-in test network, whose hot wallet cannot run dry.
 */
export function payoutFeeQuotersFrom(settings: ChainSettings, env: { EVM_PAYOUT_KEY?: string | undefined }): PayoutFeeQuoter[] {
  if (settings.network === 'test') return [];
  const quoters: PayoutFeeQuoter[] = [];
  for (const family of ['bitcoin', 'litecoin', 'bitcoincash'] as const) {
    const backend = settings.families[family];
    if (backend.kind === 'bitcoin-rpc') quoters.push(new BitcoinFeeQuoter(family, backend.rpcUrl));
  }
  const evm = settings.families.ethereum;
  if (evm.kind === 'evm-rpc' && env.EVM_PAYOUT_KEY) quoters.push(new EvmFeeQuoter(evm.rpcUrl));
  return quoters;
}
