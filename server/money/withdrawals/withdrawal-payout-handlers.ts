// What a member's crypto withdrawal does when its chain payout (server/chain/payouts/) moves: the worker
// calls these in the transaction of the payout's own state change, so the withdrawal and the payout are
// committed together. The reservation stays pending while the coins are on their way: it is POSTED only
// once the payout is mined (the coins are gone), VOIDED when the payout provably failed (the member's
// funds come back and the reason is kept for them). Each handler checks the withdrawal's status under its
// row lock, so a repeated call (a resend's second broadcast, a retried round) changes nothing twice.

import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toJsonb } from '../../db/jsonb.ts';
import type { ChainPayoutRow } from '../../db/tables/chain-payouts.ts';
import type { PayoutHandlers } from '../../chain/payouts/index.ts';
import { resolveWithdrawalFunds } from './withdrawal-funds.ts';

async function queuedWithdrawal(trx: Transaction<Database>, payout: ChainPayoutRow) {
  const row = await trx.selectFrom('money_transactions').selectAll().where('public_id', '=', payout.ref).where('type', '=', 'withdrawal').forUpdate().executeTakeFirst();
  if (!row) throw new Error(`withdrawal payout ${payout.ref}: no such withdrawal`);
  return row.status === 'pending' ? row : undefined;
}

export const withdrawalPayoutHandlers: PayoutHandlers = {
  // The txid the member can look up; a resend replaces it with the new one.
  async broadcast(trx, payout) {
    const row = await queuedWithdrawal(trx, payout);
    if (row) await trx.updateTable('money_transactions').set({ reference: payout.txid, updated_at: new Date() }).where('id', '=', row.id).execute();
  },
  async confirmed(trx, payout) {
    const row = await queuedWithdrawal(trx, payout);
    if (!row) return;
    await resolveWithdrawalFunds(trx, row, 'post');
    await trx.updateTable('money_transactions').set({ status: 'completed', reference: payout.txid, updated_at: new Date() }).where('id', '=', row.id).execute();
  },
  async failed(trx, payout) {
    const row = await queuedWithdrawal(trx, payout);
    if (!row) return;
    await resolveWithdrawalFunds(trx, row, 'void');
    await trx
      .updateTable('money_transactions')
      .set({ status: 'failed', updated_at: new Date(), details: toJsonb({ ...row.details, rejected: payout.failed_reason ?? 'The payout failed.' }) })
      .where('id', '=', row.id)
      .execute();
  },
};
