import { describe, expect, it } from 'vitest';
import { secondsUntil } from './countdown.ts';

describe('the resend countdown', () => {
  it.each([
    [60_000, 0, 60],
    [60_000, 500, 60],
    [60_000, 59_001, 1],
    [60_000, 60_000, 0],
    [60_000, 90_000, 0],
  ])('%i ms deadline at %i ms shows %i s', (deadline, now, seconds) => {
    expect(secondsUntil(deadline, now)).toBe(seconds);
  });
});
