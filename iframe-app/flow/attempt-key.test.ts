import { describe, expect, it } from 'vitest';
import { createAttemptKey } from './attempt-key.ts';

describe('a payment attempt\'s Idempotency-Key', () => {
  it.each([
    { case: 'a network failure', status: 0, code: 'network_error', same: true },
    { case: 'a 502', status: 502, code: 'internal_error', same: true },
    { case: 'a request still in flight', status: 409, code: 'idempotency_in_flight', same: true },
    { case: 'a success', status: 200, code: null, same: false },
    { case: 'a declined card', status: 402, code: 'card_declined', same: false },
  ])('after $case the next call $same', ({ status, code, same }) => {
    let n = 0;
    const key = createAttemptKey(() => `k${(n += 1)}`);
    const first = key.current();
    key.settle(status, code);
    expect(key.current() === first).toBe(same);
  });
});
