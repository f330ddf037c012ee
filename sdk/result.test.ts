import { describe, expect, it } from 'vitest';
import { CHECKOUT_EVENTS } from '#core/protocol.ts';
import { resultFor, settles } from './result.ts';

const RECEIPT = {
  transaction_id: 'tx_1',
  amount: '25.00',
  currency: 'EUR',
  status: 'settled',
  timestamp: 1_767_225_600,
  signature: 'v1,abc=',
} as const;

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
    expect(settles(event)).toBe(expected);
  });

  it.each(CHECKOUT_EVENTS)('%s is decided by the table above', (event) => {
    expect(['payment-success', 'payment-failed', 'close', 'ready', 'payment-detected', 'redirect', 'error']).toContain(event);
  });
});

describe('the result is the terminal event as a value', () => {
  it('a success carries the signed receipt', () => {
    expect(resultFor('payment-success', { receipt: RECEIPT })).toEqual({ status: 'payment-success', receipt: RECEIPT });
  });
  it('a failure carries its reason', () => {
    expect(resultFor('payment-failed', { reason: 'expired', transaction_id: 'tx_1' })).toEqual({
      status: 'payment-failed',
      reason: 'expired',
      transaction_id: 'tx_1',
    });
  });
  it('a close carries nothing else', () => {
    expect(resultFor('close', {})).toEqual({ status: 'close' });
  });
});
