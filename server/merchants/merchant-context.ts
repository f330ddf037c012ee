// A merchant as the payments, the merchant API and the back office see it, looked up by its
// publishable merchant_id (browser-facing calls) or joined by the secret-key guard. An unknown
// merchant_id is 404 merchant_not_recognized ('Merchant not recognized!', spec §5).

import type { Kysely } from 'kysely';
import { widgetSettingsAnswer } from '#core/payments/widget-settings.ts';
import type { Database, WidgetSettings } from '../db/schema.ts';
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

export function merchantQuery(db: Kysely<Database>) {
  return db
    .selectFrom('merchants')
    .innerJoin('users', 'users.id', 'merchants.user_id')
    .select(['merchants.id', 'merchants.merchant_id', 'merchants.user_id', 'merchants.name', 'merchants.widget_settings', 'users.provider_id']);
}

type MerchantJoinRow = { id: bigint; merchant_id: string; user_id: bigint; name: string; provider_id: bigint; widget_settings: WidgetSettings };

export function contextOf(row: MerchantJoinRow): MerchantContext {
  const returnUrl = widgetSettingsAnswer(row.widget_settings).widget_return_url;
  return { id: row.id, merchantId: row.merchant_id, userId: row.user_id, providerId: row.provider_id, name: row.name, returnUrl };
}

/** The merchant with this publishable id, with its widget settings; 404 merchant_not_recognized if none. */
export async function merchantByPublicId(db: Kysely<Database>, merchantId: string) {
  const row = await merchantQuery(db).where('merchants.merchant_id', '=', merchantId).executeTakeFirst();
  if (!row) throw apiError('merchant_not_recognized');
  return { context: contextOf(row), widgetSettings: row.widget_settings };
}
