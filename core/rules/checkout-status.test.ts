import { describe, expect, it } from 'vitest';
import { canTransition, CHECKOUT_STATUSES, FLOW_SETTABLE, isOpen, paymentStatusOf, type CheckoutStatus } from './checkout-status.ts';

describe('guest checkout status rules', () => {
  it.each([
    ['created', 'pending', true],
    ['created', 'canceled', true],
    ['created', 'successful', false],
    ['pending', 'authorized', true],
    ['authorized', 'successful', true],
    ['authorized', 'pending', false],
    ['successful', 'canceled', false],
    ['canceled', 'pending', false],
    ['expired', 'pending', false],
  ] as const)('%s -> %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('a finished checkout changes no more', () => {
    for (const from of ['successful', 'failed', 'canceled', 'expired'] as const) {
      expect(CHECKOUT_STATUSES.filter((to) => canTransition(from, to))).toEqual([]);
    }
  });

  it('the flow may only say it paid or give up, never that the payment succeeded', () => {
    expect([...FLOW_SETTABLE]).toEqual(['pending', 'canceled']);
  });

  it.each([
    ['created', null, true],
    ['pending', null, true],
    ['authorized', 'authorized', false],
    ['successful', 'successful', false],
    ['failed', null, false],
  ] as const)('%s reads as payment_status %s (open: %s)', (status: CheckoutStatus, paymentStatus, open) => {
    expect(paymentStatusOf(status)).toBe(paymentStatus);
    expect(isOpen(status)).toBe(open);
  });
});
