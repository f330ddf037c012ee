// What a checkout's delivery does when its chain payout (server/chain/payouts/) moves: the worker calls these
// in the transaction of the payout's own state change. The coins reserved for the guest stay reserved while
// they are on their way: the reservation is POSTED once the payout is mined ('sent'), VOIDED when it
// provably failed ('rejected', with the reason: the guest's money is then with the house and an operator
// refunds it). Each handler acts only on a 'queued' delivery under its row lock, so a repeated call (a
// resend's second broadcast, a retried round) changes nothing twice.

import type { Transaction } from 'kysely';
import type { PayoutHandlers } from '../chain/payouts/index.ts';
import type { Database } from '../db/schema.ts';
import type { ChainPayoutRow } from '../db/tables/chain-payouts.ts';
import { settleDelivery } from './checkout-funds.ts';

async function queuedDelivery(trx: Transaction<Database>, payout: ChainPayoutRow) {
  const checkout = await trx.selectFrom('guest_checkouts').select(['id', 'delivery_status']).where('public_id', '=', payout.ref).forUpdate().executeTakeFirst();
  if (!checkout) throw new Error(`delivery payout ${payout.ref}: no such checkout`);
  return checkout.delivery_status === 'queued' ? checkout : undefined;
}

export const deliveryPayoutHandlers: PayoutHandlers = {
  // The guest can follow the transaction from the broadcast on; a resend replaces the txid.
  async broadcast(trx, payout) {
    const checkout = await queuedDelivery(trx, payout);
    if (checkout) await trx.updateTable('guest_checkouts').set({ delivery_txid: payout.txid, updated_at: new Date() }).where('id', '=', checkout.id).execute();
  },
  async confirmed(trx, payout) {
    const checkout = await queuedDelivery(trx, payout);
    if (!checkout) return;
    await settleDelivery(trx, payout.ref, 'post');
    const now = new Date();
    await trx.updateTable('guest_checkouts').set({ delivery_status: 'sent', delivery_txid: payout.txid, delivered_at: now, updated_at: now }).where('id', '=', checkout.id).execute();
  },
  async failed(trx, payout) {
    const checkout = await queuedDelivery(trx, payout);
    if (!checkout) return;
    await settleDelivery(trx, payout.ref, 'void');
    await trx
      .updateTable('guest_checkouts')
      .set({ delivery_status: 'rejected', delivery_txid: null, delivery_error: payout.failed_reason ?? 'The payout failed.', updated_at: new Date() })
      .where('id', '=', checkout.id)
      .execute();
  },
};
