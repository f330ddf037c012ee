// The ledger accounts the money features use, named for what they are: a member's wallet in one
// asset, and the house's liquidity, fee and outside-world accounts of a provider. Every caller goes
// through here, so "which account holds a member's BTC" is decided in exactly one place.

import type { Asset } from '#core/assets.ts';
import { ensureAccount, findAccount, type LedgerAccount, type LedgerAccountKey } from '../ledger/index.ts';
import type { Db } from '../ledger/index.ts';

export interface WalletKey {
  providerId: bigint;
  userId: bigint;
  asset: Asset;
}

/** The ledger key of a member's wallet, for ensureAccounts (several accounts in one read). */
export function walletAccountKey(key: WalletKey): LedgerAccountKey {
  return { providerId: key.providerId, owner: { type: 'user', userId: key.userId }, asset: key.asset, kind: 'wallet' };
}

/** The member's wallet account, created on first use (idempotent). */
export function walletAccount(db: Db, key: WalletKey): Promise<LedgerAccount> {
  return ensureAccount(db, walletAccountKey(key));
}

/** The member's wallet account if the member has added that wallet, else null. */
export function existingWalletAccount(db: Db, key: WalletKey): Promise<LedgerAccount | null> {
  return findAccount(db, { providerId: key.providerId, owner: { type: 'user', userId: key.userId }, asset: key.asset, kind: 'wallet' });
}

export type HouseKind = 'liquidity' | 'fees' | 'world';

/** The ledger key of a house account, for ensureAccounts (several accounts in one read). */
export function houseAccountKey(key: { providerId: bigint; asset: Asset; kind: HouseKind }): LedgerAccountKey {
  return { providerId: key.providerId, owner: { type: 'house' }, asset: key.asset, kind: key.kind };
}

/** A house account of the provider: its inventory, its fee income, or the outside world in that asset. */
export function houseAccount(db: Db, key: { providerId: bigint; asset: Asset; kind: HouseKind }): Promise<LedgerAccount> {
  return ensureAccount(db, houseAccountKey(key));
}
