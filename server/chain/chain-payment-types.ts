// What the chain watchers and the payment pipeline say to each other and to the address purposes'
// handlers: an observation of a payment on the chain, a withdrawal of one that left it, the event a
// handler receives, and the handlers themselves. Apart from payment-pipeline.ts so the pipeline's
// set-based path (payment-pipeline-many.ts) and the single path share them without importing each other.

import type { Transaction } from 'kysely';
import type { CryptoAsset } from '#core/assets.ts';
import type { Database } from '../db/schema.ts';
import type { AddressPurpose, ChainAddressRow, ChainPaymentDropReason, ChainPaymentRow, ChainPaymentStatus } from '../db/tables/chain.ts';

export interface ChainObservation {
  asset: CryptoAsset;
  address: string;
  txid: string;
  amountMinor: bigint;
  /** 0 while in the mempool, then blocks including the one that mined it. */
  confirmations: number;
  /** The block that mines it now; null or absent while in the mempool. */
  block?: { height: number; hash: string } | null;
}

/** A transaction that is in neither the chain nor the mempool any more. */
export interface ChainWithdrawal {
  asset: CryptoAsset;
  txid: string;
  reason: ChainPaymentDropReason;
}

/** A payment a watcher re-checks each round (see openPayments). */
export interface OpenChainPayment {
  asset: CryptoAsset;
  address: string;
  txid: string;
  amountMinor: bigint;
  status: ChainPaymentStatus;
  confirmations: number;
  blockHeight: number | null;
  blockHash: string | null;
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
  /** Its confirmations went DOWN before it was final (a reorganisation): event.confirmations is the new count. */
  unconfirmed(trx: Transaction<Database>, event: ChainPaymentEvent): Promise<void>;
  /** It left the chain and the mempool before it was final (replaced, double spent, dropped): undo the detection. */
  dropped(trx: Transaction<Database>, event: ChainPaymentEvent, reason: ChainPaymentDropReason): Promise<void>;
  /**
   * Optional set-based forms of detected, confirmations and confirmed, for a purpose whose payments are
   * independent of each other (a member's deposit is; a merchant payment's second transfer depends on its
   * first). observeAll then handles a block's new payments and rising counts in a few statements instead
   * of a dozen per payment, which is what makes a catch-up fast. Same meaning as the single forms; the
   * other transitions (down, dropped, redetected) always take the single forms.
   */
  many?: PurposeBatchHandlers;
}

export interface PurposeBatchHandlers {
  /** New payments, each as detected would see it; answers each one's ref (or null), in the same order. */
  detected(trx: Transaction<Database>, events: readonly ChainPaymentEvent[]): Promise<(string | null)[]>;
  confirmations(trx: Transaction<Database>, events: readonly ChainPaymentEvent[]): Promise<void>;
  confirmed(trx: Transaction<Database>, events: readonly ChainPaymentEvent[]): Promise<void>;
  /**
   * Optional: new payments already at their required confirmations (a catch-up's older blocks), detected
   * and confirmed in one step, so a deposit that is final when first seen is credited outright instead of
   * reserved and then posted. Answers refs like detected. Without it, detected then confirmed are called.
   */
  detectedFinal?(trx: Transaction<Database>, events: readonly ChainPaymentEvent[]): Promise<(string | null)[]>;
  /**
   * Optional: a fresh ref for a new payment, made before its row is inserted and stored with it, so the row is
   * written once; the detection handlers then find it as event.ref and must answer it as the payment's ref.
   */
  newRef?(): string;
}

export type ObserveOutcome = 'ignored' | 'unhandled' | 'busy' | 'unchanged' | 'detected' | 'updated' | 'unconfirmed' | 'confirmed' | 'reorged' | 'failed';

export function checkObservation(observation: ChainObservation): void {
  if (observation.amountMinor <= 0n || !Number.isInteger(observation.confirmations) || observation.confirmations < 0) {
    throw new Error(`chain: a watcher reported an impossible observation (amount ${observation.amountMinor}, confirmations ${observation.confirmations})`);
  }
}

/** The block columns of an observation; a watcher that does not track blocks (the test network) leaves them null. */
export function blockOf(observation: ChainObservation): { block_height: bigint | null; block_hash: string | null } {
  const block = observation.block;
  return block ? { block_height: BigInt(block.height), block_hash: block.hash } : { block_height: null, block_hash: null };
}

export function eventOf(address: ChainAddressRow, payment: ChainPaymentRow): ChainPaymentEvent {
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
