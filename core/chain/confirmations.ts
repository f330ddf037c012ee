// How many blocks make a crypto payment final enough to credit. One table for the whole product:
// member deposits and merchant payments both wait for these numbers. Chosen by block time and
// reorg risk: Bitcoin's 10-minute blocks are deep quickly; Litecoin and Bitcoin Cash have less
// hash power behind them; Ethereum tokens follow Ethereum.

import type { CryptoAsset } from '../assets.ts';

export const REQUIRED_CONFIRMATIONS: Readonly<Record<CryptoAsset, number>> = {
  BTC: 2,
  LTC: 4,
  BCH: 4,
  ETH: 6,
  USDT: 6,
  USDC: 6,
};

export function requiredConfirmations(asset: CryptoAsset): number {
  return REQUIRED_CONFIRMATIONS[asset];
}

/** A payment seen with `confirmations` blocks on top is final once it reaches the asset's number. */
export function isConfirmed(asset: CryptoAsset, confirmations: number): boolean {
  return confirmations >= REQUIRED_CONFIRMATIONS[asset];
}
