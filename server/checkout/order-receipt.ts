// The signed receipt of a buy widget's completed order (core/protocol.ts OrderReceipt), which the widget
// hands the merchant page with `order-completed`. Signed like the payment widget's receipt
// (server/payments/receipt.ts) and like a webhook (Standard Webhooks) with the merchant's webhook signing
// secret: msg id = the order id, timestamp = now, payload = orderReceiptPayload(receipt). The merchant's
// server verifies it with
//   new Webhook(secret).verify(orderReceiptPayload(receipt), { 'webhook-id': receipt.order_id,
//     'webhook-timestamp': String(receipt.timestamp), 'webhook-signature': receipt.signature })
// Only a checkout started for a merchant has one: without a merchant nobody could verify it.

import type { Kysely } from 'kysely';
import { appError, type AppError } from '#core/errors.ts';
import { formatMinor } from '#core/money.ts';
import { orderReceiptPayload, type OrderReceipt } from '#core/protocol.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { signingSecret } from '../webhooks/endpoint.ts';
import type { SecretBox } from '../webhooks/secret-box.ts';
import { signatureOf } from '../webhooks/signature.ts';

export interface OrderReceiptDeps {
  db: Kysely<Database>;
  box: SecretBox;
  now: Date;
}

export async function orderReceipt(deps: OrderReceiptDeps, checkout: CheckoutRow, merchantPublicId: string | null): Promise<{ ok: true; receipt: OrderReceipt } | { ok: false; error: AppError }> {
  if (checkout.status !== 'successful') return { ok: false, error: appError('checkout_not_completed') };
  if (checkout.merchant_id === null || merchantPublicId === null) return { ok: false, error: appError('checkout_receipt_unavailable') };
  const secret = await signingSecret(deps.db, deps.box, checkout.merchant_id);
  const unsigned: OrderReceipt = {
    order_id: checkout.public_id,
    amount: formatMinor(checkout.fiat_amount_minor, checkout.fiat_currency),
    currency: checkout.fiat_currency,
    coin: checkout.crypto_currency,
    coin_amount: formatMinor(checkout.crypto_amount_minor, checkout.crypto_currency),
    status: 'successful',
    timestamp: Math.floor(deps.now.getTime() / 1000),
    signature: '',
  };
  return { ok: true, receipt: { ...unsigned, signature: signatureOf(secret, unsigned.order_id, unsigned.timestamp, orderReceiptPayload(unsigned)) } };
}
