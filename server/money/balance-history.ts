// A wallet's balance over time (GET /transactions/getWalletBalanceActivity), rebuilt from the
// ledger's immutable transfers: the posted balance at the start of the range, then one point per
// posted change. Reservations (pending) and voids do not move the posted balance, so they are not
// points; a post moves it by the amount posted.

import { sql } from 'kysely';
import type { Asset } from '#core/assets.ts';
import type { ChartRange } from '#core/contract/rates.ts';
import { formatMinor } from '#core/money.ts';
import type { Db } from '../ledger/index.ts';

const DAY_MS = 86_400_000;
export const RANGE_MS: Record<ChartRange, number> = { '1d': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS, '1y': 365 * DAY_MS };
/** A chart needs no more points than it has pixels; later changes win inside a bucket. */
const MAX_POINTS = 400;

export interface BalancePoint {
  t: string;
  balance: string;
}

/** Posted effect of each transfer on the account: + credit, - debit, nothing for a reserve or a void. */
function postedDelta(accountId: bigint) {
  return sql<bigint>`sum(case when t.pending or t.void_pending then 0 when t.credit_account_id = ${accountId} then t.amount else -t.amount end)`;
}

export async function balanceHistory(db: Db, account: { id: bigint; asset: Asset }, range: ChartRange, now = new Date()): Promise<BalancePoint[]> {
  const start = new Date(now.getTime() - RANGE_MS[range]);
  const opening = await sql<{ balance: bigint | null }>`
    select ${postedDelta(account.id)} as balance from ledger_transfers t
    where (t.credit_account_id = ${account.id} or t.debit_account_id = ${account.id}) and t.created_at < ${start}`.execute(db);
  const changes = await sql<{ created_at: Date; delta: bigint }>`
    select t.created_at, ${postedDelta(account.id)} as delta from ledger_transfers t
    where (t.credit_account_id = ${account.id} or t.debit_account_id = ${account.id}) and t.created_at >= ${start} and t.created_at <= ${now}
      and not t.pending and not t.void_pending
    group by t.seq, t.created_at order by t.seq`.execute(db);

  let balance = BigInt(opening.rows[0]?.balance ?? 0n);
  const points: { t: number; balance: bigint }[] = [{ t: start.getTime(), balance }];
  for (const change of changes.rows) {
    balance += BigInt(change.delta);
    points.push({ t: new Date(change.created_at).getTime(), balance });
  }
  points.push({ t: now.getTime(), balance });
  return downsample(points, start.getTime(), now.getTime()).map((point) => ({ t: new Date(point.t).toISOString(), balance: formatMinor(point.balance, account.asset) }));
}

/** At most MAX_POINTS points: the last point of each time bucket, plus the first and last of the range. */
function downsample(points: { t: number; balance: bigint }[], start: number, end: number): { t: number; balance: bigint }[] {
  if (points.length <= MAX_POINTS) return points;
  const bucketMs = (end - start) / (MAX_POINTS - 2);
  const byBucket = new Map<number, { t: number; balance: bigint }>();
  for (const point of points.slice(1, -1)) byBucket.set(Math.floor((point.t - start) / bucketMs), point);
  return [points[0]!, ...byBucket.values(), points[points.length - 1]!];
}
