// The facts core/payments/refund-rules.ts decides on, read from a payment row and its refunds, and the
// merchant's lookup of one of its own payments (locked, when a decision follows).

import type { Transaction } from 'kysely';
import type { RefundFacts } from '#core/payments/refund-rules.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/db.ts';
import { apiError } from '../http/api-error.ts';
import type { PaymentRow } from '../db/tables/payments.ts';
import type { RefundRow } from '../db/tables/refunds.ts';

/** Claimable refunds hold their amount (reserved in the ledger) as much as sent ones; expired ones and failed payouts gave it back. */
export function liveRefunds(refunds: readonly RefundRow[]): RefundRow[] {
  return refunds.filter((refund) => refund.status !== 'expired' && refund.status !== 'failed');
}

export function refundFacts(payment: PaymentRow, refunds: readonly RefundRow[]): RefundFacts {
  const live = liveRefunds(refunds);
  return {
    status: payment.status,
    exception: payment.exception,
    dueMinor: payment.amount_due_minor ?? 0n,
    confirmedMinor: payment.confirmed_minor,
    coveredMinor: payment.status === 'settled' ? (payment.credited_minor ?? 0n) + (payment.fee_minor ?? 0n) : 0n,
    refundedMinor: live.reduce((sum, refund) => sum + refund.amount_minor, 0n),
    refundedUncreditedMinor: live.reduce((sum, refund) => sum + refund.uncredited_minor, 0n),
    accepted: payment.accepted_at !== null,
  };
}

export function refundsOf(db: Db, paymentId: bigint): Promise<RefundRow[]> {
  return db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', paymentId).orderBy('id', 'desc').execute();
}

/** One of this merchant's payments; another merchant's is as unknown as a missing one (404). */
export async function merchantPayment(db: Db, merchantId: bigint, token: string): Promise<PaymentRow> {
  const row = await db.selectFrom('payments').selectAll().where('public_id', '=', token).where('merchant_id', '=', merchantId).executeTakeFirst();
  if (!row) throw apiError('payment_not_found', 'No payment with this token belongs to your account.');
  return row;
}

/** The same, locked FOR UPDATE: the lock the chain handlers and the merchant's expire take, so decisions queue up. */
export async function lockMerchantPayment(trx: Transaction<Database>, merchantId: bigint, token: string): Promise<PaymentRow> {
  const row = await trx.selectFrom('payments').selectAll().where('public_id', '=', token).where('merchant_id', '=', merchantId).forUpdate().executeTakeFirst();
  if (!row) throw apiError('payment_not_found', 'No payment with this token belongs to your account.');
  return row;
}
