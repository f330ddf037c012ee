// A watcher's status (server/chain/chain-watcher.ts) as the API answers it (core/contract/admin-chains.ts):
// the same facts in snake_case. The node URL arrives already masked by its watcher; it is masked again
// here (maskNodeUrl, chain-config.ts), so a watcher that forgot cannot put a password on the console or
// /healthz.

import type { ChainStatus, HotWallet } from '#core/contract/admin-chains.ts';
import type { CryptoAsset } from '#core/assets.ts';
import { formatMinor } from '#core/money.ts';
import { maskNodeUrl } from '../chain/chain-config.ts';
import type { ChainWatcherStatus } from '../chain/chain-watcher.ts';

/** What the payouts side reports per hot wallet (server/chain/payouts: hotWalletBalances()). */
export interface HotWalletBalance {
  asset: CryptoAsset;
  /** Null when the node cannot be read: the console says so in words (error), never a 0. */
  balanceMinor: bigint | null;
  address: string | null;
  /** Payouts accepted, not yet sent to the node (the payouts side's pendingMinor). */
  pendingMinor: bigint;
  error: string | null;
}

export function chainStatusAnswer(status: ChainWatcherStatus): ChainStatus {
  return {
    family: status.family,
    assets: [...status.assets],
    backend: status.backend,
    network: status.network,
    node: status.node === null ? null : maskNodeUrl(status.node),
    reachable: status.reachable,
    node_height: status.nodeHeight,
    height: status.height,
    lag_blocks: status.lagBlocks,
    last_round_at: status.lastRoundAt,
    last_error: status.lastError === null ? null : { message: status.lastError.message, at: status.lastError.at },
    retry_in_ms: status.retryInMs,
  };
}

export function hotWalletAnswer(wallet: HotWalletBalance): HotWallet {
  return {
    asset: wallet.asset,
    balance: wallet.balanceMinor === null ? null : formatMinor(wallet.balanceMinor, wallet.asset),
    pending: formatMinor(wallet.pendingMinor, wallet.asset),
    address: wallet.address,
    error: wallet.balanceMinor === null ? (wallet.error ?? 'The node did not answer.') : null,
  };
}
