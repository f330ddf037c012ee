// An underpaid payment (exception paid_partial while it is still open): how much of the coin arrived and
// how much is still due, so the buyer can top up to the same address before the time runs out. Pure, in the coin's minor units, so the amounts are exact and tested without a browser.
import { isCrypto, type CryptoAsset } from '#core/assets.ts';
import type { PricedTransactionAnswer, TopUp, TransactionStatusAnswer } from '#core/contract/merchant-payments.ts';
import { formatMinor, parseAmount } from '#core/money.ts';

export interface Underpayment {
  coin: CryptoAsset;
  /** What the payment asks for, 8 decimals. */
  due: string;
  /** What has arrived on the address so far. */
  paid: string;
  /** due - paid: what a top-up must send. */
  remaining: string;
}

type StatusFields = Pick<TransactionStatusAnswer, 'status' | 'exception' | 'currency_1_iso' | 'currency_1_amount' | 'currency_1_paid'>;

/**
 * Null unless the payment is open (new or processing) and less than due has arrived. A settled, expired
 * or invalid payment is past topping up, whatever its exception says; amounts that do not parse hide the
 * view rather than show a wrong figure.
 */
export function underpaymentOf(status: StatusFields): Underpayment | null {
  if (status.exception !== 'paid_partial' || (status.status !== 'new' && status.status !== 'processing')) return null;
  const coin = status.currency_1_iso;
  if (!isCrypto(coin)) return null;
  const due = parseAmount(status.currency_1_amount, coin);
  const paid = parseAmount(status.currency_1_paid, coin);
  if (!due.ok || !paid.ok || paid.minor < 0n || paid.minor >= due.minor) return null;
  return { coin, due: due.decimal, paid: paid.decimal, remaining: formatMinor(due.minor - paid.minor, coin) };
}

/**
 * The server's QR code for what is still due, only when it asks for exactly the rest this status shows:
 * details read before the latest payment would ask for another amount, and a QR for the wrong amount is
 * worse than none (the amount and address are still there to copy). Null also when the server offers no
 * top-up, as for a payment past its time.
 */
export function topUpOf(details: Pick<PricedTransactionAnswer, 'top_up'>, underpaid: Underpayment): TopUp | null {
  const topUp = details.top_up;
  if (!topUp) return null;
  const amount = parseAmount(topUp.currency_1_amount, underpaid.coin);
  return amount.ok && amount.decimal === underpaid.remaining ? topUp : null;
}

/**
 * The paid amount to load the details again for, so their top_up asks for the rest: set when the status
 * shows an underpayment the details' top-up does not match. The caller loads once per such amount, so a
 * payment the server no longer offers a top-up for (past its time) is not asked for every poll.
 */
export function topUpReloadKey(status: StatusFields, details: Pick<PricedTransactionAnswer, 'top_up'>): string | null {
  const underpaid = underpaymentOf(status);
  if (!underpaid || topUpOf(details, underpaid)) return null;
  return underpaid.paid;
}
