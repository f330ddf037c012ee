// Ledger accounts: one per (provider, owner, asset, kind), created on first use and never deleted.
// Their four sums are changed only by createTransfers, in the transaction that writes the transfers.

import type { Selectable } from 'kysely';
import type { Asset } from '#core/assets.ts';
import type { LedgerAccountsTable } from '../db/tables/ledger.ts';
import type { Db, LedgerAccount, LedgerAccountKey, LedgerOwner } from './types.ts';

type AccountRow = Selectable<LedgerAccountsTable>;

/** The account for this key, created if missing. Safe to call concurrently: both callers get the one row. */
export async function ensureAccount(db: Db, key: LedgerAccountKey): Promise<LedgerAccount> {
  const { ownerType, ownerId } = ownerColumns(key.owner);
  // ON CONFLICT without a target covers both partial unique indexes (owned and house keys).
  const inserted = await db
    .insertInto('ledger_accounts')
    .values({
      provider_id: key.providerId,
      owner_type: ownerType,
      owner_id: ownerId,
      asset: key.asset,
      kind: key.kind,
      debits_must_not_exceed_credits: key.kind !== 'world',
    })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return toAccount(inserted);
  const found = await findAccount(db, key);
  if (!found) throw new Error(`ensureAccount: the insert conflicted but no account matches ${describeKey(key)}`);
  return found;
}

export async function findAccount(db: Db, key: LedgerAccountKey): Promise<LedgerAccount | null> {
  const { ownerType, ownerId } = ownerColumns(key.owner);
  let query = db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('provider_id', '=', key.providerId)
    .where('owner_type', '=', ownerType)
    .where('asset', '=', key.asset)
    .where('kind', '=', key.kind);
  query = ownerId === null ? query.where('owner_id', 'is', null) : query.where('owner_id', '=', ownerId);
  const row = await query.executeTakeFirst();
  return row ? toAccount(row) : null;
}

/** Accounts by id (any order); missing ids are simply absent. */
export async function accountsById(db: Db, ids: readonly bigint[]): Promise<LedgerAccount[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('ledger_accounts').selectAll().where('id', 'in', [...ids]).execute();
  return rows.map(toAccount);
}

/** Every account an owner holds with a provider, e.g. all of a member's wallets. */
export async function accountsOfOwner(db: Db, providerId: bigint, owner: LedgerOwner): Promise<LedgerAccount[]> {
  const { ownerType, ownerId } = ownerColumns(owner);
  let query = db.selectFrom('ledger_accounts').selectAll().where('provider_id', '=', providerId).where('owner_type', '=', ownerType);
  query = ownerId === null ? query.where('owner_id', 'is', null) : query.where('owner_id', '=', ownerId);
  const rows = await query.orderBy('id').execute();
  return rows.map(toAccount);
}

/**
 * What an account holds, from its normal side. Credit-normal accounts (everything but 'world'):
 * balance = credits posted - debits posted; available = balance - debits pending (reserved for
 * withdrawals and holds); pendingIn = credits pending (reserved towards it, not yet spendable).
 * A 'world' account is debit-normal (the outside world's side of money that came in) and may be negative.
 */
export function balanceOf(a: LedgerAccount): { balance: bigint; available: bigint; pendingIn: bigint } {
  if (a.kind === 'world') {
    const balance = a.debitsPosted - a.creditsPosted;
    return { balance, available: balance - a.creditsPending, pendingIn: a.debitsPending };
  }
  const balance = a.creditsPosted - a.debitsPosted;
  return { balance, available: balance - a.debitsPending, pendingIn: a.creditsPending };
}

export function ownerColumns(owner: LedgerOwner): { ownerType: LedgerOwner['type']; ownerId: bigint | null } {
  switch (owner.type) {
    case 'user':
      return { ownerType: 'user', ownerId: owner.userId };
    case 'merchant':
      return { ownerType: 'merchant', ownerId: owner.merchantId };
    case 'house':
      return { ownerType: 'house', ownerId: null };
  }
}

export function toAccount(row: AccountRow): LedgerAccount {
  return {
    id: row.id,
    providerId: row.provider_id,
    owner: toOwner(row.owner_type, row.owner_id),
    asset: row.asset as Asset,
    kind: row.kind,
    debitsPending: row.debits_pending,
    debitsPosted: row.debits_posted,
    creditsPending: row.credits_pending,
    creditsPosted: row.credits_posted,
  };
}

function toOwner(type: AccountRow['owner_type'], id: bigint | null): LedgerOwner {
  if (type === 'house') return { type: 'house' };
  if (id === null) throw new Error(`ledger account of a ${type} without an owner id`);
  return type === 'user' ? { type: 'user', userId: id } : { type: 'merchant', merchantId: id };
}

function describeKey(key: LedgerAccountKey): string {
  const { ownerType, ownerId } = ownerColumns(key.owner);
  return `provider ${key.providerId} ${ownerType}${ownerId === null ? '' : ` ${ownerId}`} ${key.asset} ${key.kind}`;
}

