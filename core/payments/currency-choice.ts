// The buyer's choice of coin for a payment the merchant created without one, as a pure
// decision. server/payments/choose-currency.ts asks it twice: once on a plain read (most calls, such as
// a widget reloading, end there), and again under the row lock, where the answer is the one that counts.
//
//   coin already chosen, the same one  -> 'unchanged': answer the payment as it is (the call is idempotent)
//   coin already chosen, another one   -> currency_already_chosen (one payment, one address, one price)
//   no coin, and no longer waiting     -> payment_not_open (expired, or its time is up before the sweeper ran)
//   no coin, still waiting             -> 'choose': price it, allocate its address, start the 900 s

import type { CryptoAsset } from '../assets.ts';
import { MONITORING_WINDOW_S, PAYMENT_TTL_S, type PaymentStatus } from './payment-rules.ts';

export interface ChoiceState {
  status: PaymentStatus;
  coin: CryptoAsset | null;
  expiresAt: Date;
}

export type ChoiceDecision = { kind: 'choose' } | { kind: 'unchanged' } | { kind: 'refused'; code: 'currency_already_chosen' | 'payment_not_open' };

export function currencyChoice(state: ChoiceState, coin: CryptoAsset, now: Date): ChoiceDecision {
  if (state.coin !== null) return state.coin === coin ? { kind: 'unchanged' } : { kind: 'refused', code: 'currency_already_chosen' };
  if (state.status !== 'new' || now.getTime() >= state.expiresAt.getTime()) return { kind: 'refused', code: 'payment_not_open' };
  return { kind: 'choose' };
}

/** The clock a chosen coin starts: 900 s to pay at the quoted price, then the address is watched an hour more. */
export function paymentWindow(chosenAt: Date): { expiresAt: Date; monitoringUntil: Date } {
  const expiresAt = new Date(chosenAt.getTime() + PAYMENT_TTL_S * 1000);
  return { expiresAt, monitoringUntil: new Date(expiresAt.getTime() + MONITORING_WINDOW_S * 1000) };
}
