// The EVM watcher (ETH, USDT, USDC on one node): follows the node's chain over JSON-RPC and reports what
// it pays to our addresses to the payment pipeline. One round (chain-design.md, "A watcher's round"):
//   1. the node's tip; the fork check: walking down from our cursor, the first finished block whose hash
//      the node still has at that height is the fork point; rows above it are forgotten
//   2. scan cursor+1 .. tip, at most maxBlocksPerRound blocks (evm-block-scan.ts)
//   3. (no mempool watching: a payment is seen once mined; anvil and real chains mine within seconds)
//   4. re-check the open payments (evm-recheck.ts)
//   5. a node error: lastError, back off 1 s doubling to 30 s; the cursor stays where it was
// Restart: the cursor is chain_blocks' highest row. With none (first start) the watcher starts at the
// node's tip minus 6 instead of genesis, and says so.

import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Hex } from 'viem';
import { ASSETS_OF_FAMILY, EVM_CHAIN_ID, type NetworkKind, type TokenAsset } from '#core/chain/networks.ts';
import type { ChainWatcher, ChainWatcherStatus, WatcherRound } from '../chain-watcher.ts';
import type { Database } from '../../db/schema.ts';
import type { PaymentPipeline } from '../payment-pipeline.ts';
import { tokenContractIndex } from './block-transfers.ts';
import { ChainCursor, type FinishedBlock } from './chain-cursor.ts';
import { EvmClient } from './evm-client.ts';
import { scanBlocks, type ScanContext } from './evm-block-scan.ts';
import { recheckOpenPayments } from './evm-recheck.ts';
import { need, RoundFailure } from './round-failure.ts';

/** How far below the tip a first start begins: a payment made just before the first start is still seen. */
export const FIRST_START_DEPTH = 6;
const BACKOFF_FIRST_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

export interface EvmWatcherOptions {
  db: Kysely<Database>;
  pipeline: PaymentPipeline;
  log: FastifyBaseLogger;
  network: NetworkKind;
  /** A client, or the node's URL to make one from (credentials allowed: they are never shown). */
  client?: EvmClient;
  rpcUrl?: string;
  tokens: Record<TokenAsset, string>;
  pollMs?: number;
  maxBlocksPerRound?: number;
  logChunkBlocks?: number;
}

export class EvmWatcher implements ChainWatcher {
  readonly family = 'ethereum' as const;
  private readonly client: EvmClient;
  private readonly cursor: ChainCursor;
  private readonly scan: ScanContext;
  private readonly pollMs: number;
  private readonly maxBlocksPerRound: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<WatcherRound> | undefined;
  private chainChecked = false;
  private stopped = true;
  private failures = 0;
  /** The lowest fork point whose final payments were not re-checked yet (kept until a round completes). */
  private forkPoint: number | undefined;
  /** The tip the open payments were last re-checked at, and whether some were left undecided then. */
  private recheckedTip: number | undefined;
  private recheckUnsettled = false;
  private state: Pick<ChainWatcherStatus, 'reachable' | 'nodeHeight' | 'height' | 'lastRoundAt' | 'lastError'> = { reachable: false, nodeHeight: null, height: null, lastRoundAt: null, lastError: null };

  constructor(private readonly options: EvmWatcherOptions) {
    if (!options.client && !options.rpcUrl) throw new Error('EvmWatcher: give a client or an rpcUrl');
    this.client = options.client ?? new EvmClient(options.rpcUrl!);
    this.cursor = new ChainCursor(options.db, 'ethereum');
    this.pollMs = options.pollMs ?? 250;
    this.maxBlocksPerRound = options.maxBlocksPerRound ?? 100;
    this.scan = {
      db: options.db,
      pipeline: options.pipeline,
      log: options.log,
      client: this.client,
      cursor: this.cursor,
      tokenContracts: Object.values(options.tokens) as Hex[],
      tokenByContract: tokenContractIndex(options.tokens),
      logChunkBlocks: options.logChunkBlocks ?? 1000,
      blockReceipts: { supported: true },
      onFinished: (height) => {
        this.state.height = height;
      },
    };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.options.log.info({ node: this.client.maskedUrl, network: this.options.network }, 'evm watcher: started');
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One round; a round already under way is joined, never overlapped. Never throws. */
  tick(): Promise<WatcherRound> {
    this.running ??= this.round().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  status(): ChainWatcherStatus {
    const { nodeHeight, height } = this.state;
    return {
      family: this.family,
      assets: [...ASSETS_OF_FAMILY.ethereum],
      backend: 'evm-rpc',
      network: this.options.network,
      node: this.client.maskedUrl,
      ...this.state,
      lagBlocks: nodeHeight !== null && height !== null ? Math.max(0, nodeHeight - height) : null,
      retryInMs: this.failures > 0 ? this.backoffMs() : null,
    };
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.tick().finally(() => {
        if (!this.stopped) this.schedule(this.failures > 0 ? this.backoffMs() : this.pollMs);
      });
    }, delayMs);
  }

  private backoffMs(): number {
    return Math.min(BACKOFF_FIRST_MS * 2 ** (this.failures - 1), BACKOFF_MAX_MS);
  }

  private async round(): Promise<WatcherRound> {
    const done: WatcherRound = { blocks: 0, observed: 0, withdrawn: 0, rolledBack: 0 };
    try {
      // A node of another chain (a local anvil behind a live platform) never pays our addresses and its blocks
      // must not become our cursor: checked once per node, refused loudly every round until fixed.
      if (!this.chainChecked) {
        const chainId = need(await this.client.chainId());
        this.state.reachable = true;
        if (chainId !== EVM_CHAIN_ID[this.options.network]) throw new Error(`the node runs chain id ${chainId} but this platform expects ${EVM_CHAIN_ID[this.options.network]} (${this.options.network}): point EVM_RPC_URL at a node of that chain`);
        this.chainChecked = true;
      }
      const tip = need(await this.client.blockNumber());
      this.state.reachable = true;
      this.state.nodeHeight = tip;
      const start = await this.startingPoint(tip, done);
      const to = Math.min(tip, start.from + this.maxBlocksPerRound - 1);
      if (start.from <= to) {
        const scanned = await scanBlocks(this.scan, start.from, to, start.parent, tip);
        done.blocks = scanned.blocks;
        done.observed += scanned.observed;
        if (scanned.blocks > 0) await this.cursor.prune();
      }
      // Nothing to learn when the chain did not move and nothing was left waiting: spare the database.
      if (tip !== this.recheckedTip || this.forkPoint !== undefined || this.recheckUnsettled) {
        const rechecked = await recheckOpenPayments({ pipeline: this.options.pipeline, client: this.client, cursor: this.cursor }, tip, this.forkPoint);
        done.observed += rechecked.observed;
        done.withdrawn += rechecked.withdrawn;
        this.recheckedTip = tip;
        this.recheckUnsettled = rechecked.unsettled;
      }
      this.forkPoint = undefined;
      this.failures = 0;
      this.state.lastError = null;
      this.state.lastRoundAt = new Date().toISOString();
    } catch (error) {
      this.failed(error);
    }
    return done;
  }

  /** Where this round's scan begins: after the cursor, after a fork point, or (first start) near the tip. */
  private async startingPoint(tip: number, done: WatcherRound): Promise<{ from: number; parent: string | null }> {
    const top = await this.cursor.top();
    this.state.height = top?.height ?? null;
    if (top === null) {
      const from = Math.max(0, tip - FIRST_START_DEPTH);
      this.options.log.info({ from, tip }, `evm watcher: no block finished yet: starting at the node's tip minus ${FIRST_START_DEPTH} (block ${from}), not at genesis`);
      return { from, parent: null };
    }
    const fork = await this.findFork(top, tip);
    if (fork === null) return { from: top.height + 1, parent: top.hash };
    done.rolledBack = await this.cursor.rollBackAbove(fork.height);
    this.state.height = fork.hash === null ? null : fork.height;
    this.forkPoint = Math.min(this.forkPoint ?? fork.height, fork.height);
    this.options.log.warn({ forkPoint: fork.height, rolledBack: done.rolledBack }, 'evm watcher: the node switched branches; the blocks above the fork point are read again');
    return { from: fork.height + 1, parent: fork.hash };
  }

  /** Null when our top block is still on the node's chain; else the highest block both share. */
  private async findFork(top: FinishedBlock, tip: number): Promise<{ height: number; hash: string | null } | null> {
    if (top.height <= tip && need(await this.client.blockHeader(top.height))?.hash === top.hash) return null;
    const finished = await this.cursor.recent();
    for (const block of finished) {
      if (block.height > tip) continue;
      if (need(await this.client.blockHeader(block.height))?.hash === block.hash) return block;
    }
    // No block in common: a reorganisation deeper than the blocks kept, or another chain altogether (a
    // local node started afresh). Rescan from below the kept blocks, or near the tip when the node's
    // chain is not even that long.
    const lowest = finished.at(-1)!.height;
    const height = Math.max(-1, Math.min(lowest - 1, tip - FIRST_START_DEPTH - 1));
    this.options.log.error({ lowest, tip, from: height + 1 }, 'evm watcher: no finished block is on the node\'s chain any more; rescanning');
    return { height, hash: null };
  }

  private failed(error: unknown): void {
    this.failures += 1;
    const message = error instanceof Error ? error.message : String(error);
    this.state.lastError = { message, at: new Date().toISOString() };
    if (error instanceof RoundFailure) {
      if (!error.nodeAnswered) this.state.reachable = false;
      this.options.log.warn({ error: message, retryInMs: this.backoffMs() }, 'evm watcher: round failed; backing off');
    } else {
      // Not the node: the database or a bug. Logged in full; the round is retried after the back-off.
      this.options.log.error({ err: error, retryInMs: this.backoffMs() }, 'evm watcher: round failed');
    }
  }
}
