// Ledger accounts: one per (provider, owner, asset, kind), created on first use and never deleted.
// Their four sums are changed only by createTransfers, in the transaction that writes the transfers.

import type { Selectable } from 'kysely';
import type { Asset } from '#core/assets.ts';
import type { LedgerAccountsTable } from '../db/tables/ledger.ts';
import type { Db, LedgerAccount, LedgerAccountKey, LedgerOwner } from './types.ts';

type AccountRow = Selectable<LedgerAccountsTable>;

/**
 * The account for this key, created if missing. Safe to call concurrently: both callers get the one row.
 * Read first: an account is created once and read on every money movement after that, so the common
 * case is one round trip (and no identity value burnt by an insert that conflicts).
 */
export async function ensureAccount(db: Db, key: LedgerAccountKey): Promise<LedgerAccount> {
  const existing = await findAccount(db, key);
  if (existing) return existing;
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

/**
 * ensureAccount for many keys: one read (usually all there is: a member's wallet exists from their
 * first deposit on, the house's accounts from the seed), and one multi-row insert of the missing ones
 * followed by the same read. Answers the accounts in the keys' order (a key given twice answers the
 * same account twice).
 */
export async function ensureAccounts(db: Db, keys: readonly LedgerAccountKey[]): Promise<LedgerAccount[]> {
  const unique = [...new Map(keys.map((key) => [describeKey(key), key])).values()];
  let found = await accountsByKeys(db, unique);
  // In one order for every caller: two batches creating the same accounts wait for each other instead of deadlocking.
  const missing = unique.filter((key) => !found.has(describeKey(key))).sort((a, b) => (describeKey(a) < describeKey(b) ? -1 : 1));
  if (missing.length > 0) {
    await db
      .insertInto('ledger_accounts')
      .values(
        missing.map((key) => {
          const { ownerType, ownerId } = ownerColumns(key.owner);
          return { provider_id: key.providerId, owner_type: ownerType, owner_id: ownerId, asset: key.asset, kind: key.kind, debits_must_not_exceed_credits: key.kind !== 'world' };
        }),
      )
      // A concurrent creator wins the conflict; the read below finds its row.
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    found = await accountsByKeys(db, unique);
  }
  return keys.map((key) => {
    const account = found.get(describeKey(key));
    if (!account) throw new Error(`ensureAccounts: no account matches ${describeKey(key)} after the insert`);
    return account;
  });
}

/**
 * The accounts that exist for these keys, by describeKey, in one read: one branch per (provider,
 * owner type, asset, kind) with its owner ids, so each branch is one scan of a unique index.
 */
async function accountsByKeys(db: Db, keys: readonly LedgerAccountKey[]): Promise<Map<string, LedgerAccount>> {
  const groups = new Map<string, { key: LedgerAccountKey; ownerIds: bigint[] }>();
  for (const key of keys) {
    const { ownerType, ownerId } = ownerColumns(key.owner);
    const name = `${key.providerId} ${ownerType} ${key.asset} ${key.kind}`;
    const group = groups.get(name) ?? { key, ownerIds: [] };
    if (ownerId !== null) group.ownerIds.push(ownerId);
    groups.set(name, group);
  }
  const found = new Map<string, LedgerAccount>();
  if (groups.size === 0) return found;
  const rows = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where((eb) =>
      eb.or(
        [...groups.values()].map(({ key, ownerIds }) =>
          eb.and([
            eb('provider_id', '=', key.providerId),
            eb('owner_type', '=', ownerColumns(key.owner).ownerType),
            eb('asset', '=', key.asset),
            eb('kind', '=', key.kind),
            ownerIds.length === 0 ? eb('owner_id', 'is', null) : eb('owner_id', 'in', ownerIds),
          ]),
        ),
      ),
    )
    .execute();
  for (const row of rows) {
    const account = toAccount(row);
    found.set(describeKey(account), account);
  }
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

