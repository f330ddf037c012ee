// Spec §4 widget status sums of a merchant's widget payments, per coin: the payments grouped by coin
// and status in SQL (the sums are linear), then core's rule (core/settlements/widget-payment-sums.ts).

import { isCrypto, type CryptoAsset } from '#core/assets.ts';
import type { WidgetSumsAnswer } from '#core/contract/settlements.ts';
import { widgetPaymentSums, type WidgetPaymentGroup } from '#core/settlements/widget-payment-sums.ts';
import type { Db } from '../db/db.ts';

export async function widgetSums(db: Db, merchantId: bigint): Promise<WidgetSumsAnswer> {
  const rows = await db
    .selectFrom('payments')
    .select((eb) => [
      'coin',
      'status',
      eb.fn.sum<string>('amount_due_minor').as('due'),
      eb.fn.sum<string>('paid_minor').as('paid'),
      eb.fn.countAll<string>().as('count'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('coin', 'is not', null)
    .groupBy(['coin', 'status'])
    .orderBy('coin')
    .execute();
  const byCoin = new Map<CryptoAsset, { groups: WidgetPaymentGroup[]; payments: number }>();
  for (const row of rows) {
    if (!isCrypto(row.coin)) continue;
    const entry = byCoin.get(row.coin) ?? { groups: [], payments: 0 };
    entry.groups.push({ status: row.status, dueMinor: BigInt(row.due ?? '0'), paidMinor: BigInt(row.paid ?? '0') });
    entry.payments += Number(row.count);
    byCoin.set(row.coin, entry);
  }
  return { sums: [...byCoin].map(([currency, entry]) => ({ currency, ...widgetPaymentSums(entry.groups, currency), payments: entry.payments })) };
}
