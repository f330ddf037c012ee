// Reading a member's transactions: one filtered, paged query that the history, the wallet activity
// and the statement share, so the three can never disagree about what happened.

import type { Kysely } from 'kysely';
import type { Asset } from '#core/assets.ts';
import type { TransactionStatus, TransactionType } from '#core/contract/transactions.ts';
import type { Database } from '../db/schema.ts';
import type { MoneyTransactionRow } from '../db/tables/money.ts';

export interface TransactionFilter {
  userId: bigint;
  providerId: bigint;
  type?: TransactionType | undefined;
  /** Matches either side of a conversion. */
  currency?: Asset | undefined;
  status?: TransactionStatus | undefined;
  /** Inclusive calendar days (UTC). */
  from?: string | undefined;
  to?: string | undefined;
}

const DAY_MS = 86_400_000;

function filtered(db: Kysely<Database>, filter: TransactionFilter) {
  let query = db.selectFrom('money_transactions').where('user_id', '=', filter.userId).where('provider_id', '=', filter.providerId);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.status) query = query.where('status', '=', filter.status);
  const currency = filter.currency;
  if (currency) query = query.where((eb) => eb.or([eb('currency_iso', '=', currency), eb('currency_2_iso', '=', currency)]));
  if (filter.from) query = query.where('created_at', '>=', new Date(`${filter.from}T00:00:00Z`));
  if (filter.to) query = query.where('created_at', '<', new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS));
  return query;
}

/** Newest first; ties broken by id so paging is stable. */
export async function pageTransactions(
  db: Kysely<Database>,
  filter: TransactionFilter,
  page: { page: number; perPage: number },
): Promise<{ rows: MoneyTransactionRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<string | number | bigint>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Oldest first, for a statement; bounded by the caller's date range. */
export function allTransactions(db: Kysely<Database>, filter: TransactionFilter, limit: number): Promise<MoneyTransactionRow[]> {
  return filtered(db, filter).selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit).execute();
}

export function findTransaction(db: Kysely<Database>, owner: { userId: bigint; providerId: bigint }, publicId: string) {
  return db
    .selectFrom('money_transactions')
    .selectAll()
    .where('public_id', '=', publicId)
    .where('user_id', '=', owner.userId)
    .where('provider_id', '=', owner.providerId)
    .executeTakeFirst();
}
