// Spec §9: links prefetch their route's chunk when the browser is idle (timeout 2000 ms), never on
// 2g connections or with data-saver on; hovering or focusing a link prefetches after 200 ms.

import { FETCH_DELAY_MS, PREFETCH_IDLE_MS } from '#core/constants.ts';

export const PREFETCH_IDLE_TIMEOUT_MS = PREFETCH_IDLE_MS;
/** Spec §9 "fetch delay 200 ms": a pointer that only passes over a link does not cost a download. */
export const PREFETCH_INTENT_DELAY_MS = FETCH_DELAY_MS;

export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}

export interface IdleScheduler {
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

/** Runs `task` when the browser is idle, or after the timeout at the latest; returns a cancel function. */
export function whenIdle(task: () => void, scheduler: IdleScheduler, timeout_ms = PREFETCH_IDLE_TIMEOUT_MS): () => void {
  if (scheduler.requestIdleCallback && scheduler.cancelIdleCallback) {
    const handle = scheduler.requestIdleCallback(task, { timeout: timeout_ms });
    return () => scheduler.cancelIdleCallback?.(handle);
  }
  // Safari has no requestIdleCallback: wait the same bound so the first render keeps the network.
  const handle = scheduler.setTimeout(task, timeout_ms);
  return () => scheduler.clearTimeout(handle as never);
}

/** The browser's Network Information hints, where the browser has them (Chromium). */
export function connectionHints(): ConnectionHints | undefined {
  return (globalThis.navigator as (Navigator & { connection?: ConnectionHints }) | undefined)?.connection;
}
