// The payment a public merchant API call names: the publishable merchant_id and the transaction token.
// A token of another merchant is as unknown as a made-up one (404 payment_not_found), so a token alone
// reveals nothing across merchants.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import type { PaymentRow } from '../db/tables/payments.ts';
import { merchantByPublicId, type MerchantContext } from '../merchants/merchant-context.ts';

export async function merchantPayment(db: Kysely<Database>, merchantId: string, token: string): Promise<{ merchant: MerchantContext; payment: PaymentRow }> {
  const { context } = await merchantByPublicId(db, merchantId);
  const payment = await db.selectFrom('payments').selectAll().where('public_id', '=', token).where('merchant_id', '=', context.id).executeTakeFirst();
  if (!payment) throw apiError('payment_not_found');
  return { merchant: context, payment };
}
