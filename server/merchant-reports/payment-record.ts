// A payments row as the back office answers it: amounts as decimal strings in their own asset (the
// fiat as the merchant priced it, the coin amounts from the row the chain pipeline keeps), null coin
// fields while the buyer has not chosen a coin.

import type { MerchantPayment } from '#core/contract/merchant-office.ts';
import { formatMinor } from '#core/money.ts';
import type { PaymentRow } from '../db/tables/payments.ts';

export function toMerchantPayment(row: PaymentRow): MerchantPayment {
  const coin = row.coin;
  const inCoin = (minor: bigint | null) => (coin === null || minor === null ? null : formatMinor(minor, coin));
  return {
    id: row.public_id,
    order_id: row.c1,
    product: row.product,
    status: row.status,
    exception: row.exception,
    fiat_currency: row.fiat_currency,
    fiat_amount: formatMinor(row.fiat_amount_minor, row.fiat_currency),
    coin,
    amount_due: inCoin(row.amount_due_minor),
    amount_paid: inCoin(row.paid_minor),
    amount_confirmed: inCoin(row.confirmed_minor),
    confirmations: row.confirmations,
    required_confirmations: row.required_confirmations,
    fee: inCoin(row.fee_minor),
    credited: inCoin(row.credited_minor),
    address: row.address,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    settled_at: row.settled_at ? row.settled_at.toISOString() : null,
  };
}
