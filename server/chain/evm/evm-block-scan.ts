// Step 2 of a watcher's round on an EVM chain: read blocks from..to, find what they pay to OUR
// addresses and report it, block by block, recording each block as finished only after its
// observations are in. The chain may change while we read it: a block whose parent is not the block
// before it, or logs from another branch, end the scan there, and the next round's fork check sorts
// it out. Addresses are matched with one query per block over that block's recipients, so memory
// does not grow with the number of addresses we watch.

import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Hash, Hex } from 'viem';
import { ASSETS_OF_FAMILY, type TokenAsset } from '#core/chain/networks.ts';
import type { Database } from '../../db/schema.ts';
import type { PaymentPipeline } from '../payment-pipeline.ts';
import { addressesOf, nativeTxidsToCheck, observationsOf, ownedKey, TRANSFER_TOPIC, transfersOfBlock } from './block-transfers.ts';
import type { ChainCursor } from './chain-cursor.ts';
import { hexToNumber, type EvmBlock, type EvmClient, type EvmLog } from './evm-client.ts';
import { need, NodeFailure, RoundFailure } from './round-failure.ts';

/** Blocks fetched at once during a catch-up: enough to hide the round trip, few enough to be polite. */
const PREFETCH = 8;

export interface ScanContext {
  db: Kysely<Database>;
  pipeline: PaymentPipeline;
  log: FastifyBaseLogger;
  client: EvmClient;
  cursor: ChainCursor;
  tokenContracts: Hex[];
  tokenByContract: ReadonlyMap<string, TokenAsset>;
  logChunkBlocks: number;
  /** Learned once: false after the node refused eth_getBlockReceipts. */
  blockReceipts: { supported: boolean };
  /** Told after each block is finished (status() shows progress even when a later block fails). */
  onFinished(height: number): void;
}

export interface ScanResult {
  blocks: number;
  observed: number;
  /** The last block finished, or null when none was. */
  last: { height: number; hash: string } | null;
}

/** Scan from..to (inclusive) against the node's tip; `parent` is the hash block `from` must build on (null: unknown). */
export async function scanBlocks(ctx: ScanContext, from: number, to: number, parent: string | null, tip: number): Promise<ScanResult> {
  const result: ScanResult = { blocks: 0, observed: 0, last: null };
  let expectedParent = parent;
  for (let chunkStart = from; chunkStart <= to; chunkStart += ctx.logChunkBlocks) {
    const chunkEnd = Math.min(to, chunkStart + ctx.logChunkBlocks - 1);
    const logsByHeight = groupByHeight(await transferLogs(ctx, chunkStart, chunkEnd));
    for (let height = chunkStart; height <= chunkEnd; height += PREFETCH) {
      const heights = Array.from({ length: Math.min(PREFETCH, chunkEnd - height + 1) }, (_, i) => height + i);
      // Fetched together, used in order: a failure costs only the blocks from the failed one on.
      const answers = await Promise.all(heights.map((h) => ctx.client.block(h)));
      for (const answer of answers) {
        const block = need(answer);
        if (!block || block.hash === null || block.number === null) return result; // the tip moved back under us
        if (expectedParent !== null && block.parentHash !== expectedParent) return result;
        const blockHeight = hexToNumber(block.number);
        const logs = logsByHeight.get(blockHeight) ?? [];
        if (logs.some((log) => log.blockHash !== block.hash)) return result; // the logs were read from another branch
        const { observed, complete } = await reportBlock(ctx, block, blockHeight, logs, tip);
        if (!complete) return result;
        await ctx.cursor.finish(blockHeight, block.hash, block.parentHash);
        result.blocks += 1;
        result.observed += observed;
        result.last = { height: blockHeight, hash: block.hash };
        ctx.onFinished(blockHeight);
        expectedParent = block.hash;
      }
    }
  }
  return result;
}

/** Report what one block pays us; `complete` false when it must be read again (the block is then not finished). */
async function reportBlock(ctx: ScanContext, block: EvmBlock, height: number, logs: readonly EvmLog[], tip: number): Promise<{ observed: number; complete: boolean }> {
  const hash = block.hash!;
  const transfers = transfersOfBlock(block, logs, ctx.tokenByContract);
  if (transfers.length === 0) return { observed: 0, complete: true };
  const ours = await ourPairs(ctx.db, addressesOf(transfers));
  if (ours.size === 0) return { observed: 0, complete: true };
  const failed = await failedTransactions(ctx, hash, nativeTxidsToCheck(transfers, ours));
  if (failed === null) return { observed: 0, complete: false };
  const observations = observationsOf(transfers, { ours, failed, block: { height, hash }, confirmations: tip - height + 1 });
  if (observations.length === 0) return { observed: 0, complete: true };
  const counts = await ctx.pipeline.observeAll(observations);
  if (counts.failed > 0) {
    // A detection that failed leaves no row for the re-check to retry: the block stays unfinished and
    // is read again after the back-off (the pipeline logged the cause).
    throw new RoundFailure(`block ${height}: ${counts.failed} of its payments could not be recorded; it is read again`, true);
  }
  return { observed: observations.length, complete: true };
}

/** The (asset, address) pairs among `addresses` that we allocated: one query. */
async function ourPairs(db: Kysely<Database>, addresses: readonly string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db.selectFrom('chain_addresses').select(['asset', 'address']).where('asset', 'in', ASSETS_OF_FAMILY.ethereum).where('address', 'in', addresses).execute();
  return new Set(rows.map((row) => ownedKey(row.asset, row.address)));
}

/**
 * Which of these native transfers failed (receipt status 0: no ether moved). Null when the node no
 * longer has the block's receipts (it changed branch while we read): the block is read again.
 */
async function failedTransactions(ctx: ScanContext, blockHash: Hash, txids: readonly Hash[]): Promise<Set<string> | null> {
  const failed = new Set<string>();
  if (txids.length === 0) return failed;
  if (ctx.blockReceipts.supported) {
    const answer = await ctx.client.blockReceipts(blockHash);
    if (answer.ok) {
      if (answer.value === null) return null;
      for (const receipt of answer.value) if (receipt.status === '0x0') failed.add(receipt.transactionHash);
      return failed;
    }
    if (!('unsupported' in answer)) throw new NodeFailure(answer.error);
    ctx.blockReceipts.supported = false;
    ctx.log.info({ reason: answer.error.message }, 'evm watcher: the node has no eth_getBlockReceipts; reading the receipts of our transactions one by one');
  }
  for (const txid of txids) {
    const receipt = need(await ctx.client.receipt(txid));
    if (receipt === null || receipt.blockHash !== blockHash) return null;
    if (receipt.status === '0x0') failed.add(txid);
  }
  return failed;
}

/**
 * The token Transfer logs of from..to. Providers cap one answer's size (and say so with an error): a
 * range refused is halved until it passes, down to a single block, which must then pass or the round
 * fails and is retried.
 */
export async function transferLogs(ctx: Pick<ScanContext, 'client' | 'tokenContracts'>, from: number, to: number): Promise<EvmLog[]> {
  const answer = await ctx.client.logs(ctx.tokenContracts, TRANSFER_TOPIC, from, to);
  if (answer.ok) return answer.value;
  if (answer.error.code !== 'rpc_error' || from === to) throw new NodeFailure(answer.error);
  const middle = Math.floor((from + to) / 2);
  return [...(await transferLogs(ctx, from, middle)), ...(await transferLogs(ctx, middle + 1, to))];
}

function groupByHeight(logs: readonly EvmLog[]): Map<number, EvmLog[]> {
  const byHeight = new Map<number, EvmLog[]>();
  for (const log of logs) {
    if (log.blockNumber === null) continue;
    const height = hexToNumber(log.blockNumber);
    const list = byHeight.get(height);
    if (list) list.push(log);
    else byHeight.set(height, [log]);
  }
  return byHeight;
}
