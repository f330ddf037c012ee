// Abandoned checkouts expire: an open checkout (created or pending) past its
// expires_at becomes expired, whether or not anyone reads it again, so no later step finds it open.
// Reads expire it too (checkouts.ts loadFlowCheckout); this sweep is for the ones nobody comes back to.
// An open checkout holds nothing. An AUTHORISED one (a card held, coins reserved) that was not cleared
// in time is released and failed by clearance.ts, each in its own transaction with its ledger voids.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { expireAuthorisedCheckouts } from './clearance.ts';

/** Marks every open checkout past its expiry as expired and releases the authorised ones; answers how many. Safe on any number of servers. */
export async function expireAbandonedCheckouts(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .updateTable('guest_checkouts')
    .set({ status: 'expired', updated_at: now })
    .where('status', 'in', ['created', 'pending'])
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) + (await expireAuthorisedCheckouts(db, now));
}
