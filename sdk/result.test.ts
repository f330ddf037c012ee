import { describe, expect, it } from 'vitest';
import { CHECKOUT_EVENTS } from '#core/protocol.ts';
import { SETTLING_EVENT } from './result.ts';

describe('which events settle handle.result', () => {
  it.each([
    ['payment-success', true],
    ['payment-failed', true],
    ['close', true],
    ['ready', false],
    ['payment-detected', false],
    ['redirect', false],
    ['error', false],
  ] as const)('%s settles it: %s', (event, expected) => {
    expect(SETTLING_EVENT.test(event)).toBe(expected);
  });

  it.each(CHECKOUT_EVENTS)('%s is decided by the table above', (event) => {
    expect(['payment-success', 'payment-failed', 'close', 'ready', 'payment-detected', 'redirect', 'error']).toContain(event);
  });
});
