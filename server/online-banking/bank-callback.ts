// The bank's callback, checked and applied. verifyBankCallback: the Bank-Signature header (HMAC-SHA256
// over "t.body", 5 minutes of tolerance, the scheme of server/compliance/live-adapter.ts) and the body's
// shape. recordBankCallback: the replay rule: a callback id already applied, or a payment that already has
// its result, is acknowledged and changes nothing, so the bank's retries are harmless. A checkout paid by
// the payment is settled in the transaction that stores the result (server/checkout/online-banking-payment.ts).

import * as v from 'valibot';
import type { Kysely } from 'kysely';
import { BankCallbackSchema } from '#core/contract/online-banking.ts';
import { appError, type AppError } from '#core/errors.ts';
import type { Database } from '../db/schema.ts';
import type { BankPaymentStatus } from '../db/tables/online-banking.ts';
import { verifyWebhookSignature } from '../compliance/live-adapter.ts';
import { settleCheckoutBankPayment } from '../checkout/online-banking-payment.ts';

export type BankCallback = v.InferOutput<typeof BankCallbackSchema>;

export type VerifiedBankCallback = { ok: true; callback: BankCallback } | { ok: false; why: 'missing' | 'malformed' | 'stale' | 'mismatch' | 'body' };

export function verifyBankCallback(secret: string, header: string | undefined, rawBody: string, nowS: number): VerifiedBankCallback {
  const signature = verifyWebhookSignature(secret, header, rawBody, nowS);
  if (!signature.ok) return signature;
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return { ok: false, why: 'body' };
  }
  const callback = v.safeParse(BankCallbackSchema, parsed);
  return callback.success ? { ok: true, callback: callback.output } : { ok: false, why: 'body' };
}

export type RecordedBankCallback = { ok: true; applied: boolean; status: BankPaymentStatus } | { ok: false; error: AppError };

export async function recordBankCallback(db: Kysely<Database>, callback: BankCallback, receivedAt: Date = new Date()): Promise<RecordedBankCallback> {
  return db.transaction().execute(async (trx) => {
    const payment = await trx.selectFrom('bank_payments').selectAll().where('payment_id', '=', callback.payment_id).forUpdate().executeTakeFirst();
    if (!payment) return { ok: false, error: appError('not_found', 'No bank payment with this id was created here.') };
    // Signed by the bank, but still checked against what we asked for: a result for another sum is not ours.
    if (payment.reference !== callback.reference || payment.amount_minor !== BigInt(callback.amount) || payment.currency !== callback.currency) {
      return { ok: false, error: appError('validation_failed', 'The callback does not match the payment: reference, amount or currency differ.') };
    }
    if (payment.callback_id === callback.id || payment.status !== 'pending') return { ok: true, applied: false, status: payment.status };
    await trx
      .updateTable('bank_payments')
      .set({ status: callback.status, callback_id: callback.id, callback_received_at: receivedAt })
      .where('payment_id', '=', payment.payment_id)
      .where('status', '=', 'pending')
      .execute();
    // A checkout paid by this bank payment takes its result in this same transaction.
    await settleCheckoutBankPayment(trx, payment.payment_id, callback.status, receivedAt);
    return { ok: true, applied: true, status: callback.status };
  });
}
