// The console's view of a provider's merchants: the paged list (searched by name, merchant id or e-mail)
// and one merchant with its contact, fee, settlement policy, payments, keys and merchant API limit. Every
// query is limited to the operator's own provider: another provider's merchant id is simply not found.

import { sql } from 'kysely';
import type { MerchantDetail, MerchantList, MerchantSummary } from '#core/contract/admin-merchants.ts';
import { formatMinor } from '#core/money.ts';
import { effectiveFeeBps } from '#core/payments/merchant-fee.ts';
import { DEFAULT_MERCHANT_RATE_PER_SECOND, effectiveRatePerSecond } from '#core/merchant-rate-limit.ts';
import type { Db } from '../db/db.ts';
import { containing } from '../db/like-pattern.ts';
import { listApiKeys } from '../merchants/api-keys.ts';

/** How many of the newest payments the detail shows (the merchant's own back office has them all). */
const RECENT_PAYMENTS = 5;

function summaries(db: Db, providerId: bigint) {
  return db
    .selectFrom('merchants')
    .innerJoin('users', 'users.id', 'merchants.user_id')
    .innerJoin('providers', 'providers.id', 'users.provider_id')
    .leftJoin('merchant_settlement_settings as settings', 'settings.merchant_id', 'merchants.id')
    .where('users.provider_id', '=', providerId);
}

const SUMMARY_COLUMNS = [
  'merchants.id',
  'merchants.merchant_id',
  'merchants.name',
  'merchants.fee_bps',
  'merchants.created_at',
  'users.email',
  'providers.merchant_fee_bps',
  'settings.policy',
] as const;

type SummaryRow = { id: bigint; merchant_id: string; name: string; fee_bps: number | null; created_at: Date; email: string; merchant_fee_bps: number; policy: 'keep' | 'convert' | null; active_keys: string | number | bigint };

function summaryOf(row: SummaryRow): MerchantSummary {
  return {
    merchant_id: row.merchant_id,
    name: row.name,
    email: row.email,
    fee_bps: row.fee_bps,
    effective_fee_bps: effectiveFeeBps(row.merchant_fee_bps, row.fee_bps),
    // No settings row yet: the defaults of server/settlements/settings.ts (keep each coin).
    policy: row.policy ?? 'keep',
    active_keys: Number(row.active_keys),
    created_at: row.created_at.toISOString(),
  };
}

/** Live keys: not revoked and not past a roll's expiry. */
const activeKeys = sql<string>`(SELECT count(*) FROM merchant_api_keys k WHERE k.merchant_id = merchants.id AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now()))`;

export async function listMerchants(db: Db, providerId: bigint, query: { q?: string | undefined; page: number; per_page: number }): Promise<MerchantList> {
  let base = summaries(db, providerId);
  if (query.q) {
    const pattern = containing(query.q);
    base = base.where((eb) => eb.or([eb('merchants.name', 'ilike', pattern), eb('merchants.merchant_id', 'ilike', pattern), eb('users.email', 'ilike', pattern)]));
  }
  const [rows, total] = await Promise.all([
    base
      .select([...SUMMARY_COLUMNS, activeKeys.as('active_keys')])
      .orderBy('merchants.created_at', 'desc')
      .orderBy('merchants.id', 'desc')
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { merchants: rows.map(summaryOf), page: query.page, per_page: query.per_page, total: Number(total.count) };
}

/** One merchant of the provider, or null; `defaultRatePerSecond` is the platform's merchant API limit per key. */
export async function merchantDetail(db: Db, providerId: bigint, merchantId: string, defaultRatePerSecond = DEFAULT_MERCHANT_RATE_PER_SECOND, now = new Date()): Promise<MerchantDetail | null> {
  const row = await summaries(db, providerId)
    .select([
      ...SUMMARY_COLUMNS,
      activeKeys.as('active_keys'),
      'users.first_name',
      'users.last_name',
      'users.mobile',
      'users.client_id',
      'settings.fiat_currency',
      'settings.schedule',
      'merchants.api_rate_limit_per_second',
    ])
    .where('merchants.merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) return null;
  const [counts, recent, keys] = await Promise.all([
    db
      .selectFrom('payments')
      .select((eb) => [eb.fn.countAll<string>().as('all'), eb.fn.count<string>('settled_at').as('settled')])
      .where('merchant_id', '=', row.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payments')
      .select(['public_id', 'status', 'fiat_amount_minor', 'fiat_currency', 'fee_bps', 'created_at'])
      .where('merchant_id', '=', row.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RECENT_PAYMENTS)
      .execute(),
    listApiKeys(db, row.id, now),
  ]);
  return {
    ...summaryOf(row),
    first_name: row.first_name,
    last_name: row.last_name,
    mobile: row.mobile,
    client_id: String(row.client_id),
    provider_fee_bps: row.merchant_fee_bps,
    fiat_currency: row.fiat_currency ?? 'EUR',
    schedule: row.schedule ?? 'off',
    payments: Number(counts.all),
    settled_payments: Number(counts.settled),
    recent_payments: recent.map((payment) => ({
      transaction_token: payment.public_id,
      status: payment.status,
      fiat_amount: formatMinor(payment.fiat_amount_minor, payment.fiat_currency),
      fiat_currency: payment.fiat_currency,
      fee_bps: payment.fee_bps,
      created_at: payment.created_at.toISOString(),
    })),
    keys,
    api_rate_limit_per_second: row.api_rate_limit_per_second,
    effective_api_rate_limit_per_second: effectiveRatePerSecond(defaultRatePerSecond, row.api_rate_limit_per_second),
  };
}

/** merchants.id of the provider's merchant with this publishable id, or null. */
export async function merchantDbId(db: Db, providerId: bigint, merchantId: string): Promise<bigint | null> {
  const row = await db
    .selectFrom('merchants')
    .innerJoin('users', 'users.id', 'merchants.user_id')
    .select('merchants.id')
    .where('merchants.merchant_id', '=', merchantId)
    .where('users.provider_id', '=', providerId)
    .executeTakeFirst();
  return row?.id ?? null;
}
