// The Bitcoin-family watcher (BTC, LTC, BCH): follows one trusted node over its JSON-RPC and REPORTS to the
// payment pipeline what touches our addresses; the pipeline decides. One round (chain-design.md):
//   1. the node's tip; a fork check of chain_blocks against the node, rolling back above the fork point;
//   2. the blocks after our cursor (at most maxBlocksPerRound, so a long catch-up stays responsive): each
//      block's observations in, THEN its chain_blocks row (a crash between the two redoes the block);
//   3. the mempool: new txids only, fetched in batches, reported with 0 confirmations;
//   4. the open payments re-checked: confirmations now, back to the mempool, or withdrawn when they are
//      nowhere, but only when we are caught up and the tip did not move during the round (a block mined
//      in between would otherwise look like a disappearance).
// Withdrawn as 'replaced' when another transaction spends the payment's inputs: seen by the spend watch in a
// block or the mempool, or answered by the node's gettxout (spent-in-mempool.ts). The inputs are kept in
// the database (spend-store.ts) and reloaded by the first round, so this holds across a restart too.
// A node error ends the round: lastError, backoff 1 s doubling to 30 s (round-loop.ts); the cursor stays.
//
// New blocks and transactions are found by polling (pollMs, 250 ms by default): Debian's litecoind has no
// ZMQ. notify() is the seam for a push source (ZMQ hashblock/rawtx, a node's -blocknotify): it starts the
// next round at once.

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { validateAddress } from '#core/chain/address-format.ts';
import { ASSETS_OF_FAMILY, type ChainFamily, type NetworkKind } from '#core/chain/networks.ts';
import type { CryptoAsset } from '#core/assets.ts';
import type { Database } from '../../db/schema.ts';
import type { ChainWatcher, ChainWatcherStatus, WatcherRound } from '../chain-watcher.ts';
import type { ChainObservation, OpenChainPayment, PaymentPipeline } from '../payment-pipeline.ts';
import { blockPayments, spentOutpoints, transactionPayments, type RpcBlock, type RpcTransaction } from './block-outputs.ts';
import { BlockStore, type StoredBlock } from './block-store.ts';
import { MempoolScan } from './mempool-scan.ts';
import { ourAddresses } from './our-addresses.ts';
import { NodeFailure, NodeReader } from './node-reader.ts';
import { needsRetry, RetryReports } from './retry-reports.ts';
import { RoundLoop } from './round-loop.ts';
import type { BitcoinRpcClient } from './rpc-client.ts';
import { spentInMempool } from './spent-in-mempool.ts';
import { SpendStore } from './spend-store.ts';
import { SpendWatch } from './spend-watch.ts';

/** On an empty chain_blocks, the first round starts this many blocks below the node's tip, not at genesis. */
export const FIRST_START_DEPTH = 6;

/** The node answers, but for another chain than this platform's network. */
class WrongChain extends Error {}

export interface BitcoinWatcherOptions {
  db: Kysely<Database>;
  pipeline: PaymentPipeline;
  log: FastifyBaseLogger;
  family: Exclude<ChainFamily, 'ethereum'>;
  network: NetworkKind;
  rpc: BitcoinRpcClient;
  pollMs?: number;
  maxBlocksPerRound?: number;
  /** How often observations the pipeline failed to apply are reported again (default 5 s: a failing handler logs each time). */
  retryFailedMs?: number;
}

export class BitcoinWatcher implements ChainWatcher {
  readonly family: Exclude<ChainFamily, 'ethereum'>;
  private readonly db: Kysely<Database>;
  private readonly pipeline: PaymentPipeline;
  private readonly log: FastifyBaseLogger;
  private readonly network: NetworkKind;
  private readonly rpc: BitcoinRpcClient;
  private readonly node: NodeReader;
  private readonly store: BlockStore;
  private readonly assets: readonly CryptoAsset[];
  private readonly pollMs: number;
  private readonly maxBlocksPerRound: number;
  private readonly spends = new SpendWatch();
  private readonly spendStore: SpendStore;
  /** Whether the spend watch holds what the database kept from before this process (the first round loads it). */
  private spendsRestored = false;
  private readonly mempool: MempoolScan;
  private readonly retries = new RetryReports();
  private readonly retryFailedMs: number;
  private nextRetryAt = 0;

  /** The lowest fork point whose final payments are not yet re-checked (see openPayments' placedAbove). */
  private reorgFloor: number | null = null;
  private nodeHeight: number | null = null;
  private cursorHeight: number | null = null;
  private readonly loop: RoundLoop;

  constructor(options: BitcoinWatcherOptions) {
    this.family = options.family;
    this.db = options.db;
    this.pipeline = options.pipeline;
    this.log = options.log;
    this.network = options.network;
    this.rpc = options.rpc;
    this.node = new NodeReader(options.rpc);
    this.store = new BlockStore(options.db, options.family);
    this.spendStore = new SpendStore(options.db, options.family);
    this.assets = ASSETS_OF_FAMILY[options.family];
    this.pollMs = options.pollMs ?? 250;
    this.maxBlocksPerRound = options.maxBlocksPerRound ?? 100;
    this.mempool = new MempoolScan(this.node);
    this.retryFailedMs = options.retryFailedMs ?? 5_000;
    this.loop = new RoundLoop((round) => this.round(round), {
      pollMs: this.pollMs,
      log: this.log,
      context: { family: this.family, node: this.rpc.maskedUrl() },
      nodeFailure: (error) => (error instanceof NodeFailure ? { reachable: error.failure.code !== 'unreachable' } : error instanceof WrongChain ? { reachable: true } : null),
    });
  }

  start(): void {
    this.log.info({ family: this.family, node: this.rpc.maskedUrl(), pollMs: this.pollMs }, 'chain: watching the node (polling its tip and mempool; no ZMQ)');
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** The seam for a push source (ZMQ hashblock/rawtx, a node's -blocknotify): the next round now. */
  notify(): void {
    this.loop.notify();
  }

  /** One round now; rounds never overlap. A node error does not throw: it is in status(). */
  tick(): Promise<WatcherRound> {
    return this.loop.tick();
  }

  status(): ChainWatcherStatus {
    return {
      family: this.family,
      assets: [...this.assets],
      backend: 'bitcoin-rpc',
      network: this.network,
      node: this.rpc.maskedUrl(),
      nodeHeight: this.nodeHeight,
      height: this.cursorHeight,
      lagBlocks: this.nodeHeight !== null && this.cursorHeight !== null ? Math.max(0, this.nodeHeight - this.cursorHeight) : null,
      ...this.loop.health(),
    };
  }

  private async round(round: WatcherRound): Promise<void> {
    const tip = await this.node.tip();
    // A node on another chain (a regtest node behind a live platform, a mainnet node behind local tests) would
    // never pay our addresses, and its blocks must not become our cursor: refuse it, loudly, every round.
    if (tip.chain !== this.network) throw new WrongChain(`the node runs the '${tip.chain}' chain but this platform expects '${this.network}': point the node URL at a ${this.network} node`);
    this.nodeHeight = tip.height;
    // Before anything is read: a replacement in the blocks or the mempool of this round is matched with
    // the inputs of payments tracked before a restart.
    if (!this.spendsRestored) {
      for (const [txid, outpoints] of await this.spendStore.load()) this.spends.restore(txid, outpoints);
      this.spendsRestored = true;
    }
    let cursor = await this.store.cursor();
    if (cursor === null) {
      const from = Math.max(0, tip.height - FIRST_START_DEPTH);
      this.log.info({ family: this.family, from, nodeHeight: tip.height }, `chain: first start with no finished blocks: scanning from the node's tip minus ${FIRST_START_DEPTH}, not from genesis`);
      cursor = from === 0 ? null : { height: from - 1, hash: await this.node.blockHash(from - 1) };
    } else if (cursor.hash !== tip.hash) {
      cursor = await this.followFork(cursor, round);
    }
    this.cursorHeight = cursor?.height ?? null;

    const scannedTo = await this.scanBlocks(cursor, tip.height, round);
    if (round.blocks > 0) await this.store.prune(scannedTo);
    const mempool = await this.scanMempool(round);
    const inMempool = mempool.txids;
    if (this.retries.size > 0 && Date.now() >= this.nextRetryAt) {
      round.observed += await this.retryFailed(tip.height, scannedTo, inMempool);
      this.nextRetryAt = Date.now() + this.retryFailedMs;
    }

    const caughtUp = scannedTo >= tip.height;
    // A withdrawal needs a true picture: caught up, a mempool read this round, and no block mined meanwhile.
    const stable = caughtUp && mempool.current && (await this.node.tip()).hash === tip.hash;
    await this.recheckOpen(tip.height, scannedTo, inMempool, stable, round);
  }

  /** Walk down our stored blocks to the first one still on the node's chain; roll back what is above it. */
  private async followFork(cursor: StoredBlock, round: WatcherRound): Promise<StoredBlock | null> {
    let fork: StoredBlock | null = null;
    let lowest = cursor.height;
    for (let from = cursor.height; fork === null; ) {
      const page = await this.store.below(from, 20);
      if (page.length === 0) break;
      const hashes = await this.node.blockHashes(page.map((b) => b.height));
      fork = page.find((block, i) => hashes[i] === block.hash) ?? null;
      lowest = page[page.length - 1]!.height;
      from = lowest - 1;
    }
    const forkHeight = fork?.height ?? lowest - 1;
    if (forkHeight >= cursor.height) return cursor;
    round.rolledBack = await this.store.rollbackAbove(forkHeight);
    this.reorgFloor = Math.min(this.reorgFloor ?? forkHeight, forkHeight);
    if (fork !== null) {
      this.log.warn({ family: this.family, forkHeight, rolledBack: round.rolledBack }, 'chain: reorganisation: blocks above the fork point rolled back and rescanned');
      return fork;
    }
    this.log.error({ family: this.family, from: cursor.height, to: forkHeight }, 'chain: a reorganisation deeper than every block we keep: rescanning from below them; payments above are re-checked');
    return forkHeight < 0 ? null : { height: forkHeight, hash: await this.node.blockHash(forkHeight) };
  }

  /** Blocks after the cursor, at most maxBlocksPerRound; answers the height finished last. */
  private async scanBlocks(cursor: StoredBlock | null, tipHeight: number, round: WatcherRound): Promise<number> {
    let finished = cursor?.height ?? -1;
    let parentHash = cursor?.hash ?? null;
    const last = Math.min(tipHeight, finished + this.maxBlocksPerRound);
    if (last <= finished) return finished;
    const heights = Array.from({ length: last - finished }, (_, i) => finished + 1 + i);
    const hashes = await this.node.blockHashes(heights);
    for (let i = 0; i < heights.length; i += NodeReader.BLOCKS_PER_BATCH) {
      const read = await this.node.blocks(hashes.slice(i, i + NodeReader.BLOCKS_PER_BATCH));
      // The blocks that extend what we have; the node switching branches while we read ends the run
      // (the next round's fork check sorts it out).
      const linked: RpcBlock[] = [];
      for (const block of read) {
        if (block === null || (parentHash !== null && block.previousblockhash !== parentHash)) break;
        linked.push(block);
        parentHash = block.hash;
      }
      if (linked.length === 0) return finished;
      // The linked blocks' payments in one report (one pipeline transaction for a catch-up's few blocks),
      // then the blocks recorded as finished: a crash between the two redoes them, which changes nothing.
      round.observed += await this.reportBlocks(linked, tipHeight);
      await this.store.recordAll(linked.map((block) => ({ height: block.height, hash: block.hash, parentHash: block.previousblockhash ?? '' })));
      finished = linked[linked.length - 1]!.height;
      this.cursorHeight = finished;
      round.blocks += linked.length;
      if (linked.length < read.length) return finished;
    }
    return finished;
  }

  private async reportBlocks(blocks: readonly RpcBlock[], tipHeight: number): Promise<number> {
    const payments = blocks.flatMap((block) => {
      for (const tx of block.tx) this.spends.see(tx);
      return blockPayments(block, this.family, this.network).map((payment) => ({ block, payment }));
    });
    if (payments.length === 0) return 0;
    const ours = await ourAddresses(this.db, this.assets, payments.map(({ payment }) => payment.address));
    if (ours.size === 0) return 0;
    const observations = payments
      .filter(({ payment }) => ours.has(payment.address))
      .map(({ block, payment }): ChainObservation => ({ asset: this.assets[0]!, ...payment, confirmations: tipHeight - block.height + 1, block: { height: block.height, hash: block.hash } }));
    await this.track(blocks.flatMap((block) => block.tx), observations);
    await this.report(observations);
    return observations.length;
  }

  /** New mempool transactions reported with 0 confirmations; answers the mempool's txids. */
  private async scanMempool(round: WatcherRound): Promise<{ txids: ReadonlySet<string>; current: boolean }> {
    const read = await this.mempool.read();
    for (const tx of read.fresh) this.spends.see(tx);
    // A replacement's own detection comes after the withdrawal of what it replaced: a merchant never sees
    // both counted at once (a bumped fee paying the same address would read as paid twice).
    await this.withdrawReplaced(read.txids, round);
    round.observed += await this.reportMempool(read.fresh);
    read.commit();
    return read;
  }

  /**
   * Ours, spent again by another transaction we just read, and out of the mempool: it can never confirm, so it
   * is withdrawn now, whatever the tip does (the conflict cannot coexist with it in a block either).
   */
  private async withdrawReplaced(inMempool: ReadonlySet<string>, round: WatcherRound): Promise<void> {
    for (const txid of this.spends.takeNewlyReplaced()) {
      if (inMempool.has(txid)) continue;
      const changed = await this.pipeline.withdraw({ asset: this.assets[0]!, txid, reason: 'replaced' });
      if (changed <= 0) continue; // nothing open, or a handler failed: the re-check tries again
      round.withdrawn += changed;
      this.log.warn({ family: this.family, txid, reason: 'replaced', replacedBy: this.spends.replacementOf(txid) ?? null }, 'chain: a payment was replaced (RBF or double spend): its detection is withdrawn');
    }
  }

  private async reportMempool(transactions: readonly RpcTransaction[]): Promise<number> {
    const payments = transactions.flatMap((tx) => transactionPayments(tx, this.family, this.network));
    if (payments.length === 0) return 0;
    const ours = await ourAddresses(this.db, this.assets, payments.map((p) => p.address));
    const observations = payments.filter((p) => ours.has(p.address)).map((p): ChainObservation => ({ asset: this.assets[0]!, ...p, confirmations: 0, block: null }));
    await this.track(transactions, observations);
    if (observations.length > 0) await this.report(observations);
    return observations.length;
  }

  /**
   * Watch what the transactions paying us spend: saved to the database first, then in memory, so a failed
   * save leaves them untracked and the next read of the same transactions tracks them again.
   */
  private async track(transactions: readonly RpcTransaction[], observations: readonly ChainObservation[]): Promise<void> {
    const ours = new Set(observations.map((o) => o.txid));
    const fresh = new Map<string, string[]>();
    for (const tx of transactions) {
      if (ours.has(tx.txid) && !this.spends.isTracked(tx.txid)) fresh.set(tx.txid, spentOutpoints(tx));
    }
    await this.spendStore.save(fresh);
    for (const [txid, outpoints] of fresh) this.spends.restore(txid, outpoints);
  }

  /** To the pipeline; what it could not apply is kept and reported again (a block or a mempool entry is read once). */
  private async report(observations: readonly ChainObservation[]): Promise<void> {
    if (!needsRetry(await this.pipeline.observeAll(observations))) return;
    const dropped = this.retries.add(observations);
    if (dropped > 0) this.log.error({ family: this.family, dropped }, 'chain: too many failed reports kept for retry: the oldest are let go (the payments are seen again when their confirmations change)');
  }

  /** The failed reports again, as the chain shows them now; those whose transaction is gone are let go. */
  private async retryFailed(tipHeight: number, scannedTo: number, inMempool: ReadonlySet<string>): Promise<number> {
    let reported = 0;
    for (const observation of this.retries.list()) {
      const block = observation.block ?? null;
      if (block !== null && block.height > scannedTo) continue;
      const onChain = block !== null && ((await this.store.hashesAt([block.height])).get(block.height) ?? (await this.node.blockHash(block.height))) === block.hash;
      const now: ChainObservation | null = onChain ? { ...observation, confirmations: tipHeight - block!.height + 1 } : inMempool.has(observation.txid) ? { ...observation, confirmations: 0, block: null } : null;
      // Gone, or mined in a block the scan reports on its own.
      if (now === null) {
        this.retries.done(observation);
        continue;
      }
      const outcome = await this.pipeline.observe(now);
      if (outcome !== 'failed' && outcome !== 'unhandled') this.retries.done(observation);
      reported += 1;
    }
    return reported;
  }

  /**
   * Every payment still waiting (and, after a reorganisation, the final ones placed above the fork): its
   * confirmations now, back to 0 in the mempool, or withdrawn when it is nowhere and the picture is stable.
   */
  private async recheckOpen(tipHeight: number, scannedTo: number, inMempool: ReadonlySet<string>, stable: boolean, round: WatcherRound): Promise<void> {
    // A row of another network (a database that ran on the built-in test network before) is not this node's to judge.
    const open = (await this.pipeline.openPayments(this.family, this.reorgFloor ?? undefined)).filter((p) => validateAddress(p.asset, p.address, this.network).ok);
    const placed = open.filter((p) => p.blockHeight !== null && p.blockHeight <= scannedTo).map((p) => p.blockHeight!);
    const ourHashes = await this.store.hashesAt(placed);
    const gone = new Map<string, OpenChainPayment>();
    const observations: ChainObservation[] = [];
    for (const payment of open) {
      const height = payment.blockHeight;
      if (height !== null && height > scannedTo) continue; // in a block we have not reached: the scan reports it
      if (height !== null && (ourHashes.get(height) ?? (await this.node.blockHash(height))) === payment.blockHash) {
        const confirmations = tipHeight - height + 1;
        if (confirmations !== payment.confirmations || payment.status === 'confirmed') observations.push({ ...observed(payment), confirmations, block: { height, hash: payment.blockHash! } });
        continue;
      }
      if (inMempool.has(payment.txid)) {
        if (height !== null || payment.confirmations !== 0) observations.push({ ...observed(payment), confirmations: 0, block: null });
        continue;
      }
      gone.set(payment.txid, payment);
    }
    if (observations.length > 0) {
      await this.pipeline.observeAll(observations);
      round.observed += observations.length;
    }
    if (!stable) return;
    const withdrawn = new Set<string>();
    for (const [txid, payment] of gone) {
      const replacedBy = this.spends.replacementOf(txid);
      // Not seen replaced: the node may still know that a mempool transaction spends its inputs.
      const spentOutpoint = replacedBy === undefined ? await spentInMempool(this.node, this.spends.outpointsOf(txid) ?? [], inMempool) : undefined;
      const reason = replacedBy !== undefined || spentOutpoint !== undefined ? 'replaced' : payment.blockHeight !== null ? 'reorged_out' : 'dropped';
      const changed = await this.pipeline.withdraw({ asset: payment.asset, txid, reason });
      if (changed < 0) continue; // a handler failed: tried again next round, with what we know kept
      withdrawn.add(txid);
      round.withdrawn += changed;
      if (changed > 0) this.log.warn({ family: this.family, txid, reason, replacedBy: replacedBy ?? null, spentOutpoint: spentOutpoint ?? null }, 'chain: a payment left the chain and the mempool: its detection is withdrawn');
    }
    this.reorgFloor = null;
    await this.spendStore.forget(this.spends.keepOnly(new Set(open.filter((p) => !withdrawn.has(p.txid)).map((p) => p.txid))));
  }
}

function observed(payment: OpenChainPayment): Pick<ChainObservation, 'asset' | 'address' | 'txid' | 'amountMinor'> {
  return { asset: payment.asset, address: payment.address, txid: payment.txid, amountMinor: payment.amountMinor };
}
