// The signed receipt the checkout hands the shop page with `payment-success`, checked on the shop's
// server the way the platform documents it: Standard Webhooks, with the merchant's webhook signing secret,
// webhook-id = transaction_id, webhook-timestamp = the receipt's timestamp, payload = the four fields
// below as JSON in this exact key order. A merchant copies this, so it uses only the `standardwebhooks`
// package and the published format, nothing of the platform's own code.
//
// A receipt that verifies proves the platform said "paid" to this buyer a moment ago. It does not make
// the order paid: that is the verified webhook's or the status API's job (orders.ts). The receipt lets
// the page thank the buyer at once and tells the shop a webhook is on its way.

import { Webhook } from 'standardwebhooks';

export interface Receipt {
  transaction_id: string;
  amount: string;
  currency: string;
  status: 'processing' | 'settled';
  timestamp: number;
  signature: string;
}

/** What the receipt must match: the order's own payment, amount and currency. */
export interface ReceiptExpectation {
  transaction_token: string;
  amount: string;
  currency: string;
}

export type ReceiptCheck = { ok: true; receipt: Receipt } | { ok: false; reason: string };

/** The exact string the signature covers (the platform's receiptPayload): the key order is the contract. */
export function receiptPayload({ transaction_id, amount, currency, status }: Receipt): string {
  return JSON.stringify({ transaction_id, amount, currency, status });
}

function isReceipt(value: unknown): value is Receipt {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.transaction_id === 'string' &&
    typeof r.amount === 'string' &&
    typeof r.currency === 'string' &&
    (r.status === 'processing' || r.status === 'settled') &&
    typeof r.timestamp === 'number' &&
    Number.isInteger(r.timestamp) &&
    typeof r.signature === 'string'
  );
}

/**
 * Checks the receipt's shape, that it is about this order's payment and amount, and its signature
 * (standardwebhooks also refuses a timestamp more than five minutes away from now, so an old receipt
 * cannot be replayed).
 */
export function verifyReceipt(value: unknown, expected: ReceiptExpectation, webhookSecret: string): ReceiptCheck {
  if (!isReceipt(value)) return { ok: false, reason: 'This is not a payment receipt.' };
  if (value.transaction_id !== expected.transaction_token) return { ok: false, reason: 'This receipt is for another payment.' };
  if (value.amount !== expected.amount || value.currency !== expected.currency) return { ok: false, reason: 'This receipt is for another amount.' };
  try {
    new Webhook(webhookSecret).verify(receiptPayload(value), {
      'webhook-id': value.transaction_id,
      'webhook-timestamp': String(value.timestamp),
      'webhook-signature': value.signature,
    });
  } catch {
    return { ok: false, reason: 'The receipt signature did not verify.' };
  }
  return { ok: true, receipt: value };
}
