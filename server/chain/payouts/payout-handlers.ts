// The callers' side of a payout: each purpose (a member's withdrawal, a guest's delivery, a merchant's refund
// or payout) registers what happens to its own records when its payout changes state. Each handler runs in
// the SAME database transaction as the chain_payouts change it is about, so both are committed or neither is;
// a handler that throws rolls the change back and the worker tries the same transition next round.

import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ChainPayoutPurpose, ChainPayoutRow } from '../../db/tables/chain-payouts.ts';

export interface PayoutHandlers {
  /** The node accepted the transaction: payout.txid is known (e.g. post the reservation, show the txid). */
  broadcast(trx: Transaction<Database>, payout: ChainPayoutRow): Promise<void>;
  /** Mined with the worker's payout confirmations. */
  confirmed(trx: Transaction<Database>, payout: ChainPayoutRow): Promise<void>;
  /** Provably not paid: payout.failed_reason says why (e.g. void the reservation, give the funds back). */
  failed(trx: Transaction<Database>, payout: ChainPayoutRow): Promise<void>;
}

export class PayoutHandlerRegistry {
  private readonly handlers = new Map<ChainPayoutPurpose, PayoutHandlers>();

  /** Registered once per purpose at start; a second registration is a bug. */
  onPayout(purpose: ChainPayoutPurpose, handlers: PayoutHandlers): void {
    if (this.handlers.has(purpose)) throw new Error(`chain payouts: handlers for purpose '${purpose}' are already registered`);
    this.handlers.set(purpose, handlers);
  }

  get(purpose: ChainPayoutPurpose): PayoutHandlers | undefined {
    return this.handlers.get(purpose);
  }

  /** The worker only takes rows whose purpose has handlers: the others wait until theirs are registered. */
  purposes(): ChainPayoutPurpose[] {
    return [...this.handlers.keys()];
  }
}
