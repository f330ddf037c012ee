// The answer to the test acquirer's 3-D Secure challenge. approve: the charge is authorised and
// captured (the card is kept); fail: the deposit fails (kept in the history, answered card_declined) and nothing touches the ledger. Only a card
// deposit still waiting for its challenge can be answered, once: the row lock serialises two answers.

import type { Kysely } from 'kysely';
import type { DepositAnswer } from '#core/contract/deposits.ts';
import { appError } from '#core/errors.ts';
import { authorizeCharge } from '../../acquirer/test-acquirer.ts';
import type { Database } from '../../db/schema.ts';
import { toJsonb } from '../../db/jsonb.ts';
import { toTransactionRecord } from '../transaction-record.ts';
import { chargeAndCapture, type DepositResult, type PendingCard } from './card-deposit.ts';
import { lockOwnTransaction, type Owner } from './own-transaction.ts';

export async function answerThreeDSecure(db: Kysely<Database>, owner: Owner, transactionId: string, outcome: 'approve' | 'fail'): Promise<DepositResult> {
  return db.transaction().execute(async (trx): Promise<DepositResult> => {
    const row = await lockOwnTransaction(trx, owner, transactionId);
    if (!row || row.type !== 'deposit' || row.method !== 'card') return { ok: false, error: appError('transaction_not_found') };
    const pending = row.details as Partial<PendingCard>;
    if (row.status !== 'initial' || row.payment_status !== 'pending' || !pending.card) return { ok: false, error: appError('transaction_not_pending') };
    const approved = outcome === 'approve' && authorizeCharge(pending.card.token, true).outcome === 'approved';
    if (!approved) {
      // The token goes with the failed challenge: nothing may charge it later. The failed row is kept (history).
      await trx
        .updateTable('money_transactions')
        .set({ status: 'failed', payment_status: 'failed', updated_at: new Date(), details: toJsonb({ charged_minor: pending.charged_minor, declined: '3-D Secure failed' }) })
        .where('id', '=', row.id)
        .execute();
      return { ok: false, error: appError('card_declined', 'The card was declined: the 3-D Secure check was not passed. Try again or use another card.') };
    }
    const done = await chargeAndCapture(trx, row, pending.card);
    const answer: DepositAnswer = { transaction: toTransactionRecord(done), next_action: null, wire_instructions: null };
    return { ok: true, answer };
  });
}
