import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountDue, exceptionOf, onConfirmed, onDetected, onDropped, roundUpToChain, settlementSplit, sweepDecision, type PaymentState } from './payment-rules.ts';
import { DEFAULT_MERCHANT_FEE_BPS } from './merchant-fee.ts';

const T0 = new Date('2026-01-01T12:00:00Z');
const EXPIRES = new Date(T0.getTime() + 900_000);
const before = new Date(EXPIRES.getTime() - 1);
const after = new Date(EXPIRES.getTime() + 1);

function state(overrides: Partial<PaymentState> = {}): PaymentState {
  return { status: 'new', exception: null, dueMinor: 1000n, paidMinor: 0n, confirmedMinor: 0n, expiresAt: EXPIRES, ...overrides };
}

describe('amountDue', () => {
  it.each([
    // 100.00 EUR at 50000 EUR per BTC = 0.002 BTC exactly
    { fiat: 10_000n, rate: '50000', coin: 'BTC', due: 200_000n },
    // 100.00 EUR at 30000 EUR per BTC = 0.00333333.33.. BTC -> rounded UP
    { fiat: 10_000n, rate: '30000', coin: 'BTC', due: 333_334n },
    // 10.00 EUR at 0.9 EUR per USDT = 11.1111111.. -> 11.11111200 (6 decimals on chain, up)
    { fiat: 1_000n, rate: '0.9', coin: 'USDT', due: 1_111_111_200n },
    // a rate with 12 significant digits
    { fiat: 1n, rate: '61234.5678901', coin: 'ETH', due: 17n },
  ] as const)('$fiat minor EUR at $rate is $due minor $coin', ({ fiat, rate, coin, due }) => {
    expect(amountDue(fiat, 'EUR', coin, rate)).toBe(due);
  });

  it('the merchant is never short: due coins are worth at least the order, one minor unit less is not (BTC)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.integer({ min: 1, max: 10 ** 7 }), fc.integer({ min: 0, max: 9999 }), (fiat, whole, frac) => {
        const rate = `${whole}.${String(frac).padStart(4, '0')}`;
        const digits = BigInt(whole) * 10_000n + BigInt(frac);
        const due = amountDue(fiat, 'EUR', 'BTC', rate);
        // value in fiat minor * 10^(8+4): coin minor * rate digits * 10^2
        const worth = (coin: bigint) => coin * digits * 100n;
        const target = fiat * 10n ** 12n;
        return worth(due) >= target && worth(due - 1n) < target;
      }),
    );
  });

  it('refuses a malformed rate or a non-positive amount (a bug in the caller)', () => {
    expect(() => amountDue(100n, 'EUR', 'BTC', '-1')).toThrow(RangeError);
    expect(() => amountDue(0n, 'EUR', 'BTC', '1')).toThrow(RangeError);
  });

  it('roundUpToChain keeps 8-decimal coins and rounds tokens up to 6 decimals', () => {
    expect(roundUpToChain(123_456_789n, 'BTC')).toBe(123_456_789n);
    expect(roundUpToChain(123_456_701n, 'USDC')).toBe(123_456_800n);
    expect(roundUpToChain(123_456_700n, 'USDC')).toBe(123_456_700n);
  });
});

describe('lifecycle decisions', () => {
  it.each([
    { paid: 999n, exception: 'paid_partial' },
    { paid: 1000n, exception: null },
    { paid: 1001n, exception: 'paid_over' },
  ])('exceptionOf($paid of 1000) is $exception', ({ paid, exception }) => {
    expect(exceptionOf(paid, 1000n)).toBe(exception);
  });

  it.each([
    { case: 'new, before expiry, in full', s: state(), paid: 1000n, at: before, status: 'processing', exception: null, events: ['payment.detected'] },
    { case: 'new, before expiry, short', s: state(), paid: 400n, at: before, status: 'processing', exception: 'paid_partial', events: ['payment.detected'] },
    { case: 'new, before expiry, over', s: state(), paid: 1400n, at: before, status: 'processing', exception: 'paid_over', events: ['payment.detected'] },
    { case: 'new, after expiry', s: state(), paid: 1000n, at: after, status: 'invalid', exception: 'paid_late', events: ['payment.paid_late', 'payment.invalid'] },
    { case: 'expired by the sweeper', s: state({ status: 'expired' }), paid: 1000n, at: before, status: 'invalid', exception: 'paid_late', events: ['payment.paid_late', 'payment.invalid'] },
    { case: 'processing, top-up in time', s: state({ status: 'processing', exception: 'paid_partial', paidMinor: 400n }), paid: 1000n, at: before, status: 'processing', exception: null, events: ['payment.detected'] },
    { case: 'processing, top-up late', s: state({ status: 'processing', exception: 'paid_partial', paidMinor: 400n }), paid: 1000n, at: after, status: 'invalid', exception: 'paid_late', events: ['payment.paid_late', 'payment.invalid'] },
    { case: 'settled, more money', s: state({ status: 'settled', paidMinor: 1000n, confirmedMinor: 1000n }), paid: 1500n, at: before, status: 'settled', exception: 'paid_over', events: [] },
    { case: 'invalid, more money', s: state({ status: 'invalid', exception: 'paid_late', paidMinor: 1000n }), paid: 1500n, at: after, status: 'invalid', exception: 'paid_late', events: [] },
  ] as const)('detected: $case -> $status / $exception', ({ s, paid, at, status, exception, events }) => {
    const decision = onDetected(s, paid, at);
    expect(decision).toMatchObject({ status, exception, paidMinor: paid, settle: false });
    expect(decision.events).toEqual(events);
  });

  it.each([
    { case: 'processing, confirmed covers the due', s: state({ status: 'processing', paidMinor: 1000n }), confirmed: 1000n, status: 'settled', settle: true, events: ['payment.settled'] },
    { case: 'processing, overpaid and confirmed', s: state({ status: 'processing', exception: 'paid_over', paidMinor: 1200n }), confirmed: 1200n, status: 'settled', settle: true, events: ['payment.settled'] },
    { case: 'processing, confirmed short', s: state({ status: 'processing', exception: 'paid_partial', paidMinor: 400n }), confirmed: 400n, status: 'processing', settle: false, events: [] },
    { case: 'already settled', s: state({ status: 'settled', paidMinor: 1000n, confirmedMinor: 1000n }), confirmed: 1000n, status: 'settled', settle: false, events: [] },
    { case: 'paid late', s: state({ status: 'invalid', exception: 'paid_late', paidMinor: 1000n }), confirmed: 1000n, status: 'invalid', settle: false, events: [] },
  ] as const)('confirmed: $case -> $status (settle: $settle)', ({ s, confirmed, status, settle, events }) => {
    const decision = onConfirmed(s, confirmed);
    expect(decision).toMatchObject({ status, settle, confirmedMinor: confirmed });
    expect(decision.events).toEqual(events);
  });

  it.each([
    { case: 'processing, all of it dropped before expiry', s: state({ status: 'processing', paidMinor: 1000n }), left: 0n, at: before, status: 'new', exception: null, events: ['payment.dropped'] },
    { case: 'processing, all of it dropped after expiry', s: state({ status: 'processing', paidMinor: 1000n }), left: 0n, at: after, status: 'expired', exception: null, events: ['payment.dropped'] },
    { case: 'overpaid, the extra transaction dropped', s: state({ status: 'processing', exception: 'paid_over', paidMinor: 1300n }), left: 1000n, at: before, status: 'processing', exception: null, events: ['payment.dropped'] },
    { case: 'paid in two, one of them dropped', s: state({ status: 'processing', paidMinor: 1000n }), left: 400n, at: before, status: 'processing', exception: 'paid_partial', events: ['payment.dropped'] },
    { case: 'paid late, the late money dropped', s: state({ status: 'invalid', exception: 'paid_late', paidMinor: 1000n }), left: 0n, at: after, status: 'invalid', exception: 'paid_late', events: ['payment.dropped'] },
    { case: 'settled, its unannounced top-up dropped', s: state({ status: 'settled', exception: 'paid_over', paidMinor: 1200n, confirmedMinor: 1000n }), left: 1000n, at: before, status: 'settled', exception: null, events: [] },
    { case: 'processing, nothing it counted was lost', s: state({ status: 'processing', paidMinor: 1000n }), left: 1000n, at: before, status: 'processing', exception: null, events: [] },
  ] as const)('dropped: $case -> $status', ({ s, left, at, status, exception, events }) => {
    const decision = onDropped(s, left, at);
    expect(decision).toMatchObject({ status, exception, paidMinor: left, confirmedMinor: s.confirmedMinor, settle: false });
    expect(decision.events).toEqual(events);
  });

  it.each([
    { status: 'new', now: before, expected: null },
    { status: 'new', now: EXPIRES, expected: { status: 'expired', event: 'payment.expired' } },
    { status: 'processing', now: after, expected: null },
    { status: 'processing', now: new Date(EXPIRES.getTime() + 3_600_000), expected: { status: 'invalid', event: 'payment.invalid' } },
    { status: 'settled', now: new Date(EXPIRES.getTime() + 9_999_999), expected: null },
  ] as const)('sweep: $status at $now -> $expected', ({ status, now, expected }) => {
    expect(sweepDecision({ status, expiresAt: EXPIRES, monitoringUntil: new Date(EXPIRES.getTime() + 3_600_000) }, now)).toEqual(expected);
  });

  it('the settlement split rounds the 1 % fee up and credits the rest: the two always add up', () => {
    expect(settlementSplit(1_000_001n, DEFAULT_MERCHANT_FEE_BPS)).toEqual({ feeMinor: 10_001n, creditedMinor: 990_000n });
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), (confirmed) => {
        const { feeMinor, creditedMinor } = settlementSplit(confirmed, DEFAULT_MERCHANT_FEE_BPS);
        return feeMinor + creditedMinor === confirmed && feeMinor * 100n >= confirmed && feeMinor >= 0n;
      }),
    );
  });
});
