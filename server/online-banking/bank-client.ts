// The platform's client of the bank (step 1 of the redirect payment): creates the payment at the bank,
// server to server, signed like the bank's callbacks, and records it as pending. Its result comes only
// from the bank's signed callback (bank-callback.ts), never from the buyer's browser.

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { appError, type AppError } from '#core/errors.ts';
import type { Database } from '../db/schema.ts';
import { signWebhook } from '../compliance/live-adapter.ts';

export const BANK_SIGNATURE_HEADER = 'bank-signature';

export interface BankConnection {
  /** The bank's API origin (the test bank: http://127.0.0.1:TEST_BANK_PORT). */
  url: string;
  secret: string;
  /** Seconds since the epoch, for the signature's timestamp. */
  now?: () => number;
}

export interface NewBankPayment {
  amountMinor: bigint;
  currency: string;
  /** Who is paid and what for, as the bank shows them to the buyer. */
  payee: string;
  description: string;
  /** Where the bank brings the buyer's browser back (with ?payment_id=…). */
  returnUrl: string;
  /** Where the bank posts the signed result. */
  callbackUrl: string;
}

export type CreatedBankPayment = { ok: true; paymentId: string; reference: string; approvalUrl: string } | { ok: false; error: AppError };

const PAYMENT_ID = /^bp_[A-Za-z0-9]{8,64}$/;

export async function createBankPayment(db: Kysely<Database>, bank: BankConnection, payment: NewBankPayment): Promise<CreatedBankPayment> {
  const reference = `ob_${randomBytes(12).toString('hex')}`;
  const body = JSON.stringify({
    amount: payment.amountMinor.toString(),
    currency: payment.currency,
    reference,
    payee: payment.payee,
    description: payment.description,
    return_url: payment.returnUrl,
    callback_url: payment.callbackUrl,
  });
  const now = bank.now ?? (() => Math.floor(Date.now() / 1000));
  let answer: unknown;
  try {
    const response = await fetch(`${bank.url}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BANK_SIGNATURE_HEADER]: signWebhook(bank.secret, now(), body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 201) return { ok: false, error: appError('bank_unavailable') };
    answer = await response.json();
  } catch {
    return { ok: false, error: appError('bank_unavailable') };
  }
  const { id, approval_url: approvalUrl } = (answer ?? {}) as { id?: unknown; approval_url?: unknown };
  // The buyer is sent only to the bank's own origin, whatever its answer says.
  if (typeof id !== 'string' || !PAYMENT_ID.test(id) || typeof approvalUrl !== 'string' || !sameOrigin(approvalUrl, bank.url)) {
    return { ok: false, error: appError('bank_unavailable') };
  }
  await db.insertInto('bank_payments').values({ payment_id: id, reference, amount_minor: payment.amountMinor, currency: payment.currency }).execute();
  return { ok: true, paymentId: id, reference, approvalUrl };
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}
