// GET /v1/admin/chains (core/contract/admin-chains.ts): the console's Chains page, read only, for the
// roles CHAINS_ROLES lists (route() applies the operator guard). Every watcher's status comes from
// memory (app.chain.statuses(): the leader's watchers, or on another process the leader's snapshot it
// holds, server/chain/chain-status-board.ts), so whichever process answers shows the same, and a page
// asking every 5 seconds costs no chain call; the hot wallets come from the payouts side (option
// hotWallets: app.chain.payouts.hotWalletBalances(), one balance read per node wallet or signer); none
// on the built-in test network.

import type { FastifyInstance } from 'fastify';
import { adminChains } from '#core/contract/admin-chains.ts';
import { route } from '../contract/route.ts';
import { chainStatusAnswer, hotWalletAnswer, type HotWalletBalance } from './chain-status-answer.ts';

export interface AdminChainsOptions {
  /** The hot wallets' balances (payouts: hotWalletBalances()); none while payouts go through the test network. */
  hotWallets?: () => Promise<HotWalletBalance[]>;
}

export async function adminChainRoutes(app: FastifyInstance, options: AdminChainsOptions): Promise<void> {
  const hotWallets = options.hotWallets ?? (async () => []);
  // A node's URL and the wallets' balances: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, adminChains, async () => ({
    chains: app.chain.statuses().map(chainStatusAnswer),
    hot_wallets: (await hotWallets()).map(hotWalletAnswer),
  }));
}
