// The volume a merchant received: its settled payments, grouped by the day they settled (UTC), the
// coin and the payment's fiat. Fiat sums are the payments' own amounts (what the merchant asked for),
// never re-priced at today's rates; coin sums are what was confirmed on the chain.

import { sql, type Kysely } from 'kysely';
import type { CryptoAsset, FiatAsset } from '#core/assets.ts';
import type { MerchantVolume, VolumeDay } from '#core/contract/merchant-office.ts';
import { formatMinor } from '#core/money.ts';
import type { Database } from '../db/schema.ts';
import { dayAfter, dayStart } from './day-range.ts';
import type { MerchantScope } from './merchant-of-session.ts';

type Sum = string | number | bigint | null;
const minor = (sum: Sum): bigint => BigInt(String(sum ?? 0));

export async function merchantVolume(db: Kysely<Database>, scope: MerchantScope, range: { from: string; to: string }): Promise<MerchantVolume> {
  const day = sql<string>`to_char(settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .selectFrom('payments')
    .select([
      day.as('day'),
      'coin',
      'fiat_currency',
      (eb) => eb.fn.sum<Sum>('fiat_amount_minor').as('fiat_minor'),
      (eb) => eb.fn.sum<Sum>('confirmed_minor').as('coin_minor'),
      (eb) => eb.fn.countAll<string | number | bigint>().as('count'),
    ])
    .where('merchant_id', '=', scope.merchantId)
    .where('provider_id', '=', scope.providerId)
    .where('status', '=', 'settled')
    .where('settled_at', '>=', dayStart(range.from))
    .where('settled_at', '<', dayAfter(range.to))
    .groupBy([day, 'coin', 'fiat_currency'])
    .orderBy(day)
    .orderBy('coin')
    .orderBy('fiat_currency')
    .execute();

  const days: VolumeDay[] = [];
  const totals = new Map<FiatAsset, { minor: bigint; count: number }>();
  for (const row of rows) {
    // Settled payments always have their coin (a CHECK keeps coin-less payments new or expired).
    const coin = row.coin as CryptoAsset;
    const fiatMinor = minor(row.fiat_minor);
    const count = Number(row.count);
    days.push({ date: row.day, coin, fiat_currency: row.fiat_currency, fiat_amount: formatMinor(fiatMinor, row.fiat_currency), coin_amount: formatMinor(minor(row.coin_minor), coin), count });
    const total = totals.get(row.fiat_currency) ?? { minor: 0n, count: 0 };
    totals.set(row.fiat_currency, { minor: total.minor + fiatMinor, count: total.count + count });
  }
  return {
    from: range.from,
    to: range.to,
    currency: scope.currency,
    days,
    totals: [...totals].map(([fiat, total]) => ({ fiat_currency: fiat, fiat_amount: formatMinor(total.minor, fiat), count: total.count })),
  };
}
