// Who a merchant API call is from.
//   requireSecretKey (preHandler)  server-to-server calls: `Authorization: Bearer sk_...`. The key is
//                                  looked up by its SHA-256 (the only form we store), so there is nothing
//                                  to compare in variable time and no key is ever logged or kept.
//   merchantByPublicId             browser-facing reads: the publishable merchant_id only.
// An unknown merchant_id is 404 merchant_not_recognized ('Merchant not recognized!', spec §5).

import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { widgetSettingsAnswer } from '#core/payments/widget-settings.ts';
import type { Database, WidgetSettings } from '../db/schema.ts';
import { hashSecretKey } from '../auth/secret-key.ts';
import { apiError } from '../http/api-error.ts';

export interface MerchantContext {
  /** merchants.id: the ledger owner and the key space of Idempotency-Key. */
  id: bigint;
  merchantId: string;
  userId: bigint;
  providerId: bigint;
  name: string;
  /** The merchant's widget_return_url: where a buyer returns from a payment that names none of its own. */
  returnUrl: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireSecretKey: the merchant whose secret key authenticated this request. */
    merchantAuth: MerchantContext | null;
  }
}

const SECRET_KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9_-]{20,100}$/;

function merchantQuery(db: Kysely<Database>) {
  return db
    .selectFrom('merchants')
    .innerJoin('users', 'users.id', 'merchants.user_id')
    .select(['merchants.id', 'merchants.merchant_id', 'merchants.user_id', 'merchants.name', 'merchants.widget_settings', 'users.provider_id']);
}

type MerchantJoinRow = { id: bigint; merchant_id: string; user_id: bigint; name: string; provider_id: bigint; widget_settings: WidgetSettings };

function contextOf(row: MerchantJoinRow): MerchantContext {
  const returnUrl = widgetSettingsAnswer(row.widget_settings).widget_return_url;
  return { id: row.id, merchantId: row.merchant_id, userId: row.user_id, providerId: row.provider_id, name: row.name, returnUrl };
}

/** The merchant with this publishable id, with its widget settings; 404 merchant_not_recognized if none. */
export async function merchantByPublicId(db: Kysely<Database>, merchantId: string) {
  const row = await merchantQuery(db).where('merchants.merchant_id', '=', merchantId).executeTakeFirst();
  if (!row) throw apiError('merchant_not_recognized');
  return { context: contextOf(row), widgetSettings: row.widget_settings };
}

function bearerKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export const requireSecretKey: preHandlerAsyncHookHandler = async function (request) {
  const key = bearerKey(request);
  if (key === null || !SECRET_KEY_PATTERN.test(key)) throw apiError('invalid_api_key');
  // Only a live key: a revoked one is refused on the very next request.
  const row = await merchantQuery(request.server.db)
    .innerJoin('merchant_api_keys', 'merchant_api_keys.merchant_id', 'merchants.id')
    .where('merchant_api_keys.key_hash', '=', hashSecretKey(key))
    .where('merchant_api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw apiError('invalid_api_key');
  request.merchantAuth = contextOf(row);
};

/**
 * The authenticated merchant, checked against the merchant_id the body names: an unknown id is
 * 404 merchant_not_recognized; a key of another merchant is 401 (a key works for its own merchant only).
 */
export async function authenticatedMerchant(request: FastifyRequest, merchantId: string): Promise<MerchantContext> {
  const auth = request.merchantAuth;
  if (!auth) throw new Error('authenticatedMerchant: the route has no requireSecretKey preHandler');
  if (auth.merchantId !== merchantId) {
    await merchantByPublicId(request.server.db, merchantId);
    throw apiError('invalid_api_key', `This secret key does not belong to merchant ${merchantId}. Use that merchant's own key.`);
  }
  return auth;
}
