// What the money routes need to know about the signed-in member, read once per request: their
// provider, their account fiat, and how to price and address their wallets.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAccountFiat, isCrypto, type Asset } from '#core/assets.ts';
import { apiError } from '../http/api-error.ts';
import { sessionOf } from '../identity/authenticate.ts';
import { walletAddressFor } from '../chain/addresses.ts';
import type { AddressOf, MemberKey, PriceOf } from './balances.ts';

export async function memberKeyOf(app: FastifyInstance, request: FastifyRequest): Promise<MemberKey> {
  const session = sessionOf(request);
  const row = await app.db.selectFrom('users').select('currency').where('id', '=', session.userId).executeTakeFirst();
  if (!row) throw apiError('unauthorized');
  return { providerId: session.providerId, userId: session.userId, currency: isAccountFiat(row.currency) ? row.currency : 'EUR' };
}

/** Market mid prices for valuing balances (not the member's buy or sell price, which carries the spread). */
export function midPrices(app: FastifyInstance, providerId: bigint): PriceOf {
  return async (from: Asset, to: Asset) => {
    // A spread of 0 basis points is the market's mid price.
    const result = await app.rates.rate(providerId, from, to, 0);
    return result.ok ? result.rate : null;
  };
}

/**
 * The member's deposit address per wallet. A coin whose chain is off has none (null, like a fiat wallet):
 * nothing sent there would be seen, so no address is allocated or shown. Its balance is still held,
 * listed and convertible; only deposits and withdrawals need the chain.
 */
export function walletAddresses(app: FastifyInstance, member: MemberKey): AddressOf {
  return async (asset: Asset) => {
    if (isCrypto(asset) && !app.chain.isAvailable(asset)) return null;
    return walletAddressFor(app.db, { providerId: member.providerId, userId: member.userId, asset });
  };
}
