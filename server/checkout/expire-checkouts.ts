// Abandoned checkouts expire: an open checkout (created or pending) past its
// expires_at becomes expired, whether or not anyone reads it again, so no later step finds it open.
// Reads expire it too (checkouts.ts loadFlowCheckout); this sweep is for the ones nobody comes back to.
// Nothing is held by a checkout yet; when the payment methods reserve something, releasing it belongs
// in the same transaction as this update.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Marks every open checkout past its expiry as expired; answers how many. Safe on any number of servers. */
export async function expireAbandonedCheckouts(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .updateTable('guest_checkouts')
    .set({ status: 'expired', updated_at: now })
    .where('status', 'in', ['created', 'pending'])
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
