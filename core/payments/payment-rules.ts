// The merchant payment lifecycle as pure decisions, like BTCPay Server's invoices:
//
//   status     new         waiting for the buyer: to choose the coin (3600 s, when created without one),
//                          then to pay (900 s from the choice, spec §9)
//              processing  money seen on the address before expiry, waiting for confirmations
//              settled     confirmed money covers the amount due: the merchant was credited, once
//              expired     nothing arrived in time
//              invalid     money that must not be shipped on without a human: it arrived after expiry
//                          (exception paid_late), or the monitoring window closed while what was
//                          confirmed still fell short (exception paid_partial)
//   exception  paid_partial (less than due), paid_over (more than due), paid_late (after expiry)
//
// A late payment is NEVER settled automatically: the buyer was quoted a price that has expired, so the
// merchant (or an operator) decides whether to ship or refund. The server applies these decisions
// inside one database transaction per chain event (server/payments/payment-handlers.ts).

import { CRYPTO_DECIMALS, decimalsOf, type CryptoAsset, type FiatAsset } from '../assets.ts';
import { ON_CHAIN_DECIMALS } from '../chain/networks.ts';
import { bpsFee } from './merchant-fee.ts';
import { divideRounded, isRate } from '../money.ts';

export const PAYMENT_STATUSES = ['new', 'processing', 'settled', 'expired', 'invalid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_EXCEPTIONS = ['paid_partial', 'paid_over', 'paid_late'] as const;
export type PaymentException = (typeof PAYMENT_EXCEPTIONS)[number];
/**
 * payment.accepted and payment.refunded are the merchant's decisions on an exception (core/payments/refund-rules.ts);
 * payment.dropped: a transaction the merchant was told about (detected, or paid late) left the network before it confirmed.
 */
export const PAYMENT_EVENT_TYPES = ['payment.created', 'payment.detected', 'payment.settled', 'payment.expired', 'payment.invalid', 'payment.paid_late', 'payment.accepted', 'payment.refunded', 'payment.dropped'] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** Spec §9: the widget's payment timer, which starts when the coin is chosen (the price holds that long). */
export const PAYMENT_TTL_S = 900;
/** A payment created without a coin waits this long for the buyer to choose one; no price is held meanwhile. */
export const CHOOSE_TTL_S = 3600;
/** After expiry the address is still watched this long, so a late payment is recorded rather than lost. */
export const MONITORING_WINDOW_S = 3600;

/**
 * What the buyer must send for `fiatMinor` of `fiat`, at `rate` = how much fiat one coin buys (the
 * merchant's rate, spread already taken). Rounded UP at 8 decimals, and for coins with fewer decimals
 * on chain (USDT, USDC: 6) up to what the chain can carry, so that paying exactly what the QR code says
 * is always enough and never an accidental paid_over.
 */
export function amountDue(fiatMinor: bigint, fiat: FiatAsset, coin: CryptoAsset, rate: string): bigint {
  if (fiatMinor <= 0n) throw new RangeError(`amountDue: the fiat amount must be positive, got ${fiatMinor}`);
  if (!isRate(rate)) throw new RangeError(`amountDue: malformed rate ${JSON.stringify(rate)}`);
  const [int = '', frac = ''] = rate.split('.');
  // coinMinor = fiatMinor / 10^fiatDec / (digits / 10^fracLen) * 10^coinDec
  const numerator = fiatMinor * 10n ** BigInt(frac.length + CRYPTO_DECIMALS);
  const denominator = BigInt(int + frac) * 10n ** BigInt(decimalsOf(fiat));
  return roundUpToChain(divideRounded(numerator, denominator, 'up'), coin);
}

/** Round 8-decimal minor units up to the coin's on-chain precision. */
export function roundUpToChain(minor: bigint, coin: CryptoAsset): bigint {
  const shift = CRYPTO_DECIMALS - ON_CHAIN_DECIMALS[coin];
  if (shift <= 0) return minor;
  const step = 10n ** BigInt(shift);
  return divideRounded(minor, step, 'up') * step;
}

export function exceptionOf(paidMinor: bigint, dueMinor: bigint): PaymentException | null {
  if (paidMinor < dueMinor) return 'paid_partial';
  if (paidMinor > dueMinor) return 'paid_over';
  return null;
}

export interface PaymentState {
  status: PaymentStatus;
  exception: PaymentException | null;
  dueMinor: bigint;
  paidMinor: bigint;
  confirmedMinor: bigint;
  expiresAt: Date;
}

export interface Decision {
  status: PaymentStatus;
  exception: PaymentException | null;
  paidMinor: bigint;
  confirmedMinor: bigint;
  /** Events to emit, in order; empty when nothing a merchant cares about changed. */
  events: PaymentEventType[];
  /** Credit the merchant now (the caller's ledger ids make a second credit impossible anyway). */
  settle: boolean;
}

/**
 * A payment to the address was seen for the first time (in the mempool or already in a block).
 * `paidMinor` is everything seen on the address now, this payment included: totals rather than
 * increments, so a repeated report cannot count the same money twice.
 */
export function onDetected(state: PaymentState, paidMinor: bigint, at: Date): Decision {
  const base = { paidMinor, confirmedMinor: state.confirmedMinor, settle: false };
  switch (state.status) {
    case 'new':
    case 'expired':
      // After expiry (or once the sweeper expired it): recorded, never settled.
      if (at.getTime() >= state.expiresAt.getTime() || state.status === 'expired') {
        return { ...base, status: 'invalid', exception: 'paid_late', events: ['payment.paid_late', 'payment.invalid'] };
      }
      return { ...base, status: 'processing', exception: exceptionOf(paidMinor, state.dueMinor), events: ['payment.detected'] };
    case 'processing':
      // A top-up counts only before expiry; after it, the payment is late as a whole.
      if (at.getTime() >= state.expiresAt.getTime()) {
        return { ...base, status: 'invalid', exception: 'paid_late', events: ['payment.paid_late', 'payment.invalid'] };
      }
      return { ...base, status: 'processing', exception: exceptionOf(paidMinor, state.dueMinor), events: ['payment.detected'] };
    case 'settled':
      // Already credited: more money is kept on record as an overpayment for the merchant to refund.
      return { ...base, status: 'settled', exception: 'paid_over', events: [] };
    case 'invalid':
      return { ...base, status: 'invalid', exception: state.exception, events: [] };
  }
}

/** One of the payments to the address reached the coin's required confirmations; `confirmedMinor` is the confirmed total now. */
export function onConfirmed(state: PaymentState, confirmedMinor: bigint): Decision {
  const base = { paidMinor: state.paidMinor, confirmedMinor, exception: state.exception };
  if (state.status === 'processing' && confirmedMinor >= state.dueMinor) {
    return { ...base, status: 'settled', exception: exceptionOf(state.paidMinor, state.dueMinor), events: ['payment.settled'], settle: true };
  }
  return { ...base, status: state.status, events: [], settle: false };
}

/**
 * A transaction seen on the address left the network before confirming (replaced, double spent,
 * dropped). `paidMinor` is what is still seen on the address. A processing payment with nothing left
 * waits for money again (new until its expiry, expired after it); with something left it stays
 * processing with its exception recomputed. Either way the merchant was told of that money
 * (payment.detected), so it is told it is gone: payment.dropped. An invalid payment (paid late) keeps
 * its status and says payment.dropped too: the money it was told about is not coming, so there is
 * nothing to refund. A settled payment keeps its status and credit; its late top-up was never announced
 * (onDetected emits nothing for it), so losing it is not announced either: only its recorded amount and
 * exception change (the status API shows them).
 */
export function onDropped(state: PaymentState, paidMinor: bigint, at: Date): Decision {
  const lost = paidMinor < state.paidMinor;
  const base = { paidMinor, confirmedMinor: state.confirmedMinor, settle: false };
  const announce: PaymentEventType[] = lost ? ['payment.dropped'] : [];
  switch (state.status) {
    case 'settled':
      return { ...base, status: 'settled', exception: exceptionOf(paidMinor, state.dueMinor), events: [] };
    case 'invalid':
      return { ...base, status: 'invalid', exception: state.exception, events: announce };
    case 'new':
    case 'expired':
      return { ...base, status: state.status, exception: state.exception, events: [] };
    case 'processing':
      if (paidMinor > 0n) return { ...base, status: 'processing', exception: exceptionOf(paidMinor, state.dueMinor), events: announce };
      return { ...base, status: at.getTime() >= state.expiresAt.getTime() ? 'expired' : 'new', exception: null, events: announce };
  }
}

/** What the sweeper does with a payment at `now`: expire it, invalidate it, or leave it. */
export function sweepDecision(state: { status: PaymentStatus; expiresAt: Date; monitoringUntil: Date }, now: Date): { status: 'expired' | 'invalid'; event: PaymentEventType } | null {
  if (state.status === 'new' && now.getTime() >= state.expiresAt.getTime()) return { status: 'expired', event: 'payment.expired' };
  if (state.status === 'processing' && now.getTime() >= state.monitoringUntil.getTime()) return { status: 'invalid', event: 'payment.invalid' };
  return null;
}

/**
 * The settlement split: the merchant's fee rounded up (the house's favour), the rest credited. `feeBps`
 * is the payment's own fee (payments.fee_bps, fixed when it was created: core/payments/merchant-fee.ts).
 */
export function settlementSplit(confirmedMinor: bigint, feeBps: number): { feeMinor: bigint; creditedMinor: bigint } {
  const feeMinor = bpsFee(confirmedMinor, feeBps);
  return { feeMinor, creditedMinor: confirmedMinor - feeMinor };
}
