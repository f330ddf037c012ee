// Member crypto deposits: the handlers of the 'wallet' address purpose. A payment to a member's
// deposit address becomes one money transaction, and its money moves in two phases like a card
// authorisation, so the wallet shows it as incoming (pending_in) from the moment the chain shows it:
//   detected       insert the deposit (pending, 0/N confirmations) and RESERVE world(asset) -> the
//                  member's wallet (`${public_id}:principal`, pending)
//   confirmations  update the count the member sees
//   confirmed      POST the reservation (`${public_id}:principal:post`) and complete the deposit
// Each runs inside the pipeline's transaction, so the row, the ledger and chain_payments move together.

import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createTransfers, type LedgerItem } from '../ledger/index.ts';
import { houseAccount, walletAccount } from '../money/wallet-accounts.ts';
import { userIdOfOwnerRef } from './addresses.ts';
import type { ChainPaymentEvent, PurposeHandlers } from './payment-pipeline.ts';
import { recordTransaction } from '../money/record-transaction.ts';

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

export const walletDepositHandlers: PurposeHandlers = {
  async detected(trx, event) {
    const userId = memberOf(event);
    const row = await recordTransaction(trx, {
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
    });
    const world = await houseAccount(trx, { providerId: event.providerId, asset: event.asset, kind: 'world' });
    const wallet = await walletAccount(trx, { providerId: event.providerId, userId, asset: event.asset });
    await refuseOnLedgerError(
      trx,
      [{ id: `${row.public_id}:principal`, debitAccountId: world.id, creditAccountId: wallet.id, amount: event.amountMinor, code: 'deposit', ref: row.public_id, pending: true }],
      `crypto deposit ${row.public_id}`,
    );
    return { ref: row.public_id };
  },

  async confirmations(trx, event) {
    await trx
      .updateTable('money_transactions')
      .set({ confirmations: event.confirmations, updated_at: new Date() })
      .where('public_id', '=', depositIdOf(event))
      .where('status', '=', 'pending')
      .execute();
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
};
