// The console's Chains page (/sys-admin/chains): what each chain watcher sees, for the operators who
// answer for payments arriving and leaving (admin, finance, support; read only). A watcher's status
// (server/chain/chain-watcher.ts) in the API's snake_case, and the hot wallets payouts are sent from.
// /healthz (platform.ts) answers the same chain list to an operator's session, never to the public.

import * as v from 'valibot';
import { CHAIN_FAMILIES, NETWORK_KINDS } from '../chain/networks.ts';
import { endpoint } from './endpoint.ts';
import { CryptoSchema, Decimal, IsoTime } from './fields.ts';

/** Who may read the chains: the roles that deal with payments and members' questions about them. */
export const CHAINS_ROLES = ['admin', 'finance', 'support'] as const;

export const CHAIN_BACKENDS = ['test-network', 'bitcoin-rpc', 'evm-rpc'] as const;

export const ChainStatusSchema = v.object({
  family: v.picklist(CHAIN_FAMILIES),
  assets: v.array(CryptoSchema),
  backend: v.picklist(CHAIN_BACKENDS),
  network: v.picklist(NETWORK_KINDS),
  /** The node's URL with its password masked; null for the built-in test network. */
  node: v.nullable(v.string()),
  reachable: v.boolean(),
  /** The node's tip. */
  node_height: v.nullable(v.number()),
  /** The last block the watcher finished. */
  height: v.nullable(v.number()),
  lag_blocks: v.nullable(v.number()),
  last_round_at: v.nullable(IsoTime),
  last_error: v.nullable(v.object({ message: v.string(), at: IsoTime })),
  /** Set while the watcher backs off after an error: when it tries the node again. */
  retry_in_ms: v.nullable(v.number()),
});
export type ChainStatus = v.InferOutput<typeof ChainStatusSchema>;

export const HotWalletSchema = v.object({
  asset: CryptoSchema,
  /** What the wallet holds, in the asset's 8 decimals; null when its node cannot be read (see error). */
  balance: v.nullable(Decimal),
  /** Payouts accepted and not yet sent to the node: still in the balance, no longer free for a new payout. */
  pending: Decimal,
  /** Why the balance cannot be read (the node's answer, no password); null when it was read. */
  error: v.nullable(v.string()),
  /** Where to top it up; null when the node's wallet hands out a fresh address each time. */
  address: v.nullable(v.string()),
});
export type HotWallet = v.InferOutput<typeof HotWalletSchema>;

export const AdminChainsSchema = v.object({
  chains: v.array(ChainStatusSchema),
  /** Empty while payouts go through the test network (no node wallet or signer key is configured). */
  hot_wallets: v.array(HotWalletSchema),
});
export type AdminChains = v.InferOutput<typeof AdminChainsSchema>;

const EXAMPLE: AdminChains = {
  chains: [
    {
      family: 'litecoin',
      assets: ['LTC'],
      backend: 'bitcoin-rpc',
      network: 'regtest',
      node: 'http://u:***@127.0.0.1:19443',
      reachable: true,
      node_height: 212,
      height: 212,
      lag_blocks: 0,
      last_round_at: '2026-11-24T12:00:05.000Z',
      last_error: { message: 'connect ECONNREFUSED 127.0.0.1:19443', at: '2026-11-24T11:58:40.000Z' },
      retry_in_ms: null,
    },
  ],
  hot_wallets: [{ asset: 'LTC', balance: '12.50000000', pending: '0.25000000', address: 'rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9', error: null }],
};

export const adminChains = endpoint({
  id: 'adminChains.get',
  method: 'GET',
  base: 'main',
  path: 'admin/chains',
  caller: 'operator',
  roles: CHAINS_ROLES,
  answer: AdminChainsSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Each chain watcher\'s backend, node, reachability, heights, lag and last error, and the hot wallets\' balances.',
    description: 'Read from the watchers\' memory, so the console can ask every few seconds. A watcher that lost its node says when it tries again.',
    errors: ['operator_session_required', 'operator_forbidden'],
    example: { answer: EXAMPLE },
  },
});

export const ADMIN_CHAINS_ENDPOINTS = [adminChains] as const;
