// The payment a public merchant API call names: the publishable merchant_id and the transaction token.
// A token of another merchant is as unknown as a made-up one (404 payment_not_found), so a token alone
// reveals nothing across merchants. One indexed query (the token's unique index, then the merchant by its
// key) answers the payment with its merchant; only a miss asks again, to tell an unknown merchant
// (merchant_not_recognized) from an unknown payment.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import type { PaymentRow } from '../db/tables/payments.ts';
import { contextOf, merchantByPublicId, type MerchantContext } from '../merchants/merchant-context.ts';
import { STATUS_COLUMNS, type PaymentStatusFields } from './status-answer.ts';

/** 404 merchant_not_recognized for an unknown merchant; otherwise the payment is not this merchant's. */
async function notFound(db: Kysely<Database>, merchantId: string): Promise<never> {
  await merchantByPublicId(db, merchantId);
  throw apiError('payment_not_found');
}

/** Only what the status answer reads, in one indexed query (the status call is the one polled). */
export async function paymentStatus(db: Kysely<Database>, merchantId: string, token: string): Promise<PaymentStatusFields> {
  const row = await db
    .selectFrom('payments')
    .innerJoin('merchants', 'merchants.id', 'payments.merchant_id')
    .select(STATUS_COLUMNS.map((column) => `payments.${column}` as const))
    .where('payments.public_id', '=', token)
    .where('merchants.merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row ?? notFound(db, merchantId);
}

export async function merchantPayment(db: Kysely<Database>, merchantId: string, token: string): Promise<{ merchant: MerchantContext; payment: PaymentRow }> {
  const row = await db
    .selectFrom('payments')
    .innerJoin('merchants', 'merchants.id', 'payments.merchant_id')
    .innerJoin('users', 'users.id', 'merchants.user_id')
    .selectAll('payments')
    .select(['merchants.merchant_id as m_merchant_id', 'merchants.user_id as m_user_id', 'merchants.name as m_name', 'merchants.widget_settings as m_widget_settings', 'users.provider_id as m_provider_id'])
    .where('payments.public_id', '=', token)
    .where('merchants.merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) return notFound(db, merchantId);
  const { m_merchant_id, m_user_id, m_name, m_widget_settings, m_provider_id, ...payment } = row;
  const merchant = contextOf({ id: payment.merchant_id, merchant_id: m_merchant_id, user_id: m_user_id, name: m_name, widget_settings: m_widget_settings, provider_id: m_provider_id });
  return { merchant, payment };
}
