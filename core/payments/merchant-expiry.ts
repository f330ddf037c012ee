// A merchant cancelling a payment it created (POST /mapi/api/transaction/expire, like Stripe's "expire a
// Checkout Session"), as a pure decision. server/payments/expire-payment.ts asks it on a plain read and
// again under the row lock, where the answer counts (the chain may have seen money in between).
//
//   new, nothing seen on the address  -> 'expire': expired now, payment.expired
//   expired already                   -> 'unchanged': answered as it is (the call is idempotent)
//   anything else                     -> payment_not_open: money is on its way or arrived (processing,
//                                        settled, invalid), and only the chain and the clock move those
//
// A merchant can also expire a new payment whose clock already ran out before the sweeper came: the
// sweeper would have expired it anyway, and either way payment.expired is emitted once (whoever holds
// the lock first changes the status; the other sees 'expired').

import type { PaymentStatus } from './payment-rules.ts';

export interface ExpiryState {
  status: PaymentStatus;
  paidMinor: bigint;
}

export type ExpiryDecision = { kind: 'expire' } | { kind: 'unchanged' } | { kind: 'refused'; code: 'payment_not_open' };

export function merchantExpiry(state: ExpiryState): ExpiryDecision {
  if (state.status === 'expired') return { kind: 'unchanged' };
  if (state.status === 'new' && state.paidMinor === 0n) return { kind: 'expire' };
  return { kind: 'refused', code: 'payment_not_open' };
}

/**
 * The expired payment's clock: both ends pulled in to `now` (never pushed out), so money that arrives
 * afterwards is late like any late payment (paid_late, invalid, never settled) and the sweeper has
 * nothing left to wait for.
 */
export function expiredWindow(state: { expiresAt: Date; monitoringUntil: Date }, now: Date): { expiresAt: Date; monitoringUntil: Date } {
  const at = now.getTime();
  return { expiresAt: new Date(Math.min(state.expiresAt.getTime(), at)), monitoringUntil: new Date(Math.min(state.monitoringUntil.getTime(), at)) };
}
