// Spec §3 user_info carries wallets (each with currency) and account_values; they come from the
// ledger like every balance, so /users/me and getUserBalances can never disagree. A value whose
// price is unavailable is left out rather than shown as zero.

import type { FastifyInstance } from 'fastify';
import { isAccountFiat } from '#core/assets.ts';
import type { UserInfo } from '#core/contract/users.ts';
import type { RequestSession } from '../identity/authenticate.ts';
import { loadUserInfo } from '../identity/user-info.ts';
import { merchantOfUser } from '../webhooks/endpoint.ts';
import { accountValues, merchantBalanceAccounts, memberWalletAccounts } from './balances.ts';
import { midPrices } from './member-context.ts';

async function withMoney(app: FastifyInstance, session: RequestSession, info: UserInfo): Promise<UserInfo> {
  const currency = isAccountFiat(info.currency) ? info.currency : 'EUR';
  const accounts = await memberWalletAccounts(app.db, { providerId: session.providerId, userId: session.userId, currency });
  // A merchant's balances count in its account value, as getUserBalances counts them.
  const merchantAccounts = await merchantBalanceAccounts(app.db, session.providerId, await merchantOfUser(app.db, session.userId, session.providerId));
  const values = await accountValues([...accounts, ...merchantAccounts], midPrices(app, session.providerId));
  const known = Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== null));
  return { ...info, wallets: accounts.map((account) => ({ currency: account.asset })), account_values: known };
}

/** The signed-in user's user_info with its wallets and account values: what users/me, currentUser and users/edit answer. */
export async function userInfoWithMoney(app: FastifyInstance, session: RequestSession): Promise<UserInfo> {
  return withMoney(app, session, await loadUserInfo(app.db, session));
}
