import { describe, expect, it } from 'vitest';
import { CHECKOUT_EVENTS } from '#core/protocol.ts';
import { SETTLING_EVENT } from './result.ts';

describe('which events settle handle.result', () => {
  // The port's own `resize` never reaches emit, so it is not in the table.
  it.each([
    ['payment-success', true],
    ['payment-failed', true],
    ['close', true],
    ['ready', false],
    ['payment-detected', false],
    ['redirect', false],
    ['error', false],
    ['order-created', false],
    ['payment-authorized', false],
    ['order-completed', true],
    ['order-failed', true],
  ] as const)('%s settles it: %s', (event, expected) => {
    expect(SETTLING_EVENT.test(event)).toBe(expected);
  });

  it.each(CHECKOUT_EVENTS)('%s is decided by the table above', (event) => {
    expect(['payment-success', 'payment-failed', 'close', 'ready', 'payment-detected', 'redirect', 'error', 'order-created', 'payment-authorized', 'order-completed', 'order-failed']).toContain(event);
  });
});
