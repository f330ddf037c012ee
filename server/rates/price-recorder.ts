// The recorder: once a minute the feed's mid prices go into the minute bars, and the hour and the day
// that minute belongs to are rebuilt from the finer bars, in one transaction, so a reader never sees a
// minute without its hour. Pruning (downsampling's other half) runs at most once an hour. Every step
// is an upsert or an idempotent delete, so several servers recording at once leave the same rows.

import type { Kysely } from 'kysely';
import type { Asset } from '#core/assets.ts';
import type { Database } from '../db/schema.ts';
import type { FeedFailure, RateFeed } from './feed.ts';
import { pruneBars, recordTick, rollUp } from './price-bars.ts';

/** Writes one observation of every asset's USD price at `at` and rolls it up into its hour and day. */
export async function recordPrices(db: Kysely<Database>, usd: ReadonlyMap<Asset, bigint>, at: Date): Promise<void> {
  const prices = new Map([...usd].filter(([asset]) => asset !== 'USD'));
  await db.transaction().execute(async (trx) => {
    await recordTick(trx, prices, at);
    await rollUp(trx, 'm', at);
    await rollUp(trx, 'h', at);
  });
}

export interface RecorderRun {
  recorded: boolean;
  pruned: number;
}

const PRUNE_EVERY_MS = 3_600_000;

/** One run of the recorder; `state` remembers when it last pruned. A feed failure records nothing (the gap stays a gap). */
export async function recorderRun(
  db: Kysely<Database>,
  feed: RateFeed,
  now: Date,
  state: { lastPrunedAt: number },
  onFailure: (failure: FeedFailure) => void = () => {},
): Promise<RecorderRun> {
  const latest = await feed.latest(now);
  if (latest.ok) await recordPrices(db, latest.snapshot.usd, now);
  else onFailure(latest);
  let pruned = 0;
  if (now.getTime() - state.lastPrunedAt >= PRUNE_EVERY_MS) {
    pruned = await pruneBars(db, now);
    state.lastPrunedAt = now.getTime();
  }
  return { recorded: latest.ok, pruned };
}
