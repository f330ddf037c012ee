// What a follower (a process that does not lead, server/plugins/leader.ts) answers for the chains: its
// own watchers never ran, so it repeats the leader's last published statuses (published-statuses.ts)
// while they are fresh. When they are older than MAX_STATUS_AGE_MS the leader died and nobody took over
// yet, or it cannot write: then every chain is unreachable with a lastError that says how old the
// leader's word is, so /healthz says degraded for a reason an operator can act on. Before any snapshot,
// the same, saying so. Pure: the caller reads the table in the background and passes the time in.

import type { ChainWatcherStatus } from './chain-watcher.ts';
import type { PublishedStatuses } from './published-statuses.ts';

/** The leader publishes every 2 s: 15 s is several missed publications, not one slow write. */
export const MAX_STATUS_AGE_MS = 15_000;

/** A published snapshot as a follower holds it: its age when read, and when that was (a monotonic clock). */
export interface HeldStatuses extends PublishedStatuses {
  readAtMs: number;
}

export interface FollowerClock {
  /** Monotonic milliseconds (performance.now()), the same clock as readAtMs. */
  nowMs: number;
  /** Wall time for lastError.at. */
  nowIso: string;
}

export function followerStatuses(held: HeldStatuses | null, local: readonly ChainWatcherStatus[], clock: FollowerClock, maxAgeMs: number = MAX_STATUS_AGE_MS): ChainWatcherStatus[] {
  if (!held) return unreachable(local, 'no chain status from the leader yet: only the elected leader runs the chain watchers', clock.nowIso);
  const ageMs = held.ageMs + Math.max(0, clock.nowMs - held.readAtMs);
  if (ageMs > maxAgeMs) {
    const message = `the leader's chain status is ${Math.floor(ageMs / 1000)} s old (published by process ${held.publisherPid}): the leader may be gone or unable to write`;
    return unreachable(held.statuses, message, clock.nowIso);
  }
  return held.statuses.map((status) => ({ ...status, assets: [...status.assets] }));
}

/** The last known heights stay (they say where things stood); reachability and the error say why not to trust them. */
function unreachable(statuses: readonly ChainWatcherStatus[], message: string, at: string): ChainWatcherStatus[] {
  return statuses.map((status) => ({ ...status, assets: [...status.assets], reachable: false, lastError: { message, at }, retryInMs: null }));
}
