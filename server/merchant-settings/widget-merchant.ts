// Who may use payment links and widget settings (spec §6): a signed-in merchant user (a row in
// merchants, on the session's provider) with permissions.widget = 1, on a provider with enable_widget.
// Anyone else gets 403 forbidden with a message saying what is missing.

import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { canUseWidget } from '#core/rules/permission-gates.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { contextOf, merchantQuery, type MerchantContext } from '../merchants/merchant-context.ts';
import { merchantOfUser } from '../webhooks/endpoint.ts';

export async function widgetMerchantOf(db: Kysely<Database>, request: FastifyRequest): Promise<MerchantContext> {
  const session = sessionOf(request);
  const merchantId = await merchantOfUser(db, session.userId, session.providerId);
  if (merchantId === null) throw apiError('forbidden', 'Payment links and widget settings belong to merchant accounts. Sign in with your merchant account.');
  const [provider, user, row] = await Promise.all([
    request.readyProvider(),
    db.selectFrom('users').select('permissions').where('id', '=', session.userId).executeTakeFirstOrThrow(),
    merchantQuery(db).where('merchants.id', '=', merchantId).executeTakeFirstOrThrow(),
  ]);
  if (!canUseWidget(provider.settings.permissions, user.permissions)) {
    throw apiError('forbidden', 'Your account cannot use the payment widget yet. Ask support to turn on the widget for your account.');
  }
  return contextOf(row);
}
