// Who the back office is reporting for: the signed-in user's merchant on the session's provider, or
// 403 forbidden for a member without a merchant account.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAccountFiat, type AccountFiat } from '#core/assets.ts';
import { apiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { merchantOfUser } from '../webhooks/endpoint.ts';

export interface MerchantScope {
  merchantId: bigint;
  providerId: bigint;
  /** The merchant user's account fiat: the currency the volume chart leads with. */
  currency: AccountFiat;
}

export async function merchantScopeOf(app: FastifyInstance, request: FastifyRequest): Promise<MerchantScope> {
  const session = sessionOf(request);
  const merchantId = await merchantOfUser(app.db, session.userId, session.providerId);
  if (merchantId === null) throw apiError('forbidden', 'Payments belong to merchant accounts. Sign in with your merchant account.');
  const user = await app.db.selectFrom('users').select('currency').where('id', '=', session.userId).executeTakeFirstOrThrow();
  return { merchantId, providerId: session.providerId, currency: isAccountFiat(user.currency) ? user.currency : 'EUR' };
}
