// The three answers a widget page asks for first (the merchant, the payment's details, its status), when the
// page already has them or has them on the way: the server rendered them into the shell (BootData.payment,
// core/boot-payment.ts) for the payment its address names; home asked for them as it put the ids into its
// address; or home has them and moves on to the page that shows them. Taken once, and only while fresh:
// every later load and every poll asks the API.
import type { BootPayment } from '#core/boot-payment.ts';
import { bootPaymentFor } from '#core/boot-payment.ts';
import type { MerchantAnswer } from '#core/contract/merchant-info.ts';
import type { TransactionAnswer, TransactionStatusAnswer } from '#core/contract/merchant-payments.ts';
import type { ApiResult } from '#ui/api/api-result.ts';
import type { PaymentIds } from './payment-view.ts';

export interface PaymentAnswers {
  merchant: ApiResult<MerchantAnswer>;
  details: ApiResult<TransactionAnswer>;
  status: ApiResult<TransactionStatusAnswer>;
  /** When they were asked for (epoch ms): the page load for the shell's. */
  at: number;
}

/** Older answers are asked again: the pay page polls every second, so this is a few polls' worth at most. */
export const FIRST_ANSWERS_MAX_AGE_MS = 5_000;

interface Kept {
  key: string;
  answers: Promise<PaymentAnswers>;
  /** The answers once they are in, so a page can open with them in its first render. */
  settled: PaymentAnswers | null;
}

let kept: Kept | null = null;
let bootRead = false;

const keyOf = (ids: PaymentIds) => `${ids.merchantId} ${ids.transactionId}`;
const ok = <T>(data: T): ApiResult<T> => ({ ok: true, status: 200, data });

/** Whether answers for these ids are on their way, or in and fresh: asking again would only repeat them. */
export function hasAnswers(ids: PaymentIds, now: number): boolean {
  return kept?.key === keyOf(ids) && (!kept.settled || now - kept.settled.at <= FIRST_ANSWERS_MAX_AGE_MS);
}

/** Keeps answers (or answers on their way) for the next page of the same payment. */
export function keepAnswers(ids: PaymentIds, answers: PaymentAnswers | Promise<PaymentAnswers>): void {
  const entry: Kept = { key: keyOf(ids), answers: Promise.resolve(answers), settled: answers instanceof Promise ? null : answers };
  kept = entry;
  void entry.answers.then((settled) => {
    entry.settled = settled;
  });
}

/** The shell's block (BootData.payment, unchecked) and when the page started loading (epoch ms), its answers' age. */
export interface ShellAnswers {
  payment: unknown;
  at: number;
}

/** The shell's answers become kept answers on the first look, and only for the payment the address names. */
function readShell(ids: PaymentIds, shell: ShellAnswers): void {
  if (bootRead) return;
  bootRead = true;
  const fromShell: BootPayment | null = bootPaymentFor(shell.payment, ids);
  if (fromShell && !kept) keepAnswers(ids, { merchant: ok(fromShell.merchant), details: ok(fromShell.details), status: ok(fromShell.status), at: shell.at });
}

function current(ids: PaymentIds, shell: ShellAnswers, now: number): Kept | null {
  readShell(ids, shell);
  if (kept?.key !== keyOf(ids)) return null;
  // Answers still on their way were asked for just now; arrived ones must be fresh.
  return kept.settled && now - kept.settled.at > FIRST_ANSWERS_MAX_AGE_MS ? null : kept;
}

/** The kept answers for these ids if they are in and fresh, without taking them (a page's first render). */
export function peekAnswers(ids: PaymentIds, shell: ShellAnswers, now: number): PaymentAnswers | null {
  return current(ids, shell, now)?.settled ?? null;
}

/** The kept answers for these ids, in or on their way, once; null when there are none or they are stale. */
export function takeAnswers(ids: PaymentIds, shell: ShellAnswers, now: number): Promise<PaymentAnswers> | null {
  const entry = current(ids, shell, now);
  kept = null;
  return entry?.answers ?? null;
}
