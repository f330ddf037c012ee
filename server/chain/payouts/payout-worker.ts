// Takes accepted payouts to the chain and follows them until they are mined or provably not paid.
//
// The rule it is built on: never broadcast inside a database transaction that could roll back AFTER the
// broadcast without a record of it. So each payout goes:
//   1. claim   (one transaction): queued -> 'sending' with a claim (claimed_until), attempts + 1; COMMIT.
//   2. send    (no transaction open): the adapter talks to the node. A send that may have happened is never
//              repeated blindly: Bitcoin looks for the wallet's earlier transaction with comment = ref,
//              EVM rebroadcasts the signed transaction it stored before the first broadcast.
//   3. record  (one transaction, with the purpose's handler): txid -> 'broadcast'; a refusal -> back to the
//              queue with backoff (or 'failed' after maxAttempts); no answer -> stays 'sending' until its
//              claim lapses, then step 2 runs again and finds what was sent.
// A crash anywhere leaves 'queued' (nothing sent) or 'sending' (maybe sent), and both are finished safely.
//
// Following: each round asks the adapter where every broadcast payout stands. Mined with `confirmations`
// (default 1) -> 'confirmed'. Why 1: the coins left the hot wallet when the node accepted the transaction;
// what the recipient waits for is that it is mined, and a shallow reorg does not undo a payout (the same
// signed transaction returns to the mempool and is mined again: only our own wallet could spend its inputs
// elsewhere). Deeper finality is the recipient's rule on their side; set `confirmations` higher to wait longer.
// An EVM payout re-priced (evm-payout.ts) has several transactions of one nonce; the adapter names the one
// that was mined, and that becomes the payout's txid, whichever it is.
// Provably gone (conflicted by, or its EVM nonce used by, another transaction as deep as the asset's
// required confirmations: the adapter waits for that) -> sent again ONCE under the same ref; gone a second
// time, abandoned, or reverted (EVM receipt status 0) -> 'failed' with failed_reason.

import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { ChainFamily } from '#core/chain/networks.ts';
import type { Database } from '../../db/schema.ts';
import type { ChainPayoutRow, ChainPayoutsTable } from '../../db/tables/chain-payouts.ts';
import type { PayoutHandlerRegistry, PayoutHandlers } from './payout-handlers.ts';
import type { FollowOutcome, PayoutSender, SendOutcome } from './payout-sender.ts';

export interface PayoutWorkerOptions {
  /** Confirmations at which a payout is 'confirmed' (default 1; see the file comment). */
  confirmations?: number;
  /** How long a worker holds a 'sending' row it is working on (default 2 min; longer than an RPC timeout). */
  leaseMs?: number;
  /** Refusals before broadcast (the node answered no) after which the payout fails (default 8). */
  maxAttempts?: number;
  /** Rows sent and rows followed per round, each (default 20). */
  batch?: number;
  /** Between rounds when started (default 2 s). */
  pollMs?: number;
  now?: () => Date;
}

export interface PayoutRound {
  broadcast: number;
  confirmed: number;
  failed: number;
  requeued: number;
  resent: number;
  /** Sends with no answer: left 'sending' to be looked for next time. */
  uncertain: number;
}

/** 1 s doubling per attempt, at most 10 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), 600_000);
}

export class PayoutWorker {
  private readonly senders = new Map<ChainFamily, PayoutSender>();
  private readonly confirmations: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly batch: number;
  private readonly pollMs: number;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly registry: PayoutHandlerRegistry,
    senders: readonly PayoutSender[],
    private readonly log: FastifyBaseLogger,
    options: PayoutWorkerOptions = {},
  ) {
    for (const sender of senders) this.senders.set(sender.family, sender);
    this.confirmations = options.confirmations ?? 1;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.batch = options.batch ?? 20;
    this.pollMs = options.pollMs ?? 2_000;
    this.now = options.now ?? (() => new Date());
  }

  /** One round: send what is due, then follow what is broadcast. Tests call it by hand. */
  async tick(): Promise<PayoutRound> {
    const round: PayoutRound = { broadcast: 0, confirmed: 0, failed: 0, requeued: 0, resent: 0, uncertain: 0 };
    for (let i = 0; i < this.batch; i += 1) {
      const claimed = await this.claim();
      if (!claimed) break;
      await this.sendClaimed(claimed, round);
    }
    await this.followBroadcast(round);
    return round;
  }

  start(): void {
    if (this.timer) return;
    const run = () => {
      this.running = this.tick()
        .then((round) => {
          if (Object.values(round).some((n) => n > 0)) this.log.info({ ...round }, 'chain payouts');
        })
        .catch((error: unknown) => this.log.error({ err: error }, 'chain payouts: a round failed; trying again at the next one'))
        .finally(() => this.timer?.refresh());
    };
    this.timer = setTimeout(run, this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private families(): ChainFamily[] {
    return [...this.senders.keys()];
  }

  private async claim(): Promise<ChainPayoutRow | undefined> {
    const purposes = this.registry.purposes();
    const families = this.families();
    if (purposes.length === 0 || families.length === 0) return undefined;
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('chain_payouts')
        .select('id')
        .where('purpose', 'in', purposes)
        .where('family', 'in', families)
        .where((eb) => eb.or([eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]), eb.and([eb('status', '=', 'sending'), eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)])])]))
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return undefined;
      return trx
        .updateTable('chain_payouts')
        .set({ status: 'sending', claimed_until: new Date(now.getTime() + this.leaseMs), attempts: sql<number>`attempts + 1`, updated_at: now })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  private async sendClaimed(payout: ChainPayoutRow, round: PayoutRound): Promise<void> {
    const sender = this.senders.get(payout.family)!;
    let outcome: SendOutcome;
    try {
      outcome = await sender.send(this.db, payout);
    } catch (error) {
      // An adapter bug or an unexpected answer: it may have sent, so treat it as no answer.
      outcome = { kind: 'unknown', error: (error as Error).message };
    }
    const now = this.now();
    await this.transition(payout, 'sending', async (trx, handlers, current) => {
      switch (outcome.kind) {
        case 'broadcast': {
          const updated = await this.update(trx, current.id, { status: 'broadcast', txid: outcome.txid, broadcast_at: now, claimed_until: null, last_error: null, updated_at: now });
          await handlers.broadcast(trx, updated);
          round.broadcast += 1;
          return;
        }
        case 'failed':
          await this.fail(trx, handlers, current, outcome.reason, now);
          round.failed += 1;
          return;
        case 'retry':
          if (current.attempts >= this.maxAttempts) {
            await this.fail(trx, handlers, current, `the node refused it ${current.attempts} times; last: ${outcome.error}`, now);
            round.failed += 1;
            return;
          }
          await this.update(trx, current.id, { status: 'queued', claimed_until: null, next_attempt_at: new Date(now.getTime() + backoffMs(current.attempts)), last_error: outcome.error, updated_at: now });
          round.requeued += 1;
          return;
        case 'unknown':
          this.log.warn({ ref: current.ref, asset: current.asset, error: outcome.error }, 'chain payouts: no answer from the node; the payout is looked for there before any new send');
          await this.update(trx, current.id, { claimed_until: new Date(now.getTime() + backoffMs(current.attempts)), last_error: outcome.error, updated_at: now });
          round.uncertain += 1;
          return;
      }
    });
  }

  private async followBroadcast(round: PayoutRound): Promise<void> {
    const purposes = this.registry.purposes();
    const families = this.families();
    if (purposes.length === 0 || families.length === 0) return;
    const rows = await this.db.selectFrom('chain_payouts').selectAll().where('status', '=', 'broadcast').where('purpose', 'in', purposes).where('family', 'in', families).orderBy('id').limit(this.batch).execute();
    for (const row of rows) {
      let outcome: FollowOutcome;
      try {
        outcome = await this.senders.get(row.family)!.follow(row, this.db);
      } catch (error) {
        outcome = { kind: 'error', error: (error as Error).message };
      }
      await this.applyFollow(row, outcome, round);
    }
  }

  private async applyFollow(row: ChainPayoutRow, outcome: FollowOutcome, round: PayoutRound): Promise<void> {
    const now = this.now();
    await this.transition(row, 'broadcast', async (trx, handlers, current) => {
      // The row as followed, or as the adapter itself moved it on (an EVM re-pricing stores its replacement).
      if (current.txid !== row.txid && !(outcome.kind === 'replaced' && current.txid === outcome.txid)) return;
      switch (outcome.kind) {
        case 'pending': {
          const block = outcome.block;
          const fee = outcome.feeMinor ?? current.fee_minor;
          const mined = this.minedTxid(current, outcome.txid);
          if (outcome.confirmations >= this.confirmations && block) {
            const updated = await this.update(trx, current.id, { ...mined, status: 'confirmed', confirmations: outcome.confirmations, block_height: BigInt(block.height), block_hash: block.hash, fee_minor: fee, confirmed_at: now, last_error: null, updated_at: now });
            await handlers.confirmed(trx, updated);
            round.confirmed += 1;
            return;
          }
          if (mined.txid || outcome.confirmations !== current.confirmations || (block?.hash ?? null) !== current.block_hash || fee !== current.fee_minor) {
            await this.update(trx, current.id, { ...mined, confirmations: outcome.confirmations, block_height: block ? BigInt(block.height) : null, block_hash: block?.hash ?? null, fee_minor: fee, updated_at: now });
          }
          return;
        }
        case 'reverted': {
          const reverted = await this.update(trx, current.id, { ...this.minedTxid(current, outcome.txid), block_height: BigInt(outcome.block.height), block_hash: outcome.block.hash, fee_minor: outcome.feeMinor });
          await this.fail(trx, handlers, reverted, outcome.reason, now);
          round.failed += 1;
          return;
        }
        case 'replaced':
          this.log.info({ ref: current.ref, from: row.txid, to: outcome.txid }, 'chain payouts: the payout was replaced by a transaction of its own (fee bump); following that one');
          await this.update(trx, current.id, { txid: outcome.txid, confirmations: 0, block_height: null, block_hash: null, last_error: outcome.note ?? `replaced ${row.txid} (fee bump)`, updated_at: now });
          return;
        case 'gone':
          if (current.replaced_txids.length === 0) {
            this.log.warn({ ref: current.ref, txid: current.txid, reason: outcome.reason }, 'chain payouts: the payout transaction can never be mined; sending it again once');
            await this.update(trx, current.id, {
              status: 'queued',
              // Every transaction of the lost nonce (re-priced ones too) is gone with it.
              replaced_txids: [...current.replaced_txids, ...current.repriced_txids, current.txid!],
              repriced_txids: [],
              priced_at: null,
              txid: null,
              raw_tx: null,
              nonce: null,
              confirmations: 0,
              block_height: null,
              block_hash: null,
              next_attempt_at: now,
              attempts: 0,
              last_error: outcome.reason,
              updated_at: now,
            });
            round.resent += 1;
            return;
          }
          await this.fail(trx, handlers, current, `sent twice and both transactions can never be mined (${[...current.replaced_txids, current.txid].join(', ')}): ${outcome.reason}`, now);
          round.failed += 1;
          return;
        case 'abandoned':
          await this.fail(trx, handlers, current, outcome.reason, now);
          round.failed += 1;
          return;
        case 'error':
          if (outcome.error !== current.last_error) await this.update(trx, current.id, { last_error: outcome.error, updated_at: now });
          return;
      }
    });
  }

  /**
   * Runs `apply` on the row locked in `expected` status, with its purpose's handlers, in one transaction. A
   * row another worker holds or that moved on is left alone; a handler that throws rolls everything back
   * (logged) and the same step is taken again next round.
   */
  private async transition(row: ChainPayoutRow, expected: ChainPayoutRow['status'], apply: (trx: Transaction<Database>, handlers: PayoutHandlers, current: ChainPayoutRow) => Promise<void>): Promise<void> {
    const handlers = this.registry.get(row.purpose);
    if (!handlers) return;
    try {
      await this.db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('chain_payouts').selectAll().where('id', '=', row.id).where('status', '=', expected).forUpdate().skipLocked().executeTakeFirst();
        if (current) await apply(trx, handlers, current);
      });
    } catch (error) {
      this.log.error({ err: error, ref: row.ref, asset: row.asset }, 'chain payouts: recording a payout step failed; it is taken again next round');
    }
  }

  private async fail(trx: Transaction<Database>, handlers: PayoutHandlers, current: ChainPayoutRow, reason: string, now: Date): Promise<void> {
    this.log.warn({ ref: current.ref, asset: current.asset, txid: current.txid, reason }, 'chain payouts: payout failed');
    const updated = await this.update(trx, current.id, { status: 'failed', failed_reason: reason, failed_at: now, claimed_until: null, updated_at: now });
    await handlers.failed(trx, updated);
  }

  /**
   * When the mined transaction is an earlier one of the payout (an EVM payout re-priced, and the transaction it
   * replaced mined instead), it becomes the payout's txid and the others of its nonce stay listed.
   */
  private minedTxid(current: ChainPayoutRow, mined: string | undefined): Updateable<ChainPayoutsTable> {
    if (mined === undefined || mined === current.txid) return {};
    return { txid: mined, repriced_txids: [...current.repriced_txids.filter((txid) => txid !== mined), current.txid!] };
  }

  private update(trx: Transaction<Database>, id: bigint, values: Updateable<ChainPayoutsTable>): Promise<ChainPayoutRow> {
    return trx.updateTable('chain_payouts').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }
}
