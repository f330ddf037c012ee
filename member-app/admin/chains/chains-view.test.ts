import { describe, expect, it } from 'vitest';
import { chainState, IDLE_PAUSE_MS, retrySeconds, shouldPause, writtenTime } from './chains-view.ts';

describe('the Chains page rules', () => {
  it.each([
    [true, 0, 'ok'],
    [true, null, 'ok'],
    [true, 6, 'ok'],
    [true, 7, 'behind'],
    [false, 0, 'down'],
    [false, 40, 'down'],
  ] as const)('reachable %s, %s blocks behind: %s', (reachable, lag, state) => {
    expect(chainState({ reachable, lag_blocks: lag })).toBe(state);
  });

  it.each([
    [null, null],
    [0, 1],
    [400, 1],
    [1000, 1],
    [1001, 2],
    [30_000, 30],
  ] as const)('a retry in %s ms is written as %s s', (ms, seconds) => {
    expect(retrySeconds(ms)).toBe(seconds);
  });

  it('pauses refreshing after 10 minutes without activity, not before', () => {
    expect(shouldPause(1_000_000 + IDLE_PAUSE_MS - 1, 1_000_000)).toBe(false);
    expect(shouldPause(1_000_000 + IDLE_PAUSE_MS, 1_000_000)).toBe(true);
  });

  it('writes the date too for a time on another day', () => {
    const now = new Date('2026-11-24T15:00:00');
    expect(writtenTime('2026-11-24T14:03:09', 'en-GB', now)).toBe('14:03:09');
    expect(writtenTime('2026-11-20T14:03:09', 'en-GB', now)).toContain('2026');
  });
});
