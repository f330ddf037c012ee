// Reading one merchant's payments: one filtered query that the list, its count and the CSV share, so
// the page's total, its rows and the download can never disagree. Always scoped to the merchant AND
// its provider.

import type { Kysely } from 'kysely';
import type { CryptoAsset } from '#core/assets.ts';
import type { PaymentStatus } from '#core/payments/payment-rules.ts';
import type { Database } from '../db/schema.ts';
import type { PaymentRow } from '../db/tables/payments.ts';
import { dayAfter, dayStart } from './day-range.ts';
import { containing } from '../db/like-pattern.ts';

export interface PaymentFilter {
  merchantId: bigint;
  providerId: bigint;
  q?: string | undefined;
  status?: PaymentStatus | undefined;
  coin?: CryptoAsset | undefined;
  /** Inclusive UTC days on created_at. */
  from?: string | undefined;
  to?: string | undefined;
}


function filtered(db: Kysely<Database>, filter: PaymentFilter) {
  let query = db.selectFrom('payments').where('merchant_id', '=', filter.merchantId).where('provider_id', '=', filter.providerId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.coin) query = query.where('coin', '=', filter.coin);
  if (filter.from) query = query.where('created_at', '>=', dayStart(filter.from));
  if (filter.to) query = query.where('created_at', '<', dayAfter(filter.to));
  if (filter.q) {
    const pattern = containing(filter.q);
    query = query.where((eb) =>
      eb.or([eb('c1', 'ilike', pattern), eb('product', 'ilike', pattern), eb('public_id', 'ilike', pattern), eb('address', 'ilike', pattern)]),
    );
  }
  return query;
}

/** Newest first; ties broken by id so paging is stable. */
export async function pagePayments(db: Kysely<Database>, filter: PaymentFilter, page: { page: number; perPage: number }): Promise<{ rows: PaymentRow[]; total: number }> {
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
  const count = await filtered(db, filter).select((eb) => eb.fn.countAll<string | number | bigint>().as('total')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.total) };
}

/** Newest first, like the list, at most `limit` rows (the CSV). */
export function allPayments(db: Kysely<Database>, filter: PaymentFilter, limit: number): Promise<PaymentRow[]> {
  return filtered(db, filter).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function findPayment(db: Kysely<Database>, scope: { merchantId: bigint; providerId: bigint }, publicId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('public_id', '=', publicId)
    .where('merchant_id', '=', scope.merchantId)
    .where('provider_id', '=', scope.providerId)
    .executeTakeFirst();
}
