import { describe, expect, it } from 'vitest';
import { prefetchAllowed, whenIdle, type IdleScheduler } from './prefetch-policy.ts';

describe('link prefetch policy', () => {
  it.each([
    ['prefetches when the browser gives no connection hints', undefined, true],
    ['prefetches on 4g', { effectiveType: '4g' }, true],
    ['prefetches on 3g', { effectiveType: '3g', saveData: false }, true],
    ['skips on 2g', { effectiveType: '2g' }, false],
    ['skips on slow-2g', { effectiveType: 'slow-2g' }, false],
    ['skips with data-saver on, even on 4g', { effectiveType: '4g', saveData: true }, false],
  ])('%s', (_name, connection, allowed) => {
    expect(prefetchAllowed(connection)).toBe(allowed);
  });
});

describe('idle scheduling', () => {
  it('asks requestIdleCallback with the 2000 ms timeout and cancels through it', () => {
    const calls: string[] = [];
    const scheduler: IdleScheduler = {
      requestIdleCallback: (_cb, options) => (calls.push(`idle ${options.timeout}`), 7),
      cancelIdleCallback: (handle) => void calls.push(`cancel ${handle}`),
      setTimeout: () => calls.push('timeout'),
      clearTimeout: () => {},
    };
    const cancel = whenIdle(() => {}, scheduler);
    cancel();
    expect(calls).toEqual(['idle 2000', 'cancel 7']);
  });

  it('falls back to a 2000 ms timeout without requestIdleCallback', () => {
    const calls: string[] = [];
    let task: (() => void) | undefined;
    const scheduler: IdleScheduler = {
      setTimeout: (cb, ms) => ((task = cb), calls.push(`timeout ${ms}`), 3),
      clearTimeout: (handle) => void calls.push(`clear ${String(handle)}`),
    };
    let ran = false;
    const cancel = whenIdle(() => (ran = true), scheduler);
    task?.();
    cancel();
    expect(ran).toBe(true);
    expect(calls).toEqual(['timeout 2000', 'clear 3']);
  });
});
