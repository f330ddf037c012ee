// A payment as POST /mapi/api/transaction/status (and /transaction/expire) answers it: where it is in its
// lifecycle and what arrived, with no address, QR code or return URL (the merchant's server has those).
// STATUS_COLUMNS are all it reads, so the status call selects only those (payment-lookup.ts paymentStatus).

import type { TransactionStatusAnswer } from '#core/contract/merchant-payments.ts';
import { formatMinor } from '#core/money.ts';
import type { PaymentRow } from '../db/tables/payments.ts';

export const STATUS_COLUMNS = [
  'public_id',
  'status',
  'exception',
  'coin',
  'amount_due_minor',
  'paid_minor',
  'confirmed_minor',
  'required_confirmations',
  'fiat_amount_minor',
  'fiat_currency',
  'confirmations',
  'expires_at',
  'settled_at',
] as const satisfies readonly (keyof PaymentRow)[];

export type PaymentStatusFields = Pick<PaymentRow, (typeof STATUS_COLUMNS)[number]>;

export function transactionStatusAnswer(payment: PaymentStatusFields): TransactionStatusAnswer {
  // The coin amounts exist once the buyer has chosen the coin (a CHECK sets these together).
  const coin =
    payment.coin !== null && payment.amount_due_minor !== null && payment.required_confirmations !== null
      ? {
          currency_1_iso: payment.coin,
          currency_1_amount: formatMinor(payment.amount_due_minor, payment.coin),
          currency_1_paid: formatMinor(payment.paid_minor, payment.coin),
          currency_1_confirmed: formatMinor(payment.confirmed_minor, payment.coin),
          required_confirmations: payment.required_confirmations,
        }
      : { currency_1_iso: null, currency_1_amount: null, currency_1_paid: null, currency_1_confirmed: null, required_confirmations: null };
  return {
    transaction_token: payment.public_id,
    status: payment.status,
    exception: payment.exception,
    ...coin,
    amount: formatMinor(payment.fiat_amount_minor, payment.fiat_currency),
    currency: payment.fiat_currency,
    confirmations: payment.confirmations,
    expires_at: payment.expires_at.toISOString(),
    settled_at: payment.settled_at?.toISOString() ?? null,
  };
}
