// The detection pipeline: every chain watcher (the test network here; EVM and Esplora watchers in live
// mode) reports what it sees on the chain as observations, and this turns them into chain_payments
// rows and calls the address purpose's handlers.
//
// Guarantees:
//   - Each transition (detected, confirmations changed, confirmed) calls its handler EXACTLY ONCE:
//     the handler runs inside the same database transaction as the chain_payments change it is
//     about, so either both are committed or neither is.
//   - Reporting the same observation twice changes nothing; confirmations never go down (a reorg
//     would need a correcting transfer, which is an operator's decision, not a watcher's).
//   - A handler that throws rolls back its transition only; it is logged and the same transition is
//     tried again on the next report (the next block), so a bug or a busy database never stops the
//     chain from being read.
//   - The row is claimed with SELECT ... FOR UPDATE SKIP LOCKED, so several workers may feed the
//     pipeline at once: a row another worker holds is left to that worker.
//   - Addresses we did not allocate are ignored, as are purposes with no handler registered yet (they
//     are picked up on a later report once one is).

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { CryptoAsset } from '#core/assets.ts';
import { requiredConfirmations } from '#core/chain/confirmations.ts';
import type { Database } from '../db/schema.ts';
import type { AddressPurpose, ChainAddressRow, ChainPaymentRow } from '../db/tables/chain.ts';

export interface ChainObservation {
  asset: CryptoAsset;
  address: string;
  txid: string;
  amountMinor: bigint;
  /** 0 while in the mempool, then blocks including the one that mined it. */
  confirmations: number;
}

export interface ChainPaymentEvent {
  paymentId: bigint;
  addressId: bigint;
  providerId: bigint;
  purpose: AddressPurpose;
  ownerRef: string;
  asset: CryptoAsset;
  address: string;
  txid: string;
  amountMinor: bigint;
  confirmations: number;
  requiredConfirmations: number;
  /** What the detected handler returned as its ref (e.g. the money transaction's public_id). */
  ref: string | null;
}

export interface PurposeHandlers {
  /** A payment to one of this purpose's addresses was seen for the first time. Return a ref to keep. */
  detected(trx: Transaction<Database>, event: ChainPaymentEvent): Promise<{ ref: string } | void>;
  /** Its confirmation count went up (not called for the step that confirms it: confirmed is). */
  confirmations(trx: Transaction<Database>, event: ChainPaymentEvent): Promise<void>;
  /** It reached the asset's required confirmations: final. */
  confirmed(trx: Transaction<Database>, event: ChainPaymentEvent): Promise<void>;
}

export type ObserveOutcome = 'ignored' | 'unhandled' | 'busy' | 'unchanged' | 'detected' | 'updated' | 'confirmed' | 'failed';

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

  async observeAll(observations: readonly ChainObservation[]): Promise<Record<ObserveOutcome, number>> {
    const counts: Record<ObserveOutcome, number> = { ignored: 0, unhandled: 0, busy: 0, unchanged: 0, detected: 0, updated: 0, confirmed: 0, failed: 0 };
    for (const observation of observations) counts[await this.observe(observation)] += 1;
    return counts;
  }

  private async apply(trx: Transaction<Database>, observation: ChainObservation): Promise<ObserveOutcome> {
    if (observation.amountMinor <= 0n || !Number.isInteger(observation.confirmations) || observation.confirmations < 0) {
      throw new Error(`chain: a watcher reported an impossible observation (amount ${observation.amountMinor}, confirmations ${observation.confirmations})`);
    }
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
    return existing ? this.advance(trx, handlers, address, existing, observation) : this.detect(trx, handlers, address, observation);
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
      })
      .onConflict((oc) => oc.columns(['asset', 'txid', 'address']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) return 'busy';
    const event = eventOf(address, inserted);
    const result = await handlers.detected(trx, event);
    if (result?.ref) {
      await trx.updateTable('chain_payments').set({ handler_ref: result.ref }).where('id', '=', inserted.id).execute();
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
    if (row.status === 'confirmed' || observation.confirmations <= row.confirmations) return 'unchanged';
    if (observation.amountMinor !== row.amount_minor) {
      throw new Error(`chain: ${observation.asset} ${observation.txid} to ${observation.address} changed amount from ${row.amount_minor} to ${observation.amountMinor}`);
    }
    const confirmed = observation.confirmations >= row.required_confirmations;
    const updated = await trx
      .updateTable('chain_payments')
      .set({ confirmations: observation.confirmations, status: confirmed ? 'confirmed' : 'detected', updated_at: new Date() })
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

function eventOf(address: ChainAddressRow, payment: ChainPaymentRow): ChainPaymentEvent {
  return {
    paymentId: payment.id,
    addressId: address.id,
    providerId: address.provider_id,
    purpose: address.purpose,
    ownerRef: address.owner_ref,
    asset: payment.asset,
    address: payment.address,
    txid: payment.txid,
    amountMinor: payment.amount_minor,
    confirmations: payment.confirmations,
    requiredConfirmations: payment.required_confirmations,
    ref: payment.handler_ref,
  };
}
