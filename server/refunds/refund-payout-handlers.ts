// What a refund does when its chain payout (server/chain/payouts/) moves: the worker calls these in the
// transaction of the payout's own state change. A claim the buyer submitted is 'sent' (address kept) while
// its coins are on their way; payment.refunded goes to the merchant at the FIRST broadcast, with the txid
// (a resend's new txid replaces the row's, without a second event); the ledger reservation is POSTED when
// the payout is mined and RELEASED as an expired claim's is when it provably failed (the refund becomes
// 'failed': the amount goes back to the merchant's balance, who may refund again). Each acts only on a 'sent' refund under its row lock.

import type { Transaction } from 'kysely';
import { formatMinor } from '#core/money.ts';
import type { PayoutHandlers } from '../chain/payouts/index.ts';
import type { Database } from '../db/schema.ts';
import type { ChainPayoutRow } from '../db/tables/chain-payouts.ts';
import { createTransfers } from '../ledger/index.ts';
import { emitPaymentEvents } from '../payments/events.ts';
import { releaseRefundReservation } from './release-expired.ts';

async function sentRefund(trx: Transaction<Database>, payout: ChainPayoutRow) {
  const row = await trx.selectFrom('payment_refunds').selectAll().where('public_id', '=', payout.ref).forUpdate().executeTakeFirst();
  if (!row) throw new Error(`refund payout ${payout.ref}: no such refund`);
  return row.status === 'sent' ? row : undefined;
}

async function post(trx: Transaction<Database>, ref: string): Promise<void> {
  const result = await createTransfers(trx, [{ id: `${ref}:out:post`, pendingId: `${ref}:out`, action: 'post' }]);
  // The row lock and its status make the reservation resolve once; a refusal here is a bug.
  if (!result.ok) throw new Error(`refund ${ref}: post refused by the ledger: ${result.code} ${result.message}`);
}

export const refundPayoutHandlers: PayoutHandlers = {
  async broadcast(trx, payout) {
    const row = await sentRefund(trx, payout);
    if (!row) return;
    const first = row.txid === null;
    const updated = await trx.updateTable('payment_refunds').set({ txid: payout.txid, updated_at: new Date() }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
    if (!first) return;
    const payment = await trx.selectFrom('payments').selectAll().where('id', '=', row.payment_id).executeTakeFirstOrThrow();
    await emitPaymentEvents(trx, payment, ['payment.refunded'], {
      refund_id: updated.public_id,
      refund_amount: formatMinor(updated.amount_minor, updated.coin),
      refund_network_fee: formatMinor(updated.network_fee_minor, updated.coin),
      refund_address: updated.address,
      refund_txid: payout.txid,
    });
  },
  async confirmed(trx, payout) {
    const row = await sentRefund(trx, payout);
    if (!row) return;
    await post(trx, row.public_id);
    if (row.txid !== payout.txid) await trx.updateTable('payment_refunds').set({ txid: payout.txid, updated_at: new Date() }).where('id', '=', row.id).execute();
  },
  async failed(trx, payout) {
    const row = await sentRefund(trx, payout);
    if (!row) return;
    await releaseRefundReservation(trx, row);
    await trx.updateTable('payment_refunds').set({ status: 'failed', updated_at: new Date() }).where('id', '=', row.id).execute();
  },
};
