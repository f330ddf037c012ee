// What other folders import from the payout layer.

export { ChainPayouts, type ChainPayoutsOptions } from './chain-payouts.ts';
export { BitcoinNodePayout } from './bitcoin-node-payout.ts';
export { EvmPayout, type EvmPayoutOptions } from './evm-payout.ts';
export { createPayoutPsbt, broadcastSignedPsbt, type PsbtOutput } from './psbt-payout.ts';
export { nodeRpc, NodeRpcError, type NodeRpc } from './node-rpc.ts';
export { payoutFeeQuotersFrom, payoutSendersFrom } from './payout-senders-from.ts';
export { BitcoinFeeQuoter } from './bitcoin-fee-quote.ts';
export { EvmFeeQuoter } from './evm-fee-quote.ts';
export type { FeeAllowance, PayoutFeeQuoter } from './payout-fee-quote.ts';
export type { PayoutHandlers } from './payout-handlers.ts';
export type { QueuePayoutInput, QueuePayoutResult } from './queue-payout.ts';
export type { HotWalletLine } from './hot-wallet-balances.ts';
export type { PayoutWorkerOptions, PayoutRound } from './payout-worker.ts';
export { TestNetworkPayoutSender, testNetworkPayoutSenders } from './test-network-payout-sender.ts';
