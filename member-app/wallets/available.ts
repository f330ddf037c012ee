// What a money form can spend, read from the balances answer (GET /users/getUserBalances).
import type { Asset } from '#core/assets.ts';
import type { BalancesAnswer, WalletBalance } from '#core/contract/wallets.ts';
import { parseAmount } from '#core/money.ts';

export function walletOf(balances: BalancesAnswer | null, asset: Asset): WalletBalance | undefined {
  return balances?.wallets.find((wallet) => wallet.currency === asset);
}

/** What can be spent now in `asset`, in minor units; no wallet means nothing to spend. */
export function availableMinor(balances: BalancesAnswer | null, asset: Asset): bigint | undefined {
  if (!balances) return undefined;
  const wallet = walletOf(balances, asset);
  if (!wallet) return 0n;
  const parsed = parseAmount(wallet.available, asset);
  return parsed.ok ? parsed.minor : 0n;
}
