import { describe, expect, it } from 'vitest';
import { startPolling, type PollerEnvironment } from './poller.ts';

/** A hand-driven clock and visibility: the test decides when timers fire and when the tab hides. */
function fakeEnvironment() {
  let hidden = false;
  let nextId = 1;
  const timers = new Map<number, { run: () => void; delay_ms: number }>();
  const listeners = new Set<() => void>();
  const env: PollerEnvironment = {
    setTimer: (run, delay_ms) => {
      const id = nextId++;
      timers.set(id, { run, delay_ms });
      return id;
    },
    clearTimer: (handle) => void timers.delete(handle as number),
    isHidden: () => hidden,
    onVisibilityChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    env,
    timers,
    listeners,
    fireAll() {
      const due = [...timers.entries()];
      timers.clear();
      for (const [, timer] of due) timer.run();
    },
    setHidden(value: boolean) {
      hidden = value;
      for (const listener of listeners) listener();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function deferredTask() {
  let calls = 0;
  let finish: () => void = () => undefined;
  const task = () => {
    calls += 1;
    return new Promise<void>((resolve) => {
      finish = resolve;
    });
  };
  return { task, calls: () => calls, finish: () => finish() };
}

describe('the balance poller', () => {
  it('runs at once, then again 10 s after each run settles', async () => {
    const fake = fakeEnvironment();
    const work = deferredTask();
    startPolling(work.task, 10_000, fake.env);
    expect(work.calls()).toBe(1);
    expect(fake.timers.size).toBe(0); // nothing is scheduled while the first request runs
    work.finish();
    await flush();
    expect([...fake.timers.values()].map((t) => t.delay_ms)).toEqual([10_000]);
    fake.fireAll();
    expect(work.calls()).toBe(2);
  });

  it('never overlaps: becoming visible while a request runs starts no second one', async () => {
    const fake = fakeEnvironment();
    const work = deferredTask();
    startPolling(work.task, 10_000, fake.env);
    fake.setHidden(false);
    fake.setHidden(false);
    expect(work.calls()).toBe(1);
    work.finish();
    await flush();
    expect(fake.timers.size).toBe(1);
  });

  it('sleeps while the tab is hidden and refreshes as soon as it is visible again', async () => {
    const fake = fakeEnvironment();
    const work = deferredTask();
    startPolling(work.task, 10_000, fake.env);
    work.finish();
    await flush();
    fake.setHidden(true);
    expect(fake.timers.size).toBe(0);
    fake.fireAll();
    expect(work.calls()).toBe(1);
    fake.setHidden(false);
    expect(work.calls()).toBe(2);
  });

  it('does not start while the tab is hidden', () => {
    const fake = fakeEnvironment();
    fake.setHidden(true);
    const work = deferredTask();
    startPolling(work.task, 10_000, fake.env);
    expect(work.calls()).toBe(0);
  });

  it('keeps polling after a failed run', async () => {
    const fake = fakeEnvironment();
    let calls = 0;
    startPolling(() => {
      calls += 1;
      return Promise.reject(new Error('offline'));
    }, 10_000, fake.env);
    await flush();
    expect(fake.timers.size).toBe(1);
    fake.fireAll();
    expect(calls).toBe(2);
  });

  it('stops for good: no timer, no listener, and a request that settles later schedules nothing', async () => {
    const fake = fakeEnvironment();
    const work = deferredTask();
    const stop = startPolling(work.task, 10_000, fake.env);
    stop();
    expect(fake.listeners.size).toBe(0);
    work.finish();
    await flush();
    expect(fake.timers.size).toBe(0);
  });
});
