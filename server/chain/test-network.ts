// The test network: MODE=test's stand-in for the chains we cannot reach from here, clearly a double.
// One chain carries every test asset; it has a mempool, blocks and a tip, all in tables, so a restart
// loses nothing. Like a real chain it accepts a payment to ANY valid test-network address; only the
// addresses we allocated are then detected, by the same pipeline live chain watchers feed.
//   pay(asset, address, amount)   a faucet payment into the mempool (0 confirmations)
//   mine(blocks)                  mines N blocks at once: the mempool goes into the first of them
//   a block producer              mines one block every TEST_NETWORK_BLOCK_MS (0 = only by hand)
// After a payment and after every block, the watcher reports every transaction to one of our
// addresses whose payment is not yet confirmed: also those a failed handler left behind, and
// those paid before a restart.

import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { CryptoAsset } from '#core/assets.ts';
import { MAX_BLOCKS_PER_CALL } from '#core/contract/test-network.ts';
import type { Database } from '../db/schema.ts';
import { newTxid } from './test-network-payout.ts';
import type { ChainObservation, ObserveOutcome, PaymentPipeline } from './payment-pipeline.ts';

export interface PayInput {
  asset: CryptoAsset;
  /** Canonical test-network address (checked by the caller with validateAddress). */
  address: string;
  amountMinor: bigint;
}

export class TestNetwork {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pipeline: PaymentPipeline,
    private readonly log: FastifyBaseLogger,
  ) {}

  async tipHeight(): Promise<bigint> {
    const row = await this.db.selectFrom('test_network_state').select('tip_height').executeTakeFirstOrThrow();
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
    const observed = await this.report();
    return { height, observed };
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
    return this.pipeline.observeAll(await this.openObservations());
  }

  /** Mine one block every `intervalMs` (0: never). A slow round is never overlapped by the next. */
  startProducer(intervalMs: number): void {
    if (intervalMs <= 0 || this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.mine(1)
        .catch((error: unknown) => this.log.error({ err: error }, 'test network: mining a block failed; trying again at the next tick'))
        .finally(() => {
          this.running = undefined;
        });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stop producing blocks and wait for the block in progress, so the database can close after. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
