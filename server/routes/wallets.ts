// The member's wallets (core/contract/wallets.ts): balances valued in their fiat and in BTC, adding
// a wallet (one coin, or every coin at once: multichain), and a wallet's balance over time for its chart.

import type { FastifyInstance } from 'fastify';
import { ACCOUNT_FIAT, CRYPTO, isCrypto, isFiat, type Asset } from '#core/assets.ts';
import { coinsOn } from '#core/chain/coin-availability.ts';
import { createWallet, getUserBalances, getWalletBalanceActivity } from '#core/contract/wallets.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';
import { requireCoinOn } from '../http/require-coin-on.ts';
import { balanceHistory } from '../money/balance-history.ts';
import { memberBalances, walletBalance } from '../money/balances.ts';
import { memberKeyOf, midPrices, walletAddresses } from '../money/member-context.ts';
import { existingWalletAccount, walletAccount } from '../money/wallet-accounts.ts';
import { merchantOfUser } from '../webhooks/endpoint.ts';

export async function walletsRoutes(app: FastifyInstance): Promise<void> {
  // Balances are personal: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, getUserBalances, async ({ request }) => {
    const member = await memberKeyOf(app, request);
    const merchantId = await merchantOfUser(app.db, member.userId, member.providerId);
    return memberBalances(app.db, member, midPrices(app, member.providerId), walletAddresses(app, member), merchantId);
  });

  route(app, createWallet, async ({ body, request }) => {
    const member = await memberKeyOf(app, request);
    let assets: readonly Asset[];
    if ('multichain' in body) {
      // Every coin this server can receive: a coin whose chain is off gets no wallet (and no address) here.
      assets = coinsOn(CRYPTO, app.chain.assets);
    } else {
      // A wallet is asked for to deposit into it: refused for a coin whose chain is off, before anything is made.
      if (isCrypto(body.symbol)) requireCoinOn(app.chain, body.symbol, 'symbol');
      // Members hold the account fiats (spec §3: no CHF wallet) and the coins.
      if (isFiat(body.symbol) && !(ACCOUNT_FIAT as readonly string[]).includes(body.symbol)) {
        throw apiError('currency_not_supported', `A ${body.symbol} wallet is not available. Choose one of: ${ACCOUNT_FIAT.join(', ')}.`);
      }
      assets = [body.symbol];
    }
    const prices = midPrices(app, member.providerId);
    const addresses = walletAddresses(app, member);
    const wallets = [];
    for (const asset of assets) {
      const account = await walletAccount(app.db, { providerId: member.providerId, userId: member.userId, asset });
      // The deposit address is made with the wallet, so the wallet page can show it at once.
      if (isCrypto(asset)) await addresses(asset);
      wallets.push(await walletBalance(account, member, prices, addresses));
    }
    return { wallets };
  });

  route(app, getWalletBalanceActivity, async ({ query, request }) => {
    const member = await memberKeyOf(app, request);
    const account = await existingWalletAccount(app.db, { providerId: member.providerId, userId: member.userId, asset: query.currency });
    if (!account) throw apiError('wallet_not_found');
    return { currency: query.currency, range: query.range, points: await balanceHistory(app.db, account, query.range) };
  });
}
