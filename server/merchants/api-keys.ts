// Issuing and revoking merchant secret API keys. A merchant may hold several live keys (so a key can be
// rotated without downtime); requireSecretKey (secret-key-guard.ts) accepts only keys with revoked_at NULL,
// so a revocation takes effect on the very next request: nothing caches a key.

import type { Kysely } from 'kysely';
import { generateSecretKey, hashSecretKey, type KeyMode } from '../auth/secret-key.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/db.ts';


export interface IssuedApiKey {
  /** The key itself: show it once, to its merchant only; only its hash is stored. */
  key: string;
  id: bigint;
  prefix: string;
}

/** 'sk_test_' plus four characters: tells keys apart in a list without giving anything away. */
export function displayPrefix(key: string): string {
  const head = /^sk_(test|live)_/.exec(key)?.[0] ?? '';
  return `${key.slice(0, head.length + 4)}…`;
}

/** A new live key for merchants.id `merchantDbId`. */
export async function issueApiKey(db: Db, merchantDbId: bigint, label: string, mode: KeyMode = 'test'): Promise<IssuedApiKey> {
  const key = generateSecretKey(mode);
  const prefix = displayPrefix(key);
  const row = await db
    .insertInto('merchant_api_keys')
    .values({ merchant_id: merchantDbId, key_hash: hashSecretKey(key), label, prefix, revoked_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { key, id: row.id, prefix };
}

/** Revokes a key; true if it was live. Revoking twice keeps the first revocation time. */
export async function revokeApiKey(db: Db, id: bigint, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('merchant_api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes every live key of the merchant with this label (e.g. the previous 'demo shop' key); how many. */
export async function revokeApiKeysLabelled(db: Db, merchantDbId: bigint, label: string, now = new Date()): Promise<number> {
  const result = await db
    .updateTable('merchant_api_keys')
    .set({ revoked_at: now })
    .where('merchant_id', '=', merchantDbId)
    .where('label', '=', label)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Rotates a labelled key in one transaction: every live key with this label is revoked and a new one
 * issued (npm start gives the demo shop a fresh 'demo shop' key at every start this way).
 */
export async function replaceApiKey(db: Kysely<Database>, merchantDbId: bigint, label: string, mode: KeyMode = 'test'): Promise<IssuedApiKey> {
  return db.transaction().execute(async (trx) => {
    await revokeApiKeysLabelled(trx, merchantDbId, label);
    return issueApiKey(trx, merchantDbId, label, mode);
  });
}
