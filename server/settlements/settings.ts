// A merchant's settlement settings: the bank account (spec §3 settlementInfo), the policy and the
// payout schedule. One row per merchant, created on the first save; a merchant without one has the
// defaults (no bank account, keep each coin, no schedule).

import type { Kysely } from 'kysely';
import type { SettlementInfoInput, SettlementPolicyInput, SettlementSettings } from '#core/contract/settlements.ts';
import { formatMinor } from '#core/money.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/db.ts';
import type { SettlementSettingsRow } from '../db/tables/settlements.ts';

export function defaultSettings(merchantId: bigint): SettlementSettingsRow {
  return {
    merchant_id: merchantId,
    bank_iban: null,
    bank_swift: null,
    bank_name: null,
    bank_address: null,
    bank_company_name: null,
    bank_company_registered_address: null,
    policy: 'keep',
    fiat_currency: 'EUR',
    schedule: 'off',
    updated_at: new Date(0),
  };
}

export async function readSettings(db: Db, merchantId: bigint): Promise<SettlementSettingsRow> {
  const row = await db.selectFrom('merchant_settlement_settings').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst();
  return row ?? defaultSettings(merchantId);
}

/** The settlement info when all of it was saved, else null. */
export function bankAccountOf(row: SettlementSettingsRow) {
  const { bank_iban, bank_swift, bank_name, bank_address, bank_company_name, bank_company_registered_address } = row;
  if (bank_iban === null || bank_swift === null || bank_name === null || bank_address === null || bank_company_name === null || bank_company_registered_address === null) return null;
  return { bank_iban, bank_swift, bank_name, bank_address, bank_company_name, bank_company_registered_address };
}

export async function saveSettlementInfo(db: Kysely<Database>, merchantId: bigint, info: SettlementInfoInput): Promise<void> {
  await db
    .insertInto('merchant_settlement_settings')
    .values({ merchant_id: merchantId, ...info })
    .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet({ ...info, updated_at: new Date() }))
    .execute();
}

export async function saveSettlementPolicy(db: Kysely<Database>, merchantId: bigint, policy: SettlementPolicyInput): Promise<void> {
  await db
    .insertInto('merchant_settlement_settings')
    .values({ merchant_id: merchantId, ...policy })
    .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet({ ...policy, updated_at: new Date() }))
    .execute();
}

/** The converted settlements of `currency` no payout covers: what a payout now would pay. */
export async function payableOf(db: Db, merchantId: bigint, currency: string): Promise<{ amountMinor: bigint; count: number }> {
  const row = await db
    .selectFrom('settlement_conversions')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<string>('fiat_minor'), eb.val('0')).as('total'), eb.fn.countAll<string>().as('count')])
    .where('merchant_id', '=', merchantId)
    .where('fiat_currency', '=', currency as never)
    .where('payout_id', 'is', null)
    .executeTakeFirstOrThrow();
  return { amountMinor: BigInt(row.total), count: Number(row.count) };
}

export async function settingsAnswer(db: Db, merchantId: bigint): Promise<SettlementSettings> {
  const row = await readSettings(db, merchantId);
  const payable = await payableOf(db, merchantId, row.fiat_currency);
  return {
    settlement_info: bankAccountOf(row),
    policy: row.policy,
    fiat_currency: row.fiat_currency,
    schedule: row.schedule,
    payable: formatMinor(payable.amountMinor, row.fiat_currency),
    payable_payments: payable.count,
  };
}
