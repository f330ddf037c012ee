// The Payouts tab: every merchant payout of the provider, newest first, and sending a rejected one
// again. A retry is a NEW on-demand payout (server/settlements/payouts.ts createPayout) to the
// merchant's current settlement account: the rejected payout voided its reservation and freed its
// conversions, so the new one covers them (and anything converted since); the rejected row stays as
// it was, a record of what the bank refused. Both run in the caller's transaction, for the audit row.

import type { AdminPayout, AdminPayouts } from '#core/contract/admin-money.ts';
import type { PayoutStatus } from '#core/contract/settlements.ts';
import { appError, type AppError } from '#core/errors.ts';
import type { Transaction } from 'kysely';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import type { SettlementPayoutRow } from '../db/tables/settlements.ts';
import { itemCounts, payoutAnswer } from '../settlements/payout-answer.ts';
import { createPayout } from '../settlements/payouts.ts';

async function merchantsOf(db: Db, merchantIds: readonly bigint[]): Promise<Map<bigint, { merchant_id: string; name: string }>> {
  if (merchantIds.length === 0) return new Map();
  const rows = await db.selectFrom('merchants').select(['id', 'merchant_id', 'name']).where('id', 'in', merchantIds).execute();
  return new Map(rows.map((row) => [row.id, { merchant_id: row.merchant_id, name: row.name }]));
}

async function answerAll(db: Db, rows: readonly SettlementPayoutRow[]): Promise<AdminPayout[]> {
  const [counts, merchants] = await Promise.all([itemCounts(db, rows.map((row) => row.id)), merchantsOf(db, [...new Set(rows.map((row) => row.merchant_id))])]);
  return rows.map((row) => {
    const merchant = merchants.get(row.merchant_id);
    return { ...payoutAnswer(row, counts.get(row.id) ?? 0), merchant_id: merchant?.merchant_id ?? '', merchant_name: merchant?.name ?? '' };
  });
}

export async function listProviderPayouts(db: Db, providerId: bigint, options: { status?: PayoutStatus | undefined; page: number; perPage: number }): Promise<AdminPayouts> {
  let base = db.selectFrom('settlement_payouts').where('provider_id', '=', providerId);
  if (options.status) base = base.where('status', '=', options.status);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.perPage).offset((options.page - 1) * options.perPage).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { payouts: await answerAll(db, rows), page: options.page, per_page: options.perPage, total: Number(total.count) };
}

export type RetryResult = { ok: true; rejected: AdminPayout; payout: AdminPayout } | { ok: false; error: AppError };

export async function retryPayout(trx: Transaction<Database>, providerId: bigint, payoutId: string): Promise<RetryResult> {
  const rejected = await trx.selectFrom('settlement_payouts').selectAll().where('public_id', '=', payoutId).where('provider_id', '=', providerId).forUpdate().executeTakeFirst();
  if (!rejected) return { ok: false, error: appError('payout_not_found', 'No payout with this id was found for your provider. Reload the list.') };
  if (rejected.status !== 'rejected') return { ok: false, error: appError('payout_not_retryable') };
  const created = await createPayout(trx, rejected.merchant_id, { trigger: 'on_demand' });
  if (!created.ok) {
    if (created.code === 'settlement_info_missing') return { ok: false, error: appError('settlement_info_missing', 'This merchant has no settlement bank account any more. Ask the merchant to add one in Settlement info.') };
    // nothing_to_pay_out (or a period taken, which an on-demand payout never has): an earlier retry already covers this money.
    return { ok: false, error: appError('nothing_to_pay_out', "This payout's money is already covered by a newer payout (an earlier retry, or the merchant's own). Reload the list.") };
  }
  const [before, after] = await answerAll(trx, [rejected, created.payout]);
  if (!before || !after) throw new Error(`payout ${payoutId}: retry answer missing`);
  return { ok: true, rejected: before, payout: after };
}
