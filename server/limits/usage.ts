// What a member used of each operation's limits today and this calendar month (UTC), in the
// provider's fiat: the sum of limit_usage rows whose transaction still counts. initial (2-FA pending
// withdrawals, wire deposits waiting for the money, cards in 3-D Secure), pending and completed count,
// because each of them becomes money without another check; failed and canceled give the limit back.
// Read from limit_usage_daily, the database's running totals per UTC day (migration 0042, kept by
// triggers on both tables): at most 31 rows per operation, however many uses the month holds.

import { sql } from 'kysely';
import { OPERATIONS, type Operation } from '#core/compliance/levels-config.ts';
import type { FiatAsset } from '#core/assets.ts';
import type { Db } from '../db/db.ts';

export const COUNTING_STATUSES = ['initial', 'pending', 'completed'] as const;

export interface Used {
  todayMinor: bigint;
  thisMonthMinor: bigint;
}

export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function startOfUtcMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Every operation, zero where nothing was used; usage recorded in another fiat (before the provider changed it) is not counted. */
export async function usedByMember(db: Db, input: { userId: bigint; currency: FiatAsset; now: Date }): Promise<Record<Operation, Used>> {
  const day = utcDate(startOfUtcDay(input.now));
  const rows = await db
    .selectFrom('limit_usage_daily')
    .select([
      'operation',
      sql<string>`coalesce(sum(value_minor) filter (where day = ${day}::date), 0)::text`.as('today'),
      sql<string>`coalesce(sum(value_minor), 0)::text`.as('month'),
    ])
    .where('user_id', '=', input.userId)
    .where('currency', '=', input.currency)
    .where(sql<boolean>`day >= ${utcDate(startOfUtcMonth(input.now))}::date`)
    .groupBy('operation')
    .execute();
  const used = Object.fromEntries(OPERATIONS.map((operation) => [operation, { todayMinor: 0n, thisMonthMinor: 0n }])) as Record<Operation, Used>;
  for (const row of rows) used[row.operation] = { todayMinor: BigInt(row.today), thisMonthMinor: BigInt(row.month) };
  return used;
}

/** 'YYYY-MM-DD' of a UTC midnight, as SQL's date reads it. */
function utcDate(midnight: Date): string {
  return midnight.toISOString().slice(0, 10);
}
