// The fees of a replacement for a stuck EVM payout: the same nonce signed again with both fee fields raised.
//
// Nodes accept a replacement into their pool only when BOTH maxFeePerGas and maxPriorityFeePerGas are at least
// 10 % above the transaction they replace (geth's default price bump; anvil and reth follow it). We step by
// 12.5 % (the base fee's own largest rise per block, and a margin over the 10 % rule for rounding) or straight
// to what the node estimates now, whichever is higher, so one replacement catches up with a base fee that has
// risen for many blocks. The hot wallet's fee cap (EVM_MAX_FEE_PER_GAS_GWEI) bounds every step: when even the
// 12.5 % step is above it the payout is not re-priced and waits with the reason.

export interface Eip1559Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export type FeeBump = { ok: true; fees: Eip1559Fees } | { ok: false; reason: string };

const GWEI = 1_000_000_000n;

/** +12.5 %, rounded up: never below the node's +10 % replacement rule, even for a fee of a few wei. */
export function stepUp(fee: bigint): bigint {
  return fee + (fee + 7n) / 8n;
}

export function gwei(wei: bigint): string {
  const whole = wei / GWEI;
  const fraction = (wei % GWEI).toString().padStart(9, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** The fees to sign the replacement with, or why there is none within the cap. */
export function bumpedFees(current: Eip1559Fees, estimate: Eip1559Fees, capPerGas: bigint): FeeBump {
  const floor = { maxFeePerGas: stepUp(current.maxFeePerGas), maxPriorityFeePerGas: stepUp(current.maxPriorityFeePerGas) };
  if (floor.maxFeePerGas > capPerGas) {
    return {
      ok: false,
      reason: `the payout is unmined at a max fee of ${gwei(current.maxFeePerGas)} gwei per gas; a replacement needs at least ${gwei(floor.maxFeePerGas)} gwei, above the cap EVM_MAX_FEE_PER_GAS_GWEI (${gwei(capPerGas)} gwei): it waits until the base fee falls, or raise the cap`,
    };
  }
  // Up to the estimate when it is higher, but never past the cap. The tip stays within the max fee, and stays at
  // least its own step: a signed transaction's tip is never above its max fee, so the floors keep that order.
  const maxFeePerGas = min(max(floor.maxFeePerGas, estimate.maxFeePerGas), capPerGas);
  const maxPriorityFeePerGas = min(max(floor.maxPriorityFeePerGas, estimate.maxPriorityFeePerGas), maxFeePerGas);
  return { ok: true, fees: { maxFeePerGas, maxPriorityFeePerGas } };
}

/** A first signing's fees within the cap (the estimate, lowered to the cap when above it). */
export function cappedFees(estimate: Eip1559Fees, capPerGas: bigint): Eip1559Fees {
  const maxFeePerGas = min(estimate.maxFeePerGas, capPerGas);
  return { maxFeePerGas, maxPriorityFeePerGas: min(estimate.maxPriorityFeePerGas, maxFeePerGas) };
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
