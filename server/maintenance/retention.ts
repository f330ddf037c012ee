// Retention: short-lived rows that have done their job are removed, so these tables stay the size of
// their working window instead of growing forever. Money records, the ledger, chain observations,
// payments and webhook logs are NEVER swept: they are the books and the audit trail.
//
// Each rule names a table, the timestamp that says the row is finished, and how long after that it is
// kept (for support questions and the rate limits that look back at recent rows: the longest, the
// hourly code caps, looks back one hour).

import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Put a limit on everything: a sweep deletes in bounded batches so it never holds long locks. */
const BATCH = 5_000;
const MAX_BATCHES_PER_RULE = 20;

export interface RetentionRule {
  table: 'idempotency_keys' | 'one_time_codes' | 'registration_attempts' | 'password_reset_tokens' | 'sessions' | 'quotes' | 'dev_outbox' | 'guest_checkout_sessions';
  /** SQL condition on the row with :cutoff, true when the row is finished and older than its keep time. */
  finishedBefore: (cutoff: Date) => ReturnType<typeof sql<boolean>>;
  keepMs: number;
}

export const RETENTION_RULES: readonly RetentionRule[] = [
  // A day, like Stripe's keys; expires_at already carries the day.
  { table: 'idempotency_keys', finishedBefore: (cutoff) => sql<boolean>`expires_at <= ${cutoff}`, keepMs: 0 },
  // Codes live 10 minutes; the send limits look back an hour.
  { table: 'one_time_codes', finishedBefore: (cutoff) => sql<boolean>`created_at < ${cutoff}`, keepMs: DAY_MS },
  // Its codes go with it (ON DELETE CASCADE).
  { table: 'registration_attempts', finishedBefore: (cutoff) => sql<boolean>`expires_at < ${cutoff}`, keepMs: DAY_MS },
  { table: 'password_reset_tokens', finishedBefore: (cutoff) => sql<boolean>`expires_at < ${cutoff}`, keepMs: DAY_MS },
  // Ended or long expired sign-ins, kept a month for "where was I signed in" questions.
  { table: 'sessions', finishedBefore: (cutoff) => sql<boolean>`coalesce(ended_at, expires_at) < ${cutoff}`, keepMs: 30 * DAY_MS },
  // A used quote's figures are copied into its transaction; an unused one is only a price once offered.
  { table: 'quotes', finishedBefore: (cutoff) => sql<boolean>`expires_at < ${cutoff}`, keepMs: DAY_MS },
  // Test mode's mailbox: a week is plenty to read a code or a link.
  { table: 'dev_outbox', finishedBefore: (cutoff) => sql<boolean>`created_at < ${cutoff}`, keepMs: 7 * DAY_MS },
  // A guest checkout's flow token past its 12000 s opens nothing; its hash goes a day later (the checkout stays).
  { table: 'guest_checkout_sessions', finishedBefore: (cutoff) => sql<boolean>`expires_at < ${cutoff}`, keepMs: DAY_MS },
];

/** Runs every rule once; answers how many rows each removed. */
export async function sweepRetention(db: Kysely<Database>, now = new Date(), rules: readonly RetentionRule[] = RETENTION_RULES): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const rule of rules) {
    const cutoff = new Date(now.getTime() - rule.keepMs);
    let total = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RULE; batch += 1) {
      const result = await sql`
        delete from ${sql.table(rule.table)}
        where id in (select id from ${sql.table(rule.table)} where ${rule.finishedBefore(cutoff)} limit ${BATCH})`.execute(db);
      const count = Number(result.numAffectedRows ?? 0n);
      total += count;
      if (count < BATCH) break;
    }
    removed[rule.table] = total;
  }
  return removed;
}
