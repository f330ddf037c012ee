// What a chain family's payout adapter does for the worker (bitcoin-node-payout.ts, evm-payout.ts). The
// worker owns the states and the database transactions around them; an adapter only talks to its node and
// says what it saw, in outcomes that tell the worker what is PROVEN: a payout may only fail (and its funds
// go back to the caller) when nothing was sent or what was sent can never be mined.

import type { CryptoAsset } from '#core/assets.ts';
import type { ChainFamily } from '#core/chain/networks.ts';
import type { Db } from '../../db/db.ts';
import type { ChainPayoutRow } from '../../db/tables/chain-payouts.ts';

export type SendOutcome =
  /** On the node now (or found there from an earlier attempt). */
  | { kind: 'broadcast'; txid: string }
  /** The node refused it and nothing went out: queue it again later. */
  | { kind: 'retry'; error: string }
  /** Nothing went out and it never will as asked (invalid address, reverts in simulation, ...). */
  | { kind: 'failed'; reason: string }
  /** No answer: it may be on the node. Stay 'sending'; the next attempt looks for it before sending. */
  | { kind: 'unknown'; error: string };

export type FollowOutcome =
  /**
   * In the mempool (0) or mined, with its confirmations. txid: the transaction of this payout that was mined
   * when it is not payout.txid (an EVM payout re-priced, and the transaction it replaced was mined instead).
   */
  | { kind: 'pending'; confirmations: number; block: { height: number; hash: string } | null; feeMinor?: bigint | null; txid?: string }
  /** Mined but did not pay (EVM receipt status 0): the nonce and gas are spent, the coins are not. */
  | { kind: 'reverted'; reason: string; block: { height: number; hash: string }; feeMinor: bigint | null; txid?: string }
  /**
   * Another transaction of the SAME payout took its place (a fee bump): follow that one. An EVM re-pricing
   * has stored it on the row itself before broadcasting it; note says what was done.
   */
  | { kind: 'replaced'; txid: string; note?: string }
  /** Provably never going to be mined (conflicted by a mined transaction). */
  | { kind: 'gone'; reason: string }
  /** Not provably gone but no longer pursued by the hot wallet (abandoned by an operator). */
  | { kind: 'abandoned'; reason: string }
  /** The node could not tell: ask again next round. */
  | { kind: 'error'; error: string };

export interface HotWalletBalance {
  balanceMinor: bigint;
  /** The hot wallet's address where it has one (EVM signer); null for a node wallet. */
  address: string | null;
}

export interface PayoutSender {
  readonly family: ChainFamily;
  readonly assets: readonly CryptoAsset[];
  /** The node, password masked (for logs and the console). */
  readonly node: string;
  /** True for the built-in test network: there is no hot wallet to show or to run dry. */
  readonly virtual?: boolean;
  /** Whether the amount can be paid exactly on chain (tokens have fewer decimals than our minor units). */
  exact?(asset: CryptoAsset, amountMinor: bigint): boolean;
  /**
   * Why a payout to this address is known to fail when sent (the test network's documented refusing
   * address), or null. Not a queue check: a caller whose user is still there to correct the address (a
   * refund claim) asks it first; the queue accepts the payout and it fails at send time, like a node's refusal.
   */
  refuses?(asset: CryptoAsset, address: string): string | null;
  /** What the hot wallet holds of an asset, in 8-decimal minor units. Quick (BALANCE_TIMEOUT_MS): the queue asks it inside the caller's transaction. */
  balance(asset: CryptoAsset): Promise<HotWalletBalance>;
  /**
   * Takes a row the worker committed as 'sending' to the node. EVM writes the nonce and the signed
   * transaction to the row (through db, in its own transaction) BEFORE broadcasting it.
   */
  send(db: Db, payout: ChainPayoutRow): Promise<SendOutcome>;
  /** Where a broadcast payout stands now. EVM re-prices a stuck one through db (its own write, before broadcast). */
  follow(payout: ChainPayoutRow, db: Db): Promise<FollowOutcome>;
}

/** How long a balance read may take: queuePayout waits for it with the caller's transaction open. */
export const BALANCE_TIMEOUT_MS = 5_000;
