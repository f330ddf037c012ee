// The test-mode fault switch: "make my endpoint answer 503 for 5 minutes". Stored per merchant (so every
// server's delivery worker sees it); the worker honours it only when MODE=test (delivery-worker.ts), and
// the routes refuse to set it in live mode.

import type { Kysely } from 'kysely';
import type { WebhookFaultState } from '#core/contract/developers.ts';
import type { Database } from '../db/schema.ts';

export async function faultState(db: Kysely<Database>, merchantId: bigint, now = new Date()): Promise<WebhookFaultState> {
  const row = await db.selectFrom('webhook_test_faults').select(['status_code', 'until']).where('merchant_id', '=', merchantId).where('until', '>', now).executeTakeFirst();
  return row ? { status_code: row.status_code, until: row.until.toISOString() } : { status_code: null, until: null };
}

/** On for `minutes` from now with this status; 0 minutes turns it off. Setting it again replaces it. */
export async function setFault(db: Kysely<Database>, merchantId: bigint, statusCode: number, minutes: number, now = new Date()): Promise<WebhookFaultState> {
  if (minutes === 0) {
    await db.deleteFrom('webhook_test_faults').where('merchant_id', '=', merchantId).execute();
    return { status_code: null, until: null };
  }
  const until = new Date(now.getTime() + minutes * 60_000);
  await db
    .insertInto('webhook_test_faults')
    .values({ merchant_id: merchantId, status_code: statusCode, until })
    .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet({ status_code: statusCode, until }))
    .execute();
  return { status_code: statusCode, until: until.toISOString() };
}
