// What a follower answers for the chains from the leader's published statuses: the rule of
// follower-statuses.ts, on a clock the test sets.

import { describe, expect, it } from 'vitest';
import type { ChainWatcherStatus } from './chain-watcher.ts';
import { followerStatuses, MAX_STATUS_AGE_MS, type HeldStatuses } from './follower-statuses.ts';

const litecoin: ChainWatcherStatus = {
  family: 'litecoin',
  assets: ['LTC'],
  backend: 'bitcoin-rpc',
  network: 'regtest',
  node: 'http://u:***@127.0.0.1:19443',
  reachable: true,
  nodeHeight: 212,
  height: 211,
  lagBlocks: 1,
  lastRoundAt: '2026-11-24T12:00:05.000Z',
  lastError: null,
  retryInMs: null,
};
/** What the follower's own watcher says: it never ran. */
const neverRan: ChainWatcherStatus = { ...litecoin, reachable: false, nodeHeight: null, height: null, lagBlocks: null, lastRoundAt: null };
const NOW_ISO = '2026-11-24T12:00:30.000Z';
const held = (ageMs: number, readAtMs: number): HeldStatuses => ({ statuses: [litecoin], publisherPid: 4242, ageMs, readAtMs });

describe('what a follower answers for the chains', () => {
  it.each<[string, HeldStatuses | null, number, Partial<ChainWatcherStatus>]>([
    ['a fresh snapshot is the leader\'s word, as published', held(1_000, 100_000), 101_000, litecoin],
    ['a snapshot just at the bound still counts', held(MAX_STATUS_AGE_MS - 5_000, 100_000), 105_000, litecoin],
    [
      'a snapshot older than the bound makes every chain unreachable, saying how old and who published it',
      held(3_000, 100_000),
      117_500,
      { ...litecoin, reachable: false, retryInMs: null, lastError: { message: 'the leader\'s chain status is 20 s old (published by process 4242): the leader may be gone or unable to write', at: NOW_ISO } },
    ],
    [
      'before any snapshot every chain this process knows is unreachable, saying so',
      null,
      100_000,
      { ...neverRan, lastError: { message: 'no chain status from the leader yet: only the elected leader runs the chain watchers', at: NOW_ISO } },
    ],
  ])('%s', (_name, snapshot, nowMs, expected) => {
    expect(followerStatuses(snapshot, [neverRan], { nowMs, nowIso: NOW_ISO })).toEqual([expected]);
  });

  it('the snapshot ages on the follower\'s clock while no newer one can be read', () => {
    const snapshot = held(14_000, 100_000);
    expect(followerStatuses(snapshot, [neverRan], { nowMs: 100_500, nowIso: NOW_ISO })[0]!.reachable).toBe(true);
    expect(followerStatuses(snapshot, [neverRan], { nowMs: 101_500, nowIso: NOW_ISO })[0]!.lastError?.message).toMatch(/^the leader's chain status is 15 s old/);
  });

  it('a caller that changes the answer does not change the snapshot held', () => {
    const snapshot = held(0, 100_000);
    const [first] = followerStatuses(snapshot, [], { nowMs: 100_000, nowIso: NOW_ISO });
    first!.assets.push('BTC');
    first!.reachable = false;
    expect(followerStatuses(snapshot, [], { nowMs: 100_000, nowIso: NOW_ISO })).toEqual([litecoin]);
  });
});
