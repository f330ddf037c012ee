// A payment as the merchant API answers it on create (and the widget reads it by token): the address,
// the amounts, the payment URI and its QR code. Built from the stored row, so a replay or a later read
// answers exactly what create answered, status aside.

import type { NetworkKind } from '#core/chain/networks.ts';
import { paymentUri } from '#core/chain/payment-uri.ts';
import type { TransactionAnswer } from '#core/contract/merchant-api.ts';
import { formatMinor } from '#core/money.ts';
import { qrDataUrl } from './payment-qr.ts';
import type { PaymentRow } from './tables.ts';

export async function transactionAnswer(payment: PaymentRow, network: NetworkKind): Promise<TransactionAnswer> {
  const uri = paymentUri(payment.coin, payment.address, payment.amount_due_minor, network);
  return {
    transaction_token: payment.public_id,
    currency_1_iso: payment.coin,
    currency_1_address: payment.address,
    currency_1_tag: null,
    currency_1_amount: formatMinor(payment.amount_due_minor, payment.coin),
    payment_uri: uri,
    qr: await qrDataUrl(uri),
    amount: formatMinor(payment.fiat_amount_minor, payment.fiat_currency),
    currency: payment.fiat_currency,
    rate: payment.rate,
    product: payment.product,
    expires_at: payment.expires_at.toISOString(),
    status: payment.status,
    test_mode: network === 'test',
  };
}
