// Spec §8: a failed chunk load reloads the page once, at most once per 60 seconds.
// A chunk usually fails because a deploy replaced the hashed files the open page still points to;
// a reload fetches the new shell and fixes it. A second failure inside the window means the reload
// did not help (offline, broken deploy), so the error page is shown instead of a reload loop.
// The timestamp lives in sessionStorage: per tab, and it survives the reload it guards.

import { CHUNK_RELOAD_WINDOW_MS } from '#core/constants.ts';

export { CHUNK_RELOAD_WINDOW_MS };
export const CHUNK_RELOAD_KEY = 'wl:chunk-reload-at';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export type ChunkFailureAction = 'reload' | 'show-error';

export function chunkFailureAction(storage: KeyValueStorage | null, now_ms: number): ChunkFailureAction {
  // Without storage the guard cannot remember its last reload, and reloading could loop forever.
  if (!storage) return 'show-error';
  try {
    const last_ms = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? Number.NaN);
    const elapsed_ms = now_ms - last_ms;
    // A stored time in the future (the clock went back) is treated as stale rather than as a lock.
    if (Number.isFinite(elapsed_ms) && elapsed_ms >= 0 && elapsed_ms < CHUNK_RELOAD_WINDOW_MS) return 'show-error';
    storage.setItem(CHUNK_RELOAD_KEY, String(now_ms));
    return 'reload';
  } catch {
    return 'show-error';
  }
}

/** sessionStorage when the browser lets us have it (sandboxed iframes and privacy modes may throw). */
export function sessionStorageOrNull(): KeyValueStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
