// A payout as the API answers it (core/contract/settlements.ts PayoutSchema), and the merchant's list.

import type { Payout, PayoutList } from '#core/contract/settlements.ts';
import { maskIban } from '#core/iban.ts';
import { formatMinor } from '#core/money.ts';
import type { Db } from '../db/db.ts';
import type { SettlementPayoutRow } from '../db/tables/settlements.ts';

export function payoutAnswer(row: SettlementPayoutRow, payments: number): Payout {
  return {
    payout_id: row.public_id,
    status: row.status,
    trigger: row.trigger,
    currency: row.currency,
    amount: formatMinor(row.amount_minor, row.currency),
    fee: formatMinor(row.fee_minor, row.currency),
    payments,
    bank_iban: maskIban(row.bank_iban),
    bank_name: row.bank_name,
    rejection_reason: row.rejection_reason,
    created_at: row.created_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}

export async function itemCounts(db: Db, payoutIds: readonly bigint[]): Promise<Map<bigint, number>> {
  if (payoutIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('settlement_payout_items')
    .select((eb) => ['payout_id', eb.fn.countAll<string>().as('count')])
    .where('payout_id', 'in', payoutIds)
    .groupBy('payout_id')
    .execute();
  return new Map(rows.map((row) => [row.payout_id, Number(row.count)]));
}

export async function answerPayout(db: Db, row: SettlementPayoutRow): Promise<Payout> {
  return payoutAnswer(row, (await itemCounts(db, [row.id])).get(row.id) ?? 0);
}

/** Newest first; the id breaks ties between payouts of the same instant. */
export async function listPayouts(db: Db, merchantId: bigint, page: number, perPage: number): Promise<PayoutList> {
  const [rows, total] = await Promise.all([
    db.selectFrom('settlement_payouts').selectAll().where('merchant_id', '=', merchantId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    db.selectFrom('settlement_payouts').select((eb) => eb.fn.countAll<string>().as('count')).where('merchant_id', '=', merchantId).executeTakeFirstOrThrow(),
  ]);
  const counts = await itemCounts(db, rows.map((row) => row.id));
  return { payouts: rows.map((row) => payoutAnswer(row, counts.get(row.id) ?? 0)), page, per_page: perPage, total: Number(total.count) };
}

export async function findPayout(db: Db, merchantId: bigint, publicId: string): Promise<SettlementPayoutRow | undefined> {
  return db.selectFrom('settlement_payouts').selectAll().where('merchant_id', '=', merchantId).where('public_id', '=', publicId).executeTakeFirst();
}
