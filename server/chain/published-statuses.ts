// The leader's chain statuses in the database (migration 0041, chain_watch_status): one row per schema,
// overwritten by the leader (one upsert) and read by the followers (one select), so every process can
// answer /healthz and the console's Chains page with what the watchers actually see.
// The age is measured on the database's clock (now() - published_at), so two machines whose clocks
// disagree still agree on how old the leader's word is.

import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toJsonb } from '../db/jsonb.ts';
import { maskNodeUrl } from './chain-config.ts';
import type { ChainWatcherStatus } from './chain-watcher.ts';
import { parsePublishedStatuses } from './chain-watcher-status-schema.ts';

export interface PublishedStatuses {
  statuses: ChainWatcherStatus[];
  publisherPid: number;
  /** How old the row was when it was read, by the database's clock. */
  ageMs: number;
}

/** What a read found: the statuses, no row yet, or a row that is not a list of statuses (treated as none). */
export type PublishedRead = { kind: 'found'; published: PublishedStatuses } | { kind: 'none' } | { kind: 'bad' };

/** The leader's one upsert. Node URLs are masked again, so a watcher that forgot cannot put a password in a table. */
export async function publishStatuses(db: Kysely<Database>, statuses: readonly ChainWatcherStatus[], publisherPid: number = process.pid): Promise<void> {
  const json = toJsonb(statuses.map((status) => ({ ...status, node: status.node === null ? null : maskNodeUrl(status.node) })));
  await db
    .insertInto('chain_watch_status')
    .values({ statuses: json, publisher_pid: publisherPid })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ statuses: json, published_at: sql<Date>`now()`, publisher_pid: publisherPid }))
    .execute();
}

/** A follower's one select. */
export async function readPublishedStatuses(db: Kysely<Database>): Promise<PublishedRead> {
  const row = await db
    .selectFrom('chain_watch_status')
    .select(['statuses', 'publisher_pid', sql<number>`extract(epoch from now() - published_at)::float8 * 1000`.as('age_ms')])
    .executeTakeFirst();
  if (!row) return { kind: 'none' };
  const statuses = parsePublishedStatuses(row.statuses);
  if (!statuses) return { kind: 'bad' };
  return { kind: 'found', published: { statuses, publisherPid: row.publisher_pid, ageMs: Math.max(0, Number(row.age_ms)) } };
}
