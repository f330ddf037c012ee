// The signed receipt of a settled payment (POST /mapi/api/transaction/receipt), which the widget hands to
// the merchant page in its payment-success event. Signed like a webhook (Standard Webhooks) with the
// merchant's webhook signing secret: msg id = the transaction token, timestamp = now, payload =
// receiptPayload(receipt) (core/protocol.ts). The merchant's server verifies it with
//   new Webhook(secret).verify(receiptPayload(receipt), { 'webhook-id': receipt.transaction_id,
//     'webhook-timestamp': String(receipt.timestamp), 'webhook-signature': receipt.signature })
// A receipt saves the shop a round trip; the webhook or the status API stays the proof of payment.

import type { Kysely } from 'kysely';
import { formatMinor } from '#core/money.ts';
import { receiptPayload, type PaymentReceipt } from '#core/protocol.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import { signingSecret } from '../webhooks/endpoint.ts';
import type { SecretBox } from '../webhooks/secret-box.ts';
import { signatureOf } from '../webhooks/signature.ts';
import type { PaymentRow } from '../db/tables/payments.ts';

export interface ReceiptDeps {
  db: Kysely<Database>;
  box: SecretBox;
  now?: Date;
}

/** `payment` is the merchant's payment, already found by token; only a settled one has a receipt. */
export async function paymentReceipt(deps: ReceiptDeps, payment: PaymentRow): Promise<PaymentReceipt> {
  if (payment.status !== 'settled') throw apiError('payment_not_settled');
  const secret = await signingSecret(deps.db, deps.box, payment.merchant_id);
  const unsigned: PaymentReceipt = {
    transaction_id: payment.public_id,
    amount: formatMinor(payment.fiat_amount_minor, payment.fiat_currency),
    currency: payment.fiat_currency,
    status: 'settled',
    timestamp: Math.floor((deps.now ?? new Date()).getTime() / 1000),
    signature: '',
  };
  return { ...unsigned, signature: signatureOf(secret, unsigned.transaction_id, unsigned.timestamp, receiptPayload(unsigned)) };
}
