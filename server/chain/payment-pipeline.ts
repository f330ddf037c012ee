// The detection pipeline: every chain watcher (the test network, and the node watchers of
// server/chain/bitcoin/ and server/chain/evm/) reports what it sees on the chain as observations, and
// this turns them into chain_payments rows and calls the address purpose's handlers.
//
// Guarantees:
//   - Each transition (detected, confirmations up, confirmations down, confirmed, dropped) calls its
//     handler EXACTLY ONCE: the handler runs inside the same database transaction as the
//     chain_payments change it is about, so either both are committed or neither is.
//   - Reporting the same observation twice changes nothing.
//   - A reorganisation that takes an unconfirmed payment's block away lowers its confirmations (back
//     to 0 when it is in the mempool again): handlers.unconfirmed. A transaction that left both the
//     chain and the mempool (replaced, double spent, dropped) is withdrawn: handlers.dropped. A
//     payment that was already FINAL (credited) and then left the chain is only flagged (reorged_at)
//     and logged as an error: undoing a credit is an operator's decision, never a watcher's, and it
//     is never credited a second time when it comes back.
//   - A handler that throws rolls back its transition only; it is logged and the same transition is
//     tried again on the next report (the next block), so a bug or a busy database never stops the
//     chain from being read.
//   - The row is claimed with SELECT ... FOR UPDATE SKIP LOCKED, so several workers may feed the
//     pipeline at once: a row another worker holds is left to that worker.
//   - Addresses we did not allocate are ignored, as are purposes with no handler registered yet (they
//     are picked up on a later report once one is).

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { requiredConfirmations } from '#core/chain/confirmations.ts';
import type { Database } from '../db/schema.ts';
import { ASSETS_OF_FAMILY, type ChainFamily } from '#core/chain/networks.ts';
import { applyMany } from './payment-pipeline-many.ts';
import type { AddressPurpose, ChainAddressRow, ChainPaymentRow } from '../db/tables/chain.ts';
import { blockOf, checkObservation, eventOf, type ChainObservation, type ChainWithdrawal, type ObserveOutcome, type OpenChainPayment, type PurposeHandlers } from './chain-payment-types.ts';

export type { ChainObservation, ChainPaymentEvent, ChainWithdrawal, ObserveOutcome, OpenChainPayment, PurposeBatchHandlers, PurposeHandlers } from './chain-payment-types.ts';


const EMPTY_COUNTS = (): Record<ObserveOutcome, number> => ({ ignored: 0, unhandled: 0, busy: 0, unchanged: 0, detected: 0, updated: 0, unconfirmed: 0, confirmed: 0, reorged: 0, failed: 0 });

export class PaymentPipeline {
  private readonly handlers = new Map<AddressPurpose, PurposeHandlers>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Registered once per purpose at start; a second registration is a bug. */
  onPurpose(purpose: AddressPurpose, handlers: PurposeHandlers): void {
    if (this.handlers.has(purpose)) throw new Error(`chain: handlers for purpose '${purpose}' are already registered`);
    this.handlers.set(purpose, handlers);
  }

  /** Feed one observation; never throws (a failure is logged and answered 'failed'). */
  async observe(observation: ChainObservation): Promise<ObserveOutcome> {
    try {
      return await this.db.transaction().execute((trx) => this.apply(trx, observation));
    } catch (error) {
      this.log.error({ err: error, asset: observation.asset, txid: observation.txid, address: observation.address }, 'chain: a payment handler failed; the transition is retried on the next report');
      return 'failed';
    }
  }

  /**
   * Many observations (a block's worth): first all in ONE transaction, which is what makes a catch-up
   * fast; if anything in it fails, the batch rolls back and each is applied on its own, so one bad
   * handler costs its own transition only.
   */
  async observeAll(observations: readonly ChainObservation[]): Promise<Record<ObserveOutcome, number>> {
    const counts = EMPTY_COUNTS();
    if (observations.length === 0) return counts;
    if (observations.length > 1) {
      try {
        const outcomes = await this.db.transaction().execute((trx) => this.applyAll(trx, observations));
        for (const outcome of outcomes) counts[outcome] += 1;
        return counts;
      } catch {
        // Fall through: one transaction each, so the failure is isolated (and logged) below.
      }
    }
    for (const observation of observations) counts[await this.observe(observation)] += 1;
    return counts;
  }

  /**
   * The transaction left the chain and the mempool. Its open rows are dropped (handlers.dropped); a row
   * that was already final is flagged reorged_at and logged for an operator. Never throws: answers the
   * number of rows it changed, or -1 when a handler failed (tried again on the next report).
   */
  async withdraw(withdrawal: ChainWithdrawal): Promise<number> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('chain_payments')
          .selectAll()
          .where('asset', '=', withdrawal.asset)
          .where('txid', '=', withdrawal.txid)
          .where('status', 'in', ['detected', 'confirmed'])
          .forUpdate()
          .execute();
        let changed = 0;
        for (const row of rows) {
          if (row.status === 'confirmed') {
            if (await this.flagReorged(trx, row)) changed += 1;
            continue;
          }
          const address = await trx.selectFrom('chain_addresses').selectAll().where('id', '=', row.address_id).executeTakeFirstOrThrow();
          const handlers = this.handlers.get(address.purpose);
          if (!handlers) continue;
          const updated = await trx
            .updateTable('chain_payments')
            .set({ status: 'dropped', dropped_reason: withdrawal.reason, confirmations: 0, block_height: null, block_hash: null, updated_at: new Date() })
            .where('id', '=', row.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await handlers.dropped(trx, eventOf(address, updated), withdrawal.reason);
          changed += 1;
        }
        return changed;
      });
    } catch (error) {
      this.log.error({ err: error, asset: withdrawal.asset, txid: withdrawal.txid }, 'chain: withdrawing a payment failed; it is tried again on the next report');
      return -1;
    }
  }

  /**
   * What a watcher re-checks each round: every payment still waiting for confirmations, and, after a
   * reorganisation to `placedAbove`, the final ones whose block was above it (to flag them if gone).
   */
  async openPayments(family: ChainFamily, placedAbove?: number): Promise<OpenChainPayment[]> {
    const rows = await this.db
      .selectFrom('chain_payments')
      .select(['asset', 'address', 'txid', 'amount_minor', 'status', 'confirmations', 'block_height', 'block_hash'])
      .where('asset', 'in', ASSETS_OF_FAMILY[family])
      .where((eb) =>
        placedAbove === undefined
          ? eb('status', '=', 'detected')
          : eb.or([eb('status', '=', 'detected'), eb.and([eb('status', '=', 'confirmed'), eb('block_height', '>', BigInt(placedAbove)), eb('reorged_at', 'is', null)])]),
      )
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      asset: row.asset,
      address: row.address,
      txid: row.txid,
      amountMinor: row.amount_minor,
      status: row.status,
      confirmations: row.confirmations,
      blockHeight: row.block_height === null ? null : Number(row.block_height),
      blockHash: row.block_hash,
    }));
  }

  private async flagReorged(trx: Transaction<Database>, row: ChainPaymentRow): Promise<boolean> {
    if (row.reorged_at !== null) return false;
    await trx.updateTable('chain_payments').set({ reorged_at: new Date(), updated_at: new Date() }).where('id', '=', row.id).execute();
    this.log.error(
      { asset: row.asset, txid: row.txid, address: row.address, amountMinor: row.amount_minor.toString(), handlerRef: row.handler_ref },
      'chain: a FINAL payment left the chain in a reorganisation; it was credited once and is not credited again; an operator must decide what to do',
    );
    return true;
  }

  /**
   * A batch in one transaction: the observations of purposes with set-based handlers that are new, or
   * existing and simply deeper, go through a handful of set-based statements (applyMany); everything
   * else (other purposes, counts going down, dropped rows coming back, a second report of the same
   * payment) is applied one by one afterwards, in the order reported.
   */
  private async applyAll(trx: Transaction<Database>, observations: readonly ChainObservation[]): Promise<ObserveOutcome[]> {
    for (const observation of observations) checkObservation(observation);
    const outcomes: (ObserveOutcome | undefined)[] = await applyMany(trx, this.handlers, observations);
    for (const [index, observation] of observations.entries()) outcomes[index] ??= await this.apply(trx, observation);
    return outcomes as ObserveOutcome[];
  }

  private async apply(trx: Transaction<Database>, observation: ChainObservation): Promise<ObserveOutcome> {
    checkObservation(observation);
    const address = await trx.selectFrom('chain_addresses').selectAll().where('asset', '=', observation.asset).where('address', '=', observation.address).executeTakeFirst();
    if (!address) return 'ignored';
    const handlers = this.handlers.get(address.purpose);
    if (!handlers) return 'unhandled';
    const existing = await trx
      .selectFrom('chain_payments')
      .selectAll()
      .where('asset', '=', observation.asset)
      .where('txid', '=', observation.txid)
      .where('address', '=', observation.address)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!existing) return this.detect(trx, handlers, address, observation);
    if (existing.status === 'dropped') return this.redetect(trx, handlers, address, existing, observation);
    return this.advance(trx, handlers, address, existing, observation);
  }

  /** A dropped transaction came back (rebroadcast, or re-mined): detected again, as new. */
  private async redetect(trx: Transaction<Database>, handlers: PurposeHandlers, address: ChainAddressRow, row: ChainPaymentRow, observation: ChainObservation): Promise<ObserveOutcome> {
    if (observation.amountMinor !== row.amount_minor) throw new Error(`chain: ${observation.asset} ${observation.txid} to ${observation.address} changed amount from ${row.amount_minor} to ${observation.amountMinor}`);
    const confirmed = observation.confirmations >= row.required_confirmations;
    const updated = await trx
      .updateTable('chain_payments')
      .set({ status: confirmed ? 'confirmed' : 'detected', confirmations: observation.confirmations, dropped_reason: null, handler_ref: null, ...blockOf(observation), updated_at: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.afterDetection(trx, handlers, address, updated, observation, confirmed);
  }

  private async detect(trx: Transaction<Database>, handlers: PurposeHandlers, address: ChainAddressRow, observation: ChainObservation): Promise<ObserveOutcome> {
    const required = requiredConfirmations(observation.asset);
    const confirmed = observation.confirmations >= required;
    // A row held by another worker is invisible to SKIP LOCKED; the conflict tells us it exists.
    const inserted = await trx
      .insertInto('chain_payments')
      .values({
        address_id: address.id,
        asset: observation.asset,
        address: observation.address,
        txid: observation.txid,
        amount_minor: observation.amountMinor,
        confirmations: observation.confirmations,
        required_confirmations: required,
        status: confirmed ? 'confirmed' : 'detected',
        ...blockOf(observation),
      })
      .onConflict((oc) => oc.columns(['asset', 'txid', 'address']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) return 'busy';
    return this.afterDetection(trx, handlers, address, inserted, observation, confirmed);
  }

  private async afterDetection(trx: Transaction<Database>, handlers: PurposeHandlers, address: ChainAddressRow, row: ChainPaymentRow, observation: ChainObservation, confirmed: boolean): Promise<ObserveOutcome> {
    const event = eventOf(address, row);
    const result = await handlers.detected(trx, event);
    if (result?.ref) {
      await trx.updateTable('chain_payments').set({ handler_ref: result.ref }).where('id', '=', row.id).execute();
      event.ref = result.ref;
    }
    if (confirmed) {
      await handlers.confirmed(trx, event);
      return 'confirmed';
    }
    if (observation.confirmations > 0) await handlers.confirmations(trx, event);
    return 'detected';
  }

  private async advance(trx: Transaction<Database>, handlers: PurposeHandlers, address: ChainAddressRow, row: ChainPaymentRow, observation: ChainObservation): Promise<ObserveOutcome> {
    if (row.status === 'confirmed') {
      // Final: only a reorganisation that takes it below its required confirmations matters, and only as a flag.
      if (observation.confirmations < row.required_confirmations) return (await this.flagReorged(trx, row)) ? 'reorged' : 'unchanged';
      return 'unchanged';
    }
    if (observation.amountMinor !== row.amount_minor) {
      throw new Error(`chain: ${observation.asset} ${observation.txid} to ${observation.address} changed amount from ${row.amount_minor} to ${observation.amountMinor}`);
    }
    const block = blockOf(observation);
    if (observation.confirmations === row.confirmations) {
      // Same depth, maybe another block of the same height after a reorganisation: keep the record true.
      if (block.block_hash !== row.block_hash && (block.block_hash !== null || observation.block !== undefined)) {
        await trx.updateTable('chain_payments').set({ ...block, updated_at: new Date() }).where('id', '=', row.id).execute();
      }
      return 'unchanged';
    }
    if (observation.confirmations < row.confirmations) {
      const lowered = await trx
        .updateTable('chain_payments')
        .set({ confirmations: observation.confirmations, ...block, updated_at: new Date() })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await handlers.unconfirmed(trx, eventOf(address, lowered));
      return 'unconfirmed';
    }
    const confirmed = observation.confirmations >= row.required_confirmations;
    const updated = await trx
      .updateTable('chain_payments')
      .set({ confirmations: observation.confirmations, status: confirmed ? 'confirmed' : 'detected', ...(observation.block === undefined ? {} : block), updated_at: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const event = eventOf(address, updated);
    if (confirmed) {
      await handlers.confirmed(trx, event);
      return 'confirmed';
    }
    await handlers.confirmations(trx, event);
    return 'updated';
  }
}

