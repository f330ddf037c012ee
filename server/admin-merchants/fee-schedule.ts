// The console's fees page: the provider's default fee on merchant payments and every merchant's own
// figure, and the two changes. Each change returns its before and after so the route records them in the
// audit row of the same transaction; the rows are locked first, so two operators changing one fee are
// audited in the order their changes happened.

import type { FeeSchedule } from '#core/contract/admin-merchants.ts';
import { effectiveFeeBps } from '#core/payments/merchant-fee.ts';
import type { Db } from '../db/db.ts';
import { merchantOverrideForUpdate, providerFeeForUpdate, setMerchantFee, setProviderFee } from '../fees/merchant-fees.ts';

export async function feeSchedule(db: Db, providerId: bigint): Promise<FeeSchedule> {
  const provider = await db.selectFrom('providers').select('merchant_fee_bps').where('id', '=', providerId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('merchants')
    .innerJoin('users', 'users.id', 'merchants.user_id')
    .select(['merchants.merchant_id', 'merchants.name', 'merchants.fee_bps'])
    .where('users.provider_id', '=', providerId)
    .orderBy('merchants.name')
    .orderBy('merchants.id')
    .execute();
  return {
    provider_fee_bps: provider.merchant_fee_bps,
    merchants: rows.map((row) => ({ merchant_id: row.merchant_id, name: row.name, fee_bps: row.fee_bps, effective_fee_bps: effectiveFeeBps(provider.merchant_fee_bps, row.fee_bps) })),
  };
}

export interface FeeChange {
  before: { fee_bps: number | null };
  after: { fee_bps: number | null };
}

export async function changeProviderFee(trx: Db, providerId: bigint, bps: number): Promise<FeeChange> {
  const before = await providerFeeForUpdate(trx, providerId);
  await setProviderFee(trx, providerId, bps);
  return { before: { fee_bps: before }, after: { fee_bps: bps } };
}

/** null when this provider has no merchant with the id (an id of another provider included). */
export async function changeMerchantFee(trx: Db, providerId: bigint, merchantDbId: bigint, bps: number | null): Promise<FeeChange | null> {
  const current = await merchantOverrideForUpdate(trx, providerId, merchantDbId);
  if (!current) return null;
  await setMerchantFee(trx, merchantDbId, bps);
  return { before: { fee_bps: current.overrideBps }, after: { fee_bps: bps } };
}
