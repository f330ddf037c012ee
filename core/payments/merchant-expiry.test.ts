import { describe, expect, it } from 'vitest';
import { expiredWindow, merchantExpiry, type ExpiryState } from './merchant-expiry.ts';

const NOW = new Date('2026-01-01T12:00:00Z');

function state(overrides: Partial<ExpiryState> = {}): ExpiryState {
  return { status: 'new', paidMinor: 0n, ...overrides };
}

describe('a merchant expiring its payment', () => {
  it.each([
    { case: 'a new payment with nothing seen is expired', state: state(), decision: { kind: 'expire' } },
    { case: 'an expired payment is answered as it is', state: state({ status: 'expired' }), decision: { kind: 'unchanged' } },
    { case: 'a processing payment (money on its way) is refused', state: state({ status: 'processing', paidMinor: 5n }), decision: { kind: 'refused', code: 'payment_not_open' } },
    { case: 'a settled payment is refused', state: state({ status: 'settled', paidMinor: 5n }), decision: { kind: 'refused', code: 'payment_not_open' } },
    { case: 'an invalid (paid late) payment is refused', state: state({ status: 'invalid', paidMinor: 5n }), decision: { kind: 'refused', code: 'payment_not_open' } },
    { case: 'a new payment with money already seen is refused', state: state({ paidMinor: 1n }), decision: { kind: 'refused', code: 'payment_not_open' } },
  ] as const)('$case', ({ state: given, decision }) => {
    expect(merchantExpiry(given)).toEqual(decision);
  });

  it.each([
    { case: 'a payment still running ends now, and is watched no longer', expiresIn: 600_000, monitoredIn: 4_200_000, expires: 0, monitored: 0 },
    { case: 'a payment whose time already ran out keeps its expiry (never pushed later)', expiresIn: -60_000, monitoredIn: -60_000, expires: -60_000, monitored: -60_000 },
    { case: 'a payment past expiry but still monitored stops being monitored now', expiresIn: -60_000, monitoredIn: 3_540_000, expires: -60_000, monitored: 0 },
  ])('$case', ({ expiresIn, monitoredIn, expires, monitored }) => {
    const window = expiredWindow({ expiresAt: new Date(NOW.getTime() + expiresIn), monitoringUntil: new Date(NOW.getTime() + monitoredIn) }, NOW);
    expect(window.expiresAt.getTime() - NOW.getTime()).toBe(expires);
    expect(window.monitoringUntil.getTime() - NOW.getTime()).toBe(monitored);
    expect(window.monitoringUntil.getTime()).toBeGreaterThanOrEqual(window.expiresAt.getTime());
  });
});
