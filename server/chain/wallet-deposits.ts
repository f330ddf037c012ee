// Member crypto deposits: the handlers of the 'wallet' address purpose. A payment to a member's
// deposit address becomes one money transaction, and its money moves in two phases like a card
// authorisation, so the wallet shows it as incoming (pending_in) from the moment the chain shows it:
//   detected       insert the deposit (pending, 0/N confirmations) and RESERVE world(asset) -> the
//                  member's wallet (`${public_id}:principal`, pending)
//   confirmations  update the count the member sees
//   confirmed      POST the reservation (`${public_id}:principal:post`) and complete the deposit
//   unconfirmed    a reorganisation took confirmations away: the count the member sees goes down
//   dropped        the transaction left the network before confirming: VOID the reservation
//                  (`${public_id}:principal:void`) and fail the deposit, saying why
//   detectedFinal  (set-based only) a payment final when first seen (a catch-up): the deposit completed and
//                  world(asset) -> wallet POSTED at once (`${public_id}:principal`), nothing reserved
// Each runs inside the pipeline's transaction, so the row, the ledger and chain_payments move together.
// Deposits are independent of each other, so detected, confirmations and confirmed also come set-based
// (`many`, for a catch-up's blocks): the same rows and transfers, a few statements for a whole block.

import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createTransfers, ensureAccounts, MAX_BATCH_SIZE, type LedgerItem } from '../ledger/index.ts';
import { houseAccount, walletAccount } from '../money/wallet-accounts.ts';
import { userIdOfOwnerRef } from './addresses.ts';
import type { ChainPaymentEvent, PurposeBatchHandlers, PurposeHandlers } from './payment-pipeline.ts';
import { newPublicId, recordTransaction, recordTransactions, type NewTransaction } from '../money/record-transaction.ts';
import { toJsonb } from '../db/jsonb.ts';

function memberOf(event: ChainPaymentEvent): bigint {
  const userId = userIdOfOwnerRef(event.ownerRef);
  if (userId === null) throw new Error(`wallet deposit: address ${event.address} has owner_ref '${event.ownerRef}', not a member`);
  return userId;
}

function depositIdOf(event: ChainPaymentEvent): string {
  if (!event.ref) throw new Error(`wallet deposit: chain payment ${event.paymentId} has no money transaction`);
  return event.ref;
}

async function refuseOnLedgerError(trx: Transaction<Database>, batch: LedgerItem[], what: string): Promise<void> {
  const result = await createTransfers(trx, batch);
  // Crediting from the outside world cannot fail for a member's reason: a refusal is a bug.
  if (!result.ok) throw new Error(`${what} refused by the ledger: ${result.code} ${result.message}`);
}

/** Many independent transfers: in the ledger's batch size, each batch all or nothing inside the caller's transaction. */
async function refuseOnLedgerErrorMany(trx: Transaction<Database>, items: readonly LedgerItem[], what: string): Promise<void> {
  for (let start = 0; start < items.length; start += MAX_BATCH_SIZE) await refuseOnLedgerError(trx, items.slice(start, start + MAX_BATCH_SIZE), what);
}

function depositOf(event: ChainPaymentEvent, userId: bigint): NewTransaction {
  return {
    providerId: event.providerId,
    userId,
    type: 'deposit',
    status: 'pending',
    method: 'crypto',
    currency: event.asset,
    amountMinor: event.amountMinor,
    counterparty: event.address,
    reference: event.txid,
    confirmations: event.confirmations,
    requiredConfirmations: event.requiredConfirmations,
    details: { chain_payment_id: event.paymentId.toString() },
  };
}

/** Sets each pending deposit's count (and completes it when `completed`); throws unless every one was pending. */
async function updateDeposits(trx: Transaction<Database>, events: readonly ChainPaymentEvent[], completed: boolean): Promise<number> {
  const values = sql.join(events.map((event) => sql`(${depositIdOf(event)}::text, ${event.confirmations}::int)`));
  const status = completed ? 'completed' : 'pending';
  const { rows } = await sql<{ public_id: string }>`UPDATE money_transactions AS m SET status = ${status}, confirmations = v.confirmations, updated_at = now()
    FROM (VALUES ${values}) AS v (public_id, confirmations)
    WHERE m.public_id = v.public_id AND m.status = 'pending'
    RETURNING m.public_id`.execute(trx);
  return rows.length;
}

/**
 * The deposits of many new payments: rows, accounts and transfers in a few statements. Not yet final: a
 * reservation to post later, as detected does. Already final (`final`): completed at once, the money
 * credited by one posted transfer (nothing can void a final payment's credit, so there is nothing to reserve).
 */
async function depositMany(trx: Transaction<Database>, events: readonly ChainPaymentEvent[], final: boolean): Promise<string[]> {
  const users = events.map(memberOf);
  const stored = await recordTransactions(
    trx,
    events.map((event, i) => ({ ...depositOf(event, users[i]!), publicId: event.ref ?? undefined, status: final ? 'completed' : 'pending' })),
  );
  // A chain payment is one (asset, txid, address): its deposit row carries the three as currency, reference, counterparty.
  const byPayment = new Map(stored.map((row) => [`${row.currency_iso} ${row.reference} ${row.counterparty}`, row]));
  const rows = events.map((event) => {
    const row = byPayment.get(`${event.asset} ${event.txid} ${event.address}`);
    if (!row) throw new Error(`crypto deposit of chain payment ${event.paymentId} was not stored`);
    return row;
  });
  const accounts = await ensureAccounts(trx, [
    ...events.map((event) => ({ providerId: event.providerId, owner: { type: 'house' as const }, asset: event.asset, kind: 'world' as const })),
    ...events.map((event, i) => ({ providerId: event.providerId, owner: { type: 'user' as const, userId: users[i]! }, asset: event.asset, kind: 'wallet' as const })),
  ]);
  const items = events.map((event, i): LedgerItem => {
    const publicId = rows[i]!.public_id;
    return { id: `${publicId}:principal`, debitAccountId: accounts[i]!.id, creditAccountId: accounts[events.length + i]!.id, amount: event.amountMinor, code: 'deposit', ref: publicId, pending: !final };
  });
  await refuseOnLedgerErrorMany(trx, items, `${events.length} crypto deposits`);
  return rows.map((row) => row.public_id);
}

const walletDepositsMany: PurposeBatchHandlers = {
  // The deposit's public id is the payment's ref: made first, so chain_payments is written once.
  newRef: newPublicId,
  detected: (trx, events) => depositMany(trx, events, false),
  detectedFinal: (trx, events) => depositMany(trx, events, true),

  async confirmations(trx, events) {
    await updateDeposits(trx, events, false);
  },

  async confirmed(trx, events) {
    await refuseOnLedgerErrorMany(
      trx,
      events.map((event) => ({ id: `${depositIdOf(event)}:principal:post`, pendingId: `${depositIdOf(event)}:principal`, action: 'post' as const })),
      `${events.length} crypto deposits`,
    );
    const completed = await updateDeposits(trx, events, true);
    if (completed !== events.length) throw new Error(`${events.length - completed} of ${events.length} crypto deposits were not pending when their payments confirmed`);
  },
};

async function showConfirmations(trx: Transaction<Database>, event: ChainPaymentEvent): Promise<void> {
  await trx
    .updateTable('money_transactions')
    .set({ confirmations: event.confirmations, updated_at: new Date() })
    .where('public_id', '=', depositIdOf(event))
    .where('status', '=', 'pending')
    .execute();
}

export const walletDepositHandlers: PurposeHandlers = {
  async detected(trx, event) {
    const userId = memberOf(event);
    const row = await recordTransaction(trx, depositOf(event, userId));
    const world = await houseAccount(trx, { providerId: event.providerId, asset: event.asset, kind: 'world' });
    const wallet = await walletAccount(trx, { providerId: event.providerId, userId, asset: event.asset });
    await refuseOnLedgerError(
      trx,
      [{ id: `${row.public_id}:principal`, debitAccountId: world.id, creditAccountId: wallet.id, amount: event.amountMinor, code: 'deposit', ref: row.public_id, pending: true }],
      `crypto deposit ${row.public_id}`,
    );
    return { ref: row.public_id };
  },

  // Up or down (a reorganisation), the member sees the count the chain has now.
  confirmations: showConfirmations,
  unconfirmed: showConfirmations,

  async dropped(trx, event, reason) {
    const publicId = depositIdOf(event);
    await refuseOnLedgerError(trx, [{ id: `${publicId}:principal:void`, pendingId: `${publicId}:principal`, action: 'void' }], `crypto deposit ${publicId}`);
    const row = await trx.selectFrom('money_transactions').select(['details']).where('public_id', '=', publicId).executeTakeFirstOrThrow();
    const updated = await trx
      .updateTable('money_transactions')
      .set({ status: 'failed', updated_at: new Date(), details: toJsonb({ ...row.details, dropped: reason }) })
      .where('public_id', '=', publicId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw new Error(`crypto deposit ${publicId} was not pending when its transaction was dropped`);
  },

  async confirmed(trx, event) {
    const publicId = depositIdOf(event);
    await refuseOnLedgerError(trx, [{ id: `${publicId}:principal:post`, pendingId: `${publicId}:principal`, action: 'post' }], `crypto deposit ${publicId}`);
    const updated = await trx
      .updateTable('money_transactions')
      .set({ status: 'completed', confirmations: event.confirmations, updated_at: new Date() })
      .where('public_id', '=', publicId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw new Error(`crypto deposit ${publicId} was not pending when its payment confirmed`);
  },

  many: walletDepositsMany,
};
