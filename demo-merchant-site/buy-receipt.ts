// The signed receipt the buy widget hands the shop page with `order-completed`, checked on the shop's server
// the way the platform documents it (sdk/README.md): Standard Webhooks with the merchant's webhook signing
// secret, webhook-id = order_id, webhook-timestamp = the receipt's timestamp, payload = the six fields below
// as JSON in this exact key order. Like receipt.ts, only the `standardwebhooks` package and the published
// format, nothing of the platform's code.
//
// A receipt that verifies proves the platform took this buyer's payment for these coins a moment ago
// (standardwebhooks refuses a timestamp more than five minutes away). The coins are the platform's to send;
// the shop sells nothing itself here, so the receipt is all it records.

import { Webhook } from 'standardwebhooks';

export interface OrderReceipt {
  order_id: string;
  amount: string;
  currency: string;
  coin: string;
  coin_amount: string;
  status: 'successful';
  timestamp: number;
  signature: string;
}

export type OrderReceiptCheck = { ok: true; receipt: OrderReceipt } | { ok: false; reason: string };

/** The exact string the signature covers (the platform's orderReceiptPayload): the key order is the contract. */
export function orderReceiptPayload({ order_id, amount, currency, coin, coin_amount, status }: OrderReceipt): string {
  return JSON.stringify({ order_id, amount, currency, coin, coin_amount, status });
}

function isOrderReceipt(value: unknown): value is OrderReceipt {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    ['order_id', 'amount', 'currency', 'coin', 'coin_amount', 'signature'].every((name) => typeof r[name] === 'string') &&
    r.status === 'successful' &&
    typeof r.timestamp === 'number' &&
    Number.isInteger(r.timestamp)
  );
}

/** Checks the receipt's shape, that it is about the order the page says it saw created, and its signature. */
export function verifyOrderReceipt(value: unknown, orderId: unknown, webhookSecret: string): OrderReceiptCheck {
  if (!isOrderReceipt(value)) return { ok: false, reason: 'This is not an order receipt.' };
  if (value.order_id !== orderId) return { ok: false, reason: 'This receipt is for another order.' };
  try {
    new Webhook(webhookSecret).verify(orderReceiptPayload(value), {
      'webhook-id': value.order_id,
      'webhook-timestamp': String(value.timestamp),
      'webhook-signature': value.signature,
    });
  } catch {
    return { ok: false, reason: 'The receipt signature did not verify.' };
  }
  return { ok: true, receipt: value };
}
