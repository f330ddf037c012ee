// A merchant cancels a payment it created (POST /mapi/api/transaction/expire, like Stripe's "expire a
// Checkout Session"): a new payment with nothing seen is expired now, with its payment.expired event in
// the same transaction. Decided again under the row lock (SELECT ... FOR UPDATE), which the chain
// pipeline's handlers and the sweeper take too: of an expiry and a detection racing, whichever commits
// first wins, and the other sees its result (money after the expiry is paid_late; an expiry after the
// money is 409 payment_not_open). An already expired payment is answered as it is.

import type { Kysely } from 'kysely';
import { expiredWindow, merchantExpiry, type ExpiryDecision } from '#core/payments/merchant-expiry.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import { emitPaymentEvents } from './events.ts';
import type { PaymentRow } from '../db/tables/payments.ts';

function decide(row: PaymentRow): Exclude<ExpiryDecision, { kind: 'refused' }> {
  const decision = merchantExpiry({ status: row.status, paidMinor: row.paid_minor });
  if (decision.kind === 'refused') {
    throw apiError(decision.code, `This payment is ${row.status}${row.paid_minor > 0n ? ' and money has arrived for it' : ''}, so it can no longer be expired. Read its status to see where it is.`);
  }
  return decision;
}

/** `payment` is the merchant's payment, already found by token; answers the payment as it is afterwards. */
export async function expirePayment(db: Kysely<Database>, payment: PaymentRow, now: () => Date = () => new Date()): Promise<PaymentRow> {
  // A repeated call (a retry without its Idempotency-Key) ends here, without a lock.
  if (decide(payment).kind === 'unchanged') return payment;
  return db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('payments').selectAll().where('id', '=', payment.id).forUpdate().executeTakeFirstOrThrow();
    if (decide(locked).kind === 'unchanged') return locked;
    const at = now();
    const window = expiredWindow({ expiresAt: locked.expires_at, monitoringUntil: locked.monitoring_until }, at);
    const expired = await trx
      .updateTable('payments')
      .set({ status: 'expired', expires_at: window.expiresAt, monitoring_until: window.monitoringUntil, updated_at: at })
      .where('id', '=', locked.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await emitPaymentEvents(trx, expired, ['payment.expired']);
    return expired;
  });
}
