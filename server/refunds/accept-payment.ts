// The merchant accepts an invalid payment (paid late, or underpaid when its window closed) as settled:
// under the payment's lock, what was received less what was already refunded of it is credited through
// the one settlement every payment goes through (server/payments/payment-handlers.ts settle: ledger ids
// `${token}:settle` and `${token}:fee`, a money_transactions row), the payment becomes settled with
// accepted_at, and payment.accepted is queued, all in one database transaction. A second accept finds
// it settled and accepted, and answers it as it is. Money that came after a payment settled (paid_over,
// never credited) is accepted as a separate credit of the same payment, in the coin.

import type { Kysely } from 'kysely';
import type { AcceptedPayment } from '#core/contract/refunds.ts';
import { formatMinor } from '#core/money.ts';
import { acceptableMinor } from '#core/payments/refund-rules.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import { emitPaymentEvents } from '../payments/events.ts';
import { settle, type SettlementRates } from '../payments/payment-handlers.ts';
import { isPriced, type PaymentRow, type PricedPayment } from '../db/tables/payments.ts';
import { lockMerchantPayment, refundFacts, refundsOf } from './refund-facts.ts';

function answer(payment: PricedPayment & { accepted_at: Date }): AcceptedPayment {
  const credited = payment.credited_minor ?? 0n;
  const fee = payment.fee_minor ?? 0n;
  return {
    transaction_token: payment.public_id,
    status: 'settled',
    exception: payment.exception,
    currency: payment.coin,
    received: formatMinor(payment.confirmed_minor, payment.coin),
    credited: formatMinor(credited, payment.coin),
    fee: formatMinor(fee, payment.coin),
    accepted_at: payment.accepted_at.toISOString(),
  };
}

function acceptedRow(row: PaymentRow): (PricedPayment & { accepted_at: Date }) | null {
  return isPriced(row) && row.status === 'settled' && row.accepted_at !== null ? (row as PricedPayment & { accepted_at: Date }) : null;
}

export async function acceptPayment(db: Kysely<Database>, merchantId: bigint, token: string, rates: SettlementRates): Promise<AcceptedPayment> {
  return db.transaction().execute(async (trx) => {
    const payment = await lockMerchantPayment(trx, merchantId, token);
    const amount = isPriced(payment) ? acceptableMinor(refundFacts(payment, await refundsOf(trx, payment.id))) : 0n;
    if (amount <= 0n) {
      // Accepted already, and nothing new since: answered as it is.
      const already = acceptedRow(payment);
      if (already) return answer(already);
      throw apiError('payment_not_acceptable');
    }
    if (!isPriced(payment)) throw apiError('payment_not_acceptable');
    // A settled payment already had its settlement: this credit is a part of its own (named by what was
    // covered before it, so a replay is refused by the ledger), kept in the coin.
    const later = payment.status === 'settled';
    const covered = (payment.credited_minor ?? 0n) + (payment.fee_minor ?? 0n);
    const split = later
      ? await settle(trx, payment, amount, payment.confirmations, undefined, `accept:${covered}`)
      : await settle(trx, payment, amount, payment.confirmations, rates);
    const now = new Date();
    const updated = await trx
      .updateTable('payments')
      .set({
        status: 'settled',
        credited_minor: (later ? (payment.credited_minor ?? 0n) : 0n) + split.creditedMinor,
        fee_minor: (later ? (payment.fee_minor ?? 0n) : 0n) + split.feeMinor,
        ...(later ? {} : { settled_at: now }),
        accepted_at: now,
        updated_at: now,
      })
      .where('id', '=', payment.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await emitPaymentEvents(trx, updated, ['payment.accepted'], { credited: formatMinor(split.creditedMinor, payment.coin), fee: formatMinor(split.feeMinor, payment.coin) });
    const accepted = acceptedRow(updated);
    if (!accepted) throw new Error(`payment ${token}: accepted but not read back as settled`);
    return answer(accepted);
  });
}
