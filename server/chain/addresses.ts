// Handing out receiving addresses. Each one is derived at a fresh index of its chain family's counter
// (a database sequence: an index is never handed out twice, even when the caller's transaction rolls
// back) and stored, so the watcher can tell our addresses from everyone else's.
//   - allocateAddress: a new address every call (merchant payments get one each).
//   - recordReservedAddress: the same, for an address the reserve derived ahead of time (address-reserve.ts).
//   - walletAddressFor: a member's wallet has ONE deposit address per asset: the first call allocates
//     it, every later call answers the same one.

import { sql } from 'kysely';
import { isCrypto, type Asset, type CryptoAsset } from '#core/assets.ts';
import { FAMILY_OF, type ChainFamily, type NetworkKind } from '#core/chain/networks.ts';
import type { Db } from '../db/db.ts';
import { deriveAddress, MAX_ADDRESS_INDEX, testChainKeys, type ChainKeys } from './hd-keys.ts';
import type { AddressPurpose } from '../db/tables/chain.ts';

// One process runs one mode, so the keys are the process's: test keys unless the chain plugin
// installed live ones. Live keys are read on first use, so building a live app (tests do) needs no
// xpubs until an address is actually handed out.
let keySource: () => ChainKeys = testChainKeys;
let activeKeys: ChainKeys | undefined;

export function chainKeys(): ChainKeys {
  return (activeKeys ??= keySource());
}

/** Set at start by the chain plugin. */
export function useChainKeys(source: () => ChainKeys): void {
  keySource = source;
  activeKeys = undefined;
}

export interface AllocateAddressInput {
  providerId: bigint;
  asset: CryptoAsset;
  purpose: AddressPurpose;
  /** Who the money is for: walletOwnerRef(userId) for wallets, the payment id for payments. */
  ownerRef: string;
}

export interface AllocatedAddress {
  id: bigint;
  address: string;
  /** Destination tag or memo; none of our chains uses one. */
  tag: null;
}

export function walletOwnerRef(userId: bigint): string {
  return `user:${userId}`;
}

/** The user id in a wallet address's owner_ref; null for anything else. */
export function userIdOfOwnerRef(ownerRef: string): bigint | null {
  const match = /^user:(\d{1,19})$/.exec(ownerRef);
  return match ? BigInt(match[1]!) : null;
}

async function nextIndex(db: Db, asset: CryptoAsset): Promise<number> {
  const family = FAMILY_OF[asset];
  const { rows } = await sql<{ index: bigint }>`select nextval(${`chain_index_${family}`}::regclass) as index`.execute(db);
  const index = Number(rows[0]!.index);
  // 2^31 addresses per family; running out needs a new account key, which is an operator's decision.
  if (index > MAX_ADDRESS_INDEX) throw new Error(`allocateAddress: the ${family} account has used all ${MAX_ADDRESS_INDEX + 1} indexes`);
  return index;
}

/** A fresh address, never handed out before. */
export async function allocateAddress(db: Db, input: AllocateAddressInput): Promise<AllocatedAddress> {
  const keys = chainKeys();
  const index = await nextIndex(db, input.asset);
  const row = await db
    .insertInto('chain_addresses')
    .values({
      provider_id: input.providerId,
      asset: input.asset,
      family: FAMILY_OF[input.asset],
      network: keys.network,
      derivation_index: BigInt(index),
      address: deriveAddress(keys, FAMILY_OF[input.asset], index),
      purpose: input.purpose,
      owner_ref: input.ownerRef,
    })
    .returning(['id', 'address'])
    .executeTakeFirstOrThrow();
  return { id: row.id, address: row.address, tag: null };
}

/** An address the reserve (address-reserve.ts) derived ahead of time, at its index of the family's sequence. */
export interface ReservedAddress {
  family: ChainFamily;
  network: NetworkKind;
  index: number;
  address: string;
}

/** Records an address taken from the reserve (its index already drawn from the sequence) for `input`. */
export async function recordReservedAddress(db: Db, input: AllocateAddressInput, reserved: ReservedAddress): Promise<AllocatedAddress> {
  if (reserved.family !== FAMILY_OF[input.asset]) throw new Error(`recordReservedAddress: a ${reserved.family} address cannot receive ${input.asset}`);
  const row = await db
    .insertInto('chain_addresses')
    .values({
      provider_id: input.providerId,
      asset: input.asset,
      family: reserved.family,
      network: reserved.network,
      derivation_index: BigInt(reserved.index),
      address: reserved.address,
      purpose: input.purpose,
      owner_ref: input.ownerRef,
    })
    .returning(['id', 'address'])
    .executeTakeFirstOrThrow();
  return { id: row.id, address: row.address, tag: null };
}

export interface WalletAddressInput {
  providerId: bigint;
  userId: bigint;
  asset: CryptoAsset;
}

async function findWalletAddress(db: Db, input: WalletAddressInput): Promise<AllocatedAddress | null> {
  const row = await db
    .selectFrom('chain_addresses')
    .select(['id', 'address'])
    .where('provider_id', '=', input.providerId)
    .where('asset', '=', input.asset)
    .where('owner_ref', '=', walletOwnerRef(input.userId))
    .where('purpose', '=', 'wallet')
    .executeTakeFirst();
  return row ? { id: row.id, address: row.address, tag: null } : null;
}

/**
 * The member's deposit address for `asset`: allocated on the first call, the same one ever after.
 * A fiat wallet has no chain address: null (fiat arrives by card or wire instead).
 */
export async function walletAddressFor(db: Db, input: { providerId: bigint; userId: bigint; asset: Asset }): Promise<string | null> {
  const { asset } = input;
  if (!isCrypto(asset)) return null;
  return (await walletAddressRecord(db, { ...input, asset })).address;
}

/** walletAddressFor with the row id and tag, for the chain layer and its tests. */
export async function walletAddressRecord(db: Db, input: WalletAddressInput): Promise<AllocatedAddress> {
  const existing = await findWalletAddress(db, input);
  if (existing) return existing;
  const keys = chainKeys();
  const family = FAMILY_OF[input.asset];
  const index = await nextIndex(db, input.asset);
  // Two first calls at once: one insert wins, the other finds the winner (its index stays unused).
  const inserted = await db
    .insertInto('chain_addresses')
    .values({
      provider_id: input.providerId,
      asset: input.asset,
      family,
      network: keys.network,
      derivation_index: BigInt(index),
      address: deriveAddress(keys, family, index),
      purpose: 'wallet',
      owner_ref: walletOwnerRef(input.userId),
    })
    .onConflict((oc) => oc.columns(['provider_id', 'asset', 'owner_ref']).where('purpose', '=', 'wallet').doNothing())
    .returning(['id', 'address'])
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, address: inserted.address, tag: null };
  const winner = await findWalletAddress(db, input);
  if (!winner) throw new Error('walletAddressFor: the concurrent insert that won is not visible');
  return winner;
}
