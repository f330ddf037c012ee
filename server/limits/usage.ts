// What a member used of each operation's limits today and this calendar month (UTC), in the
// provider's fiat: the sum of limit_usage rows whose transaction still counts. initial (2-FA pending
// withdrawals, wire deposits waiting for the money, cards in 3-D Secure), pending and completed count,
// because each of them becomes money without another check; failed and canceled give the limit back.

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
  const day = startOfUtcDay(input.now);
  const rows = await db
    .selectFrom('limit_usage as u')
    .innerJoin('money_transactions as t', 't.id', 'u.transaction_id')
    .select([
      'u.operation',
      sql<string>`coalesce(sum(u.value_minor) filter (where u.created_at >= ${day}), 0)::text`.as('today'),
      sql<string>`coalesce(sum(u.value_minor), 0)::text`.as('month'),
    ])
    .where('u.user_id', '=', input.userId)
    .where('u.currency', '=', input.currency)
    .where('u.created_at', '>=', startOfUtcMonth(input.now))
    .where('t.status', 'in', COUNTING_STATUSES)
    .groupBy('u.operation')
    .execute();
  const used = Object.fromEntries(OPERATIONS.map((operation) => [operation, { todayMinor: 0n, thisMonthMinor: 0n }])) as Record<Operation, Used>;
  for (const row of rows) used[row.operation] = { todayMinor: BigInt(row.today), thisMonthMinor: BigInt(row.month) };
  return used;
}
