// limit_usage_daily (migration 0042): the running totals a limit check reads follow every use and every
// status change of its transaction, and always equal the sum recomputed from limit_usage itself.

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newMember, type TestMember } from '../money/deposits/member-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { COUNTING_STATUSES, usedByMember } from './usage.ts';

const STATUSES = ['initial', 'pending', 'awaiting_approval', 'completed', 'canceled', 'failed'] as const;
type Status = (typeof STATUSES)[number];

describe.each(testDatabases())('limit usage totals on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.app.db;

  it.each(STATUSES)('the database counts a transaction in status %s as usage.ts does', async (status) => {
    const { rows } = await sql<{ counts: boolean }>`SELECT limit_usage_counts(${status}) AS counts`.execute(db());
    expect(rows[0]!.counts).toBe((COUNTING_STATUSES as readonly string[]).includes(status));
  });

  async function use(member: TestMember, status: Status, minor: bigint, at: string): Promise<bigint> {
    const row = await db()
      .insertInto('money_transactions')
      .values({ provider_id: member.providerId, user_id: member.userId, type: 'deposit', method: 'wire', status, currency_iso: 'EUR', amount_minor: minor, fee_currency: 'EUR', details: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('limit_usage')
      .values({ transaction_id: row.id, provider_id: member.providerId, user_id: member.userId, operation: 'deposit', currency: 'EUR', value_minor: minor, created_at: new Date(at) })
      .execute();
    return row.id;
  }

  /** What the month's and today's sums are when recomputed from every use and its transaction's status. */
  async function recomputed(member: TestMember, now: Date) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const { rows } = await sql<{ today: string; month: string }>`
      SELECT coalesce(sum(u.value_minor) FILTER (WHERE u.created_at >= ${day}), 0)::text AS today, coalesce(sum(u.value_minor), 0)::text AS month
      FROM limit_usage u JOIN money_transactions t ON t.id = u.transaction_id
      WHERE u.user_id = ${member.userId} AND u.operation = 'deposit' AND u.created_at >= ${month} AND t.status IN ('initial', 'pending', 'completed')`.execute(db());
    return { todayMinor: BigInt(rows[0]!.today), thisMonthMinor: BigInt(rows[0]!.month) };
  }

  it('a use leaves and rejoins the totals as its transaction crosses between statuses that count and those that do not', async () => {
    const member = await newMember(t.app, { level: 'basic' });
    const now = new Date('2026-11-24T10:00:00Z');
    const today = await use(member, 'pending', 700n, '2026-11-24T08:00:00Z');
    const earlier = await use(member, 'initial', 30n, '2026-11-02T12:00:00Z');
    await use(member, 'completed', 5n, '2026-10-30T12:00:00Z');
    const steps: [bigint, Status, { todayMinor: bigint; thisMonthMinor: bigint }][] = [
      [today, 'failed', { todayMinor: 0n, thisMonthMinor: 30n }],
      [today, 'pending', { todayMinor: 700n, thisMonthMinor: 730n }],
      [earlier, 'awaiting_approval', { todayMinor: 700n, thisMonthMinor: 700n }],
      [earlier, 'completed', { todayMinor: 700n, thisMonthMinor: 730n }],
      [today, 'completed', { todayMinor: 700n, thisMonthMinor: 730n }],
      [today, 'canceled', { todayMinor: 0n, thisMonthMinor: 30n }],
    ];
    expect((await usedByMember(db(), { userId: member.userId, currency: 'EUR', now })).deposit).toEqual({ todayMinor: 700n, thisMonthMinor: 730n });
    for (const [id, status, expected] of steps) {
      await db().updateTable('money_transactions').set({ status }).where('id', '=', id).execute();
      const used = (await usedByMember(db(), { userId: member.userId, currency: 'EUR', now })).deposit;
      expect({ status, used }).toEqual({ status, used: expected });
      expect(used).toEqual(await recomputed(member, now));
    }
  });

  it('a use corrected or removed moves its day total with it', async () => {
    const member = await newMember(t.app, { level: 'basic' });
    const now = new Date('2026-11-24T10:00:00Z');
    const id = await use(member, 'completed', 400n, '2026-11-24T01:00:00Z');
    await db().updateTable('limit_usage').set({ value_minor: 250n }).where('transaction_id', '=', id).execute();
    expect((await usedByMember(db(), { userId: member.userId, currency: 'EUR', now })).deposit).toEqual({ todayMinor: 250n, thisMonthMinor: 250n });
    await db().deleteFrom('limit_usage').where('transaction_id', '=', id).execute();
    expect((await usedByMember(db(), { userId: member.userId, currency: 'EUR', now })).deposit).toEqual({ todayMinor: 0n, thisMonthMinor: 0n });
    expect(await recomputed(member, now)).toEqual({ todayMinor: 0n, thisMonthMinor: 0n });
  });
});
