// A merchant's own limit on the merchant API (requests a second per secret key), as the console changes
// it. The row is locked first, so two operators changing one limit are audited in the order their changes
// happened; the change returns its before and after for the audit row of the same transaction.

import type { Db } from '../db/db.ts';

export interface RateLimitChange {
  before: { api_rate_limit_per_second: number | null };
  after: { api_rate_limit_per_second: number | null };
}

/** null removes the merchant's own limit (the platform default applies again); null result: no such merchant of this provider. */
export async function changeMerchantRateLimit(trx: Db, providerId: bigint, merchantId: string, perSecond: number | null): Promise<RateLimitChange | null> {
  const current = await trx
    .selectFrom('merchants')
    .innerJoin('users', 'users.id', 'merchants.user_id')
    .select(['merchants.id', 'merchants.api_rate_limit_per_second'])
    .where('merchants.merchant_id', '=', merchantId)
    .where('users.provider_id', '=', providerId)
    .forUpdate(['merchants'])
    .executeTakeFirst();
  if (!current) return null;
  await trx.updateTable('merchants').set({ api_rate_limit_per_second: perSecond }).where('id', '=', current.id).execute();
  return { before: { api_rate_limit_per_second: current.api_rate_limit_per_second }, after: { api_rate_limit_per_second: perSecond } };
}
