// Why a transaction we had seen left the network before it confirmed, as the chain layer records it
// (chain_payments.dropped_reason) and a member's failed deposit says it (TransactionRecord.dropped):
//   replaced     another transaction spent its inputs (an RBF replacement or a double spend)
//   dropped      the mempool let it go (evicted, expired, or never relayed further)
//   reorged_out  its block left the chain in a reorganisation and it did not come back

export const CHAIN_DROP_REASONS = ['replaced', 'dropped', 'reorged_out'] as const;
export type ChainDropReason = (typeof CHAIN_DROP_REASONS)[number];

export function isChainDropReason(value: unknown): value is ChainDropReason {
  return typeof value === 'string' && (CHAIN_DROP_REASONS as readonly string[]).includes(value);
}
