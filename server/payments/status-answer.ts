// A payment as POST /mapi/api/transaction/status (and /transaction/expire) answers it: where it is in its
// lifecycle and what arrived, with no address, QR code or return URL (the merchant's server has those).

import type { TransactionStatusAnswer } from '#core/contract/merchant-payments.ts';
import { formatMinor } from '#core/money.ts';
import { isPriced, type PaymentRow } from '../db/tables/payments.ts';

export function transactionStatusAnswer(payment: PaymentRow): TransactionStatusAnswer {
  // The coin amounts exist once the buyer has chosen the coin.
  const coin = isPriced(payment)
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
