import { describe, expect, it } from 'vitest';
import { afterFailure, CLEARED, isLocked, lockedError, lockedMessage, type FailureState } from './lockout.ts';

const T0 = new Date('2026-11-22T03:00:00Z');
const at = (minutes: number, seconds = 0) => new Date(T0.getTime() + minutes * 60_000 + seconds * 1000);

function failures(times: Date[]): FailureState {
  return times.reduce((state, time) => afterFailure(state, time), CLEARED);
}

describe('login lockout', () => {
  it.each([
    { name: '4 failures within 15 minutes do not lock', times: [at(0), at(1), at(2), at(3)], locked: false, count: 4 },
    { name: '5 failures within 15 minutes lock the account for 15 minutes', times: [at(0), at(1), at(2), at(3), at(14)], locked: true, count: 0 },
    { name: 'failures spread over more than 15 minutes start a new window', times: [at(0), at(1), at(2), at(3), at(15)], locked: false, count: 1 },
  ])('$name', ({ times, locked, count }) => {
    const state = failures(times);
    const last = times.at(-1) as Date;
    expect(isLocked(state, last)).toBe(locked);
    expect(state.failed_login_count).toBe(count);
    if (locked) expect(state.locked_until).toEqual(new Date(last.getTime() + 15 * 60_000));
  });

  it('the lock ends after 15 minutes', () => {
    const state = failures([at(0), at(1), at(2), at(3), at(4)]);
    expect(isLocked(state, at(18, 59))).toBe(true);
    expect(isLocked(state, at(19))).toBe(false);
  });

  it.each([
    { name: 'says 15 minutes right after the lock', now: at(0), text: 'Try again in 15 minutes.' },
    { name: 'rounds a part minute up', now: at(0, 30), text: 'Try again in 15 minutes.' },
    { name: 'says 14 minutes a minute later', now: at(1), text: 'Try again in 14 minutes.' },
    { name: 'says 1 minute near the end', now: at(14, 50), text: 'Try again in 1 minute.' },
  ])('the locked message $name', ({ now, text }) => {
    expect(lockedMessage(at(15), now)).toContain(text);
  });

  it.each([
    { now: at(0), seconds: 900 },
    { now: at(0, 30), seconds: 870 },
    { now: at(14, 50), seconds: 10 },
  ])('the account_locked failure at $now carries the wait: $seconds s', ({ now, seconds }) => {
    expect(lockedError(at(15), now)).toEqual({ code: 'account_locked', message: lockedMessage(at(15), now), retry_after_s: seconds });
  });
});
