// The test network: MODE=test's stand-in for the chains we cannot reach from here, clearly a double.
// One chain carries every test asset; it has a mempool, blocks and a tip, all in tables, so a restart
// loses nothing. Like a real chain it accepts a payment to ANY valid test-network address; only the
// addresses we allocated are then detected, by the same pipeline live chain watchers feed.
//   pay(asset, address, amount)   a faucet payment into the mempool (0 confirmations)
//   mine(blocks)                  mines N blocks at once: the mempool goes into the first of them
//   a block producer              mines one block every TEST_NETWORK_BLOCK_MS (0 = only by hand)
//   drop(txid)                    a mempool transaction vanishes (replaced, double spent, evicted), as
//                                 one can on a real chain: the pipeline withdraws it
//   reorg(depth)                  the last `depth` blocks are undone: their transactions go back to the
//                                 mempool and the tip goes down, so confirmations fall (a real reorg
//                                 whose new branch has not mined them yet)
// After a payment and after every block, the watcher reports every transaction to one of our
// addresses whose payment is not yet confirmed: also those a failed handler left behind, and
// those paid before a restart.
// status() answers, per chain family it carries, what the console and /healthz show of a watcher: the
// tip it last read or mined (kept in memory, so the answer needs no query), no node and no lag.

import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { CryptoAsset } from '#core/assets.ts';
import { ASSETS_OF_FAMILY, CHAIN_FAMILIES } from '#core/chain/networks.ts';
import { MAX_BLOCKS_PER_CALL } from '#core/contract/test-network.ts';
import type { Database } from '../db/schema.ts';
import { newTxid } from './test-network-payout.ts';
import type { ChainWatcherStatus } from './chain-watcher.ts';
import type { ChainObservation, ObserveOutcome, PaymentPipeline } from './payment-pipeline.ts';

export interface PayInput {
  asset: CryptoAsset;
  /** Canonical test-network address (checked by the caller with validateAddress). */
  address: string;
  amountMinor: bigint;
}

/** Why the test network refused a drop or a reorg: the caller's to fix, so each says how. */
export type TestNetworkRefusal =
  | { ok: false; code: 'test_transaction_not_found'; message: string }
  | { ok: false; code: 'test_transaction_mined'; message: string }
  | { ok: false; code: 'test_reorg_too_deep'; message: string };

export class TestNetwork {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;
  /** The tip as this process last read or mined it; null until the first read. */
  private knownTip: bigint | null = null;
  private lastRoundAt: string | null = null;
  private lastError: { message: string; at: string } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pipeline: PaymentPipeline,
    private readonly log: FastifyBaseLogger,
  ) {}

  async tipHeight(): Promise<bigint> {
    const row = await this.db.selectFrom('test_network_state').select('tip_height').executeTakeFirstOrThrow();
    this.knownTip = row.tip_height;
    return row.tip_height;
  }

  /** Broadcast a faucet payment; the watcher sees it at once with 0 confirmations. */
  async pay(input: PayInput): Promise<{ txid: string; outcome: ObserveOutcome }> {
    if (input.amountMinor <= 0n) throw new RangeError(`TestNetwork.pay: amount must be positive, got ${input.amountMinor}`);
    const txid = newTxid(input.asset);
    await this.db.insertInto('test_network_txs').values({ txid, asset: input.asset, address: input.address, amount_minor: input.amountMinor, kind: 'faucet', payout_ref: null, block_height: null }).execute();
    const outcome = await this.pipeline.observe({ asset: input.asset, address: input.address, txid, amountMinor: input.amountMinor, confirmations: 0 });
    return { txid, outcome };
  }

  /** Mine `blocks` blocks, then let the watcher report. Answers the new tip. */
  async mine(blocks: number): Promise<{ height: bigint; observed: Record<ObserveOutcome, number> }> {
    if (!Number.isInteger(blocks) || blocks < 1 || blocks > MAX_BLOCKS_PER_CALL) throw new RangeError(`TestNetwork.mine: blocks must be 1..${MAX_BLOCKS_PER_CALL}, got ${blocks}`);
    const height = await this.db.transaction().execute(async (trx) => {
      // The state row's lock orders concurrent miners: each gets its own heights.
      const state = await trx.updateTable('test_network_state').set({ tip_height: sql`tip_height + ${BigInt(blocks)}` }).returning('tip_height').executeTakeFirstOrThrow();
      const first = state.tip_height - BigInt(blocks) + 1n;
      await trx.updateTable('test_network_txs').set({ block_height: first }).where('block_height', 'is', null).execute();
      return state.tip_height;
    });
    this.knownTip = height;
    const observed = await this.report();
    return { height, observed };
  }

  /**
   * A transaction in the mempool vanishes, as when a wallet replaces it (RBF) or double spends its inputs:
   * its row goes, then the pipeline withdraws it (a detected payment is dropped). A mined one cannot
   * vanish (undo its block with reorg first); a payout is the payout layer's, so only faucet payments go.
   */
  async drop(txid: string): Promise<{ ok: true; asset: CryptoAsset; withdrawn: number } | TestNetworkRefusal> {
    const removed = await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('test_network_txs').selectAll().where('txid', '=', txid).forUpdate().executeTakeFirst();
      if (!row || row.kind !== 'faucet') return { ok: false as const, code: 'test_transaction_not_found' as const, message: 'The test network has no payment with this txid. Copy the txid the faucet answered.' };
      if (row.block_height !== null) {
        return { ok: false as const, code: 'test_transaction_mined' as const, message: `This transaction is already in block ${row.block_height}. Undo that block with a reorg first, then drop it.` };
      }
      await trx.deleteFrom('test_network_txs').where('id', '=', row.id).execute();
      return { ok: true as const, row };
    });
    if (!removed.ok) return removed;
    const { row } = removed;
    const withdrawn = await this.pipeline.withdraw({ asset: row.asset, txid, reason: 'dropped' });
    if (withdrawn < 0) {
      // The pipeline logged why. Without the row no later report would retry the withdrawal, so the
      // transaction comes back to the mempool and the caller may drop it again.
      await this.db.insertInto('test_network_txs').values({ txid: row.txid, asset: row.asset, address: row.address, amount_minor: row.amount_minor, kind: 'faucet', payout_ref: null, block_height: null }).execute();
      throw new Error(`TestNetwork.drop: the pipeline could not withdraw ${row.asset} ${txid}; it is back in the mempool`);
    }
    return { ok: true, asset: row.asset, withdrawn };
  }

  /**
   * Undo the last `depth` blocks: their transactions go back to the mempool (0 confirmations) and the
   * tip goes down by `depth`; the next mine puts them in a block again. Then the watcher reports: an open
   * payment's confirmations go down (handlers.unconfirmed), and a FINAL payment that was in an undone
   * block is reported too, so the pipeline flags it reorged_at for an operator (never a second credit).
   */
  async reorg(depth: number): Promise<{ ok: true; height: bigint; moved: number; observed: Record<ObserveOutcome, number> } | TestNetworkRefusal> {
    if (!Number.isInteger(depth) || depth < 1 || depth > MAX_BLOCKS_PER_CALL) throw new RangeError(`TestNetwork.reorg: depth must be 1..${MAX_BLOCKS_PER_CALL}, got ${depth}`);
    const undone = await this.db.transaction().execute(async (trx) => {
      // The state row's lock orders this against concurrent miners, as mine() does.
      const state = await trx.selectFrom('test_network_state').select('tip_height').forUpdate().executeTakeFirstOrThrow();
      if (BigInt(depth) > state.tip_height) {
        return { ok: false as const, code: 'test_reorg_too_deep' as const, message: `The test network has only ${state.tip_height} blocks. Undo at most that many.` };
      }
      const height = state.tip_height - BigInt(depth);
      await trx.updateTable('test_network_state').set({ tip_height: height }).execute();
      const moved = await trx.updateTable('test_network_txs').set({ block_height: null }).where('block_height', '>', height).returning(['txid', 'asset']).execute();
      return { ok: true as const, height, moved };
    });
    if (!undone.ok) return undone;
    this.knownTip = undone.height;
    const finals = await this.finalPaymentsOf(undone.moved);
    const observed = await this.pipeline.observeAll([...(await this.openObservations()), ...finals]);
    return { ok: true, height: undone.height, moved: undone.moved.length, observed };
  }

  /** The final (confirmed) payments among `txs`, as the mempool shows them now: 0 confirmations. */
  private async finalPaymentsOf(txs: readonly { txid: string; asset: CryptoAsset }[]): Promise<ChainObservation[]> {
    if (txs.length === 0) return [];
    const rows = await this.db
      .selectFrom('chain_payments')
      .select(['asset', 'address', 'txid', 'amount_minor'])
      .where('status', '=', 'confirmed')
      .where('reorged_at', 'is', null)
      .where('txid', 'in', txs.map((tx) => tx.txid))
      .execute();
    const moved = new Set(txs.map((tx) => `${tx.asset} ${tx.txid}`));
    return rows.filter((row) => moved.has(`${row.asset} ${row.txid}`)).map((row) => ({ asset: row.asset, address: row.address, txid: row.txid, amountMinor: row.amount_minor, confirmations: 0 }));
  }

  /** What a watcher sees: every transaction to one of our addresses whose payment is still open. */
  async openObservations(): Promise<ChainObservation[]> {
    const tip = await this.tipHeight();
    const rows = await this.db
      .selectFrom('test_network_txs as t')
      .innerJoin('chain_addresses as a', (join) => join.onRef('a.asset', '=', 't.asset').onRef('a.address', '=', 't.address'))
      .leftJoin('chain_payments as p', (join) => join.onRef('p.asset', '=', 't.asset').onRef('p.txid', '=', 't.txid').onRef('p.address', '=', 't.address'))
      .select(['t.txid', 't.asset', 't.address', 't.amount_minor', 't.block_height'])
      .where((eb) => eb.or([eb('p.id', 'is', null), eb('p.status', '=', 'detected')]))
      .orderBy('t.id')
      .execute();
    return rows.map((row) => ({
      asset: row.asset,
      address: row.address,
      txid: row.txid,
      amountMinor: row.amount_minor,
      confirmations: row.block_height === null ? 0 : Number(tip - row.block_height + 1n),
    }));
  }

  async report(): Promise<Record<ObserveOutcome, number>> {
    const observed = await this.pipeline.observeAll(await this.openObservations());
    this.lastRoundAt = new Date().toISOString();
    return observed;
  }

  /** One status per chain family: all of them ride this one chain, so they share its tip. */
  status(): ChainWatcherStatus[] {
    const height = this.knownTip === null ? null : Number(this.knownTip);
    return CHAIN_FAMILIES.map((family) => ({
      family,
      assets: [...ASSETS_OF_FAMILY[family]],
      backend: 'test-network',
      network: 'test',
      node: null,
      reachable: true,
      nodeHeight: height,
      height,
      lagBlocks: height === null ? null : 0,
      lastRoundAt: this.lastRoundAt,
      lastError: this.lastError,
      retryInMs: null,
    }));
  }

  /** Mine one block every `intervalMs` (0: never). A slow round is never overlapped by the next. */
  startProducer(intervalMs: number): void {
    // The status shows the tip from the start, also when no producer runs.
    // stop() waits for this read like for a block, so the database can close after.
    if (this.knownTip === null && !this.stopped && !this.running) {
      this.running = this.tipHeight()
        .catch((error: unknown) => this.log.error({ err: error }, 'test network: reading the tip failed'))
        .finally(() => {
          this.running = undefined;
        });
    }
    if (intervalMs <= 0 || this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.mine(1)
        .catch((error: unknown) => {
          this.lastError = { message: error instanceof Error ? error.message : String(error), at: new Date().toISOString() };
          this.log.error({ err: error }, 'test network: mining a block failed; trying again at the next tick');
        })
        .finally(() => {
          this.running = undefined;
        });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stop producing blocks and wait for the block in progress; startProducer may start it again (a leader that lost, then won again). */
  async stopProducer(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Stop producing blocks for good and wait for the block in progress, so the database can close after. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.stopProducer();
  }
}
