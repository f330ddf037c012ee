import { describe, it, expect } from 'vitest';
import { formatTimer, nextTick, remainingSeconds } from './widget-timer.ts';

describe('widget timer (spec §4)', () => {
  it.each([
    ['starts at 900 seconds and counts down each second', 900, 899],
    ['counts down each second', 61, 60],
    ['reaches zero', 1, 0],
    ['resets at zero', 0, 900],
    ['a negative value also resets', -3, 900],
    ['never counts down from above the start', 5000, 899],
  ])('%s: %i -> %i', (_name, seconds, next) => {
    expect(nextTick(seconds)).toBe(next);
  });

  it('counts 900 ticks from 900 to 0, then resets', () => {
    let s = 900;
    for (let i = 0; i < 900; i++) s = nextTick(s);
    expect(s).toBe(0);
    expect(nextTick(s)).toBe(900);
  });

  it.each([
    ['a fresh payment has 900 s left', 900_000, 0, 900],
    ['part of a second left rounds up', 1_500, 1_000, 1],
    ['expired is 0', 1_000, 5_000, 0],
    ['exactly at expiry is 0', 1_000, 1_000, 0],
    ['an expiry beyond the timer length is capped at 900', 10_000_000, 0, 900],
  ])('remainingSeconds: %s', (_name, expiresAt, now, left) => {
    expect(remainingSeconds(expiresAt, now)).toBe(left);
  });

  it.each([
    [900, '15:00'],
    [899, '14:59'],
    [9, '00:09'],
    [0, '00:00'],
  ])('formatTimer(%i) is %s', (seconds, text) => {
    expect(formatTimer(seconds)).toBe(text);
  });
});
