// The Chains page's rules, kept out of the components so they are tested without a DOM: a watcher's
// state in one word (the same rule as /healthz, core/chain/chain-health.ts), when the page stops
// refreshing on its own, and how a time is written.
import { chainHealthy } from '#core/chain/chain-health.ts';
import type { ChainStatus } from '#core/contract/admin-chains.ts';

export const REFRESH_MS = 5_000;
/**
 * A page that asks every 5 s would keep the console session alive for ever (every call counts as
 * activity on the server): after this long without a key or a click the page stops asking, so the
 * 30-minute idle expiry still ends a session nobody uses.
 */
export const IDLE_PAUSE_MS = 10 * 60_000;

export type ChainState = 'ok' | 'behind' | 'down';

export function chainState(chain: Pick<ChainStatus, 'reachable' | 'lag_blocks'>): ChainState {
  if (!chain.reachable) return 'down';
  return chainHealthy(true, chain.lag_blocks) ? 'ok' : 'behind';
}

/** Whole seconds until the next attempt, as of when the answer arrived (never 0 while one is due). */
export function retrySeconds(retryInMs: number | null): number | null {
  return retryInMs === null ? null : Math.max(1, Math.ceil(retryInMs / 1000));
}

export function shouldPause(now: number, lastActivityAt: number): boolean {
  return now - lastActivityAt >= IDLE_PAUSE_MS;
}

/** Today: the time alone; another day: the date too, so an old error is not read as a fresh one. */
export function writtenTime(iso: string, locale: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  return at.toLocaleString(locale, sameDay ? { timeStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'medium' });
}
