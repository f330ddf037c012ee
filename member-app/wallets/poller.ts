// Spec §4/§9: balances refresh every 10 s. A poller that never overlaps (the next run is only
// scheduled once the previous one has settled, so a slow server is never asked twice at once) and
// that sleeps while the tab is hidden (nobody is looking, so the requests would be wasted), with a
// fresh run as soon as the tab is visible again. Timers and visibility come in as dependencies so
// the rules are unit-tested without a DOM.

export interface PollerEnvironment {
  setTimer(run: () => void, delay_ms: number): unknown;
  clearTimer(handle: unknown): void;
  isHidden(): boolean;
  /** Subscribes to visibility changes; returns the unsubscribe function. */
  onVisibilityChange(listener: () => void): () => void;
}

export function browserPollerEnvironment(): PollerEnvironment {
  return {
    setTimer: (run, delay_ms) => setTimeout(run, delay_ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    isHidden: () => document.visibilityState === 'hidden',
    onVisibilityChange: (listener) => {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  };
}

/** Runs `task` now (when visible) and then every `interval_ms` after each run settles; returns stop. */
export function startPolling(task: () => Promise<unknown>, interval_ms: number, env: PollerEnvironment): () => void {
  let stopped = false;
  let running = false;
  let timer: unknown = null;

  const clear = () => {
    if (timer !== null) env.clearTimer(timer);
    timer = null;
  };
  const schedule = () => {
    clear();
    if (!stopped && !env.isHidden()) timer = env.setTimer(run, interval_ms);
  };
  function run() {
    timer = null;
    if (stopped || running || env.isHidden()) return;
    running = true;
    // A failed run is reported by the task itself (the store keeps the error); polling goes on.
    void task()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        schedule();
      });
  }

  const unsubscribe = env.onVisibilityChange(() => {
    if (env.isHidden()) clear();
    else if (!running) {
      clear();
      run();
    }
  });
  run();
  return () => {
    stopped = true;
    clear();
    unsubscribe();
  };
}
