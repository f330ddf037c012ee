// The merchant fee as stored (migration fees): the provider's default (providers.merchant_fee_bps) and a
// merchant's own figure (merchants.fee_bps, NULL for none). Payments read it once, when they are created
// (create_payments, migration 0043, spells effectiveFeeBps's rule in SQL; merchant-fees.test.ts holds the
// two to the same answers), and keep it; the console's fees page changes it
// (server/admin-merchants/). Every function takes a Db so the console runs it inside the transaction that
// also writes the change's audit row.

import type { Db } from '../db/db.ts';
import { effectiveFeeBps } from '#core/payments/merchant-fee.ts';

export interface MerchantFee {
  providerDefaultBps: number;
  /** The merchant's own figure; null: the provider default applies. */
  overrideBps: number | null;
  /** What a payment created now pays. */
  effectiveBps: number;
}

/** The fee of merchants.id `merchantId` as it stands now; the caller's transaction sees its own changes. */
export async function merchantFee(db: Db, merchantId: bigint): Promise<MerchantFee> {
  const row = await db
    .selectFrom('merchants')
    .innerJoin('users', 'users.id', 'merchants.user_id')
    .innerJoin('providers', 'providers.id', 'users.provider_id')
    .select(['merchants.fee_bps', 'providers.merchant_fee_bps'])
    .where('merchants.id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return { providerDefaultBps: row.merchant_fee_bps, overrideBps: row.fee_bps, effectiveBps: effectiveFeeBps(row.merchant_fee_bps, row.fee_bps) };
}

/** The provider's default; the row is locked so two operators' changes are audited in the order they happened. */
export async function providerFeeForUpdate(db: Db, providerId: bigint): Promise<number> {
  const row = await db.selectFrom('providers').select('merchant_fee_bps').where('id', '=', providerId).forUpdate().executeTakeFirstOrThrow();
  return row.merchant_fee_bps;
}

export async function setProviderFee(db: Db, providerId: bigint, bps: number): Promise<void> {
  await db.updateTable('providers').set({ merchant_fee_bps: bps }).where('id', '=', providerId).execute();
}

/** The merchant's own figure under a row lock, or undefined when no merchant of this provider has the id. */
export async function merchantOverrideForUpdate(db: Db, providerId: bigint, merchantId: bigint): Promise<{ overrideBps: number | null } | undefined> {
  const row = await db
    .selectFrom('merchants')
    .innerJoin('users', 'users.id', 'merchants.user_id')
    .select('merchants.fee_bps')
    .where('merchants.id', '=', merchantId)
    .where('users.provider_id', '=', providerId)
    .forUpdate(['merchants'])
    .executeTakeFirst();
  return row ? { overrideBps: row.fee_bps } : undefined;
}

/** null removes the merchant's own figure, so the provider default applies again. */
export async function setMerchantFee(db: Db, merchantId: bigint, bps: number | null): Promise<void> {
  await db.updateTable('merchants').set({ fee_bps: bps }).where('id', '=', merchantId).execute();
}
