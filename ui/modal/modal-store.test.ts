import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createModalStore, hideModalsAfterRouteChange } from './modal-store.ts';

const timers = { setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms), clearTimeout: (h: never) => clearTimeout(h) };

describe('modals auto-hide 500 ms after a route change', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('keeps an open modal for 499 ms and hides it at 500 ms', () => {
    const store = createModalStore();
    store.getState().show('session-timeout');
    hideModalsAfterRouteChange(store, timers);
    vi.advanceTimersByTime(499);
    expect(store.getState().open).toEqual(['session-timeout']);
    vi.advanceTimersByTime(1);
    expect(store.getState().open).toEqual([]);
  });

  it('restarts the delay when the route changes again before it ends', () => {
    const store = createModalStore();
    store.getState().show('a');
    const cancel = hideModalsAfterRouteChange(store, timers);
    vi.advanceTimersByTime(300);
    cancel();
    hideModalsAfterRouteChange(store, timers);
    vi.advanceTimersByTime(300);
    expect(store.getState().open).toEqual(['a']);
    vi.advanceTimersByTime(200);
    expect(store.getState().open).toEqual([]);
  });

  it('schedules nothing when no modal is open', () => {
    const store = createModalStore();
    hideModalsAfterRouteChange(store, timers);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('opens a modal once however often it is shown, and hides one by id', () => {
    const store = createModalStore();
    store.getState().show('a');
    store.getState().show('a');
    store.getState().show('b');
    store.getState().hide('a');
    expect(store.getState().open).toEqual(['b']);
  });
});
