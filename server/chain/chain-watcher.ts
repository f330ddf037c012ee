// What every chain backend looks like from the outside: the built-in test network and the node watchers
// (server/chain/bitcoin/, server/chain/evm/) each follow one chain family, report what they see to the
// payment pipeline, and answer a status the console and /healthz show. A watcher only REPORTS; the
// pipeline decides.

import type { CryptoAsset } from '#core/assets.ts';
import type { ChainFamily, NetworkKind } from '#core/chain/networks.ts';

export type ChainBackendKind = 'test-network' | 'bitcoin-rpc' | 'evm-rpc';

export interface ChainWatcherStatus {
  family: ChainFamily;
  assets: CryptoAsset[];
  backend: ChainBackendKind;
  network: NetworkKind;
  /** The node's URL with any password masked; null for the built-in test network. */
  node: string | null;
  reachable: boolean;
  /** The node's tip. */
  nodeHeight: number | null;
  /** The last block this watcher finished. */
  height: number | null;
  lagBlocks: number | null;
  /** ISO time of the last round that completed. */
  lastRoundAt: string | null;
  lastError: { message: string; at: string } | null;
  /** Set while backing off after an error. */
  retryInMs: number | null;
}

/** What one round did, for tests, logs and the bench. */
export interface WatcherRound {
  blocks: number;
  observed: number;
  withdrawn: number;
  rolledBack: number;
}

export interface ChainWatcher {
  readonly family: ChainFamily;
  /** Rounds on a timer until stop(); a slow round is never overlapped by the next. */
  start(): void;
  /** Stop the timer and wait for the round in progress. */
  stop(): Promise<void>;
  /** One round now (tests and the bench call it by hand). */
  tick(): Promise<WatcherRound>;
  status(): ChainWatcherStatus;
}
