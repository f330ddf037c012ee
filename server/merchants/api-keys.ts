// Issuing and revoking merchant secret API keys. A merchant may hold several live keys (so a key can be
// rotated without downtime); requireSecretKey (secret-key-guard.ts) accepts only keys with revoked_at NULL,
// so a revocation takes effect on the very next request: every revocation and roll here ends with
// merchantsChanged(), which empties the guard's cache in this process (secret-key-cache.ts). A function that
// runs inside its caller's transaction (revokeApiKeysLabelled in replaceApiKey) is followed by another
// merchantsChanged() once that transaction has committed.

import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { ROLL_OVERLAP_MS, type ApiKeyRecord, type ApiKeyState, type RollOverlap } from '#core/contract/developers.ts';
import { appError, type AppError } from '#core/errors.ts';
import { generateSecretKey, hashSecretKey, type KeyMode } from '../auth/secret-key.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/db.ts';
import type { MerchantApiKeysTable } from '../db/tables/merchants.ts';
import { merchantsChanged } from './secret-key-cache.ts';

type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };
const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const err = (error: AppError): { ok: false; error: AppError } => ({ ok: false, error });


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
  merchantsChanged();
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
  merchantsChanged();
  return Number(result.numUpdatedRows);
}

/**
 * Rotates a labelled key in one transaction: every live key with this label is revoked and a new one
 * issued (npm start gives the demo shop a fresh 'demo shop' key at every start this way).
 */
export async function replaceApiKey(db: Kysely<Database>, merchantDbId: bigint, label: string, mode: KeyMode = 'test'): Promise<IssuedApiKey> {
  const issued = await db.transaction().execute(async (trx) => {
    await revokeApiKeysLabelled(trx, merchantDbId, label);
    return issueApiKey(trx, merchantDbId, label, mode);
  });
  merchantsChanged();
  return issued;
}

// The developers section's key management (core/contract/developers.ts): every call is scoped to the
// signed-in merchant's own merchants.id, so an id of another merchant's key is simply "not found".

export function keyState(row: { revoked_at: Date | null; expires_at: Date | null }, now: Date): ApiKeyState {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at) return row.expires_at.getTime() <= now.getTime() ? 'expired' : 'expiring';
  return 'active';
}

type KeyRow = Selectable<MerchantApiKeysTable>;

export function apiKeyRecord(row: KeyRow, now: Date): ApiKeyRecord {
  return {
    id: String(row.id),
    label: row.label,
    prefix: row.prefix,
    state: keyState(row, now),
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

const requestHash = (requestId: string) => createHash('sha256').update(requestId).digest('hex');

export async function listApiKeys(db: Db, merchantDbId: bigint, now = new Date()): Promise<ApiKeyRecord[]> {
  const rows = await db.selectFrom('merchant_api_keys').selectAll().where('merchant_id', '=', merchantDbId).orderBy('id', 'desc').execute();
  return rows.map((row) => apiKeyRecord(row, now));
}

async function ownKey(db: Db, merchantDbId: bigint, keyId: string, forUpdate = false): Promise<Result<KeyRow>> {
  let query = db.selectFrom('merchant_api_keys').selectAll().where('id', '=', BigInt(keyId)).where('merchant_id', '=', merchantDbId);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? ok(row) : err(appError('api_key_not_found'));
}

async function alreadyCreated(db: Db, merchantDbId: bigint, requestId: string): Promise<Result<never> | null> {
  const made = await db.selectFrom('merchant_api_keys').select('prefix').where('merchant_id', '=', merchantDbId).where('create_request', '=', requestHash(requestId)).executeTakeFirst();
  if (!made) return null;
  return err(appError('api_key_already_created', `This request already made key ${made.prefix}; its secret was shown once. If you did not copy it, revoke that key and create another.`));
}

async function insertKey(db: Db, merchantDbId: bigint, label: string, mode: KeyMode, requestId: string): Promise<{ row: KeyRow; secret: string }> {
  const secret = generateSecretKey(mode);
  const row = await db
    .insertInto('merchant_api_keys')
    .values({ merchant_id: merchantDbId, key_hash: hashSecretKey(secret), label, prefix: displayPrefix(secret), revoked_at: null, create_request: requestHash(requestId) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, secret };
}

/** A new key; its secret is in the answer only. The same request id again makes nothing (409). */
export async function createApiKey(db: Kysely<Database>, merchantDbId: bigint, input: { label: string; request_id: string }, mode: KeyMode, now = new Date()): Promise<Result<{ key: ApiKeyRecord; secret: string }>> {
  return db.transaction().execute(async (trx) => {
    const seen = await alreadyCreated(trx, merchantDbId, input.request_id);
    if (seen) return seen;
    const { row, secret } = await insertKey(trx, merchantDbId, input.label, mode, input.request_id);
    return ok({ key: apiKeyRecord(row, now), secret });
  });
}

export async function labelApiKey(db: Kysely<Database>, merchantDbId: bigint, keyId: string, label: string, now = new Date()): Promise<Result<ApiKeyRecord>> {
  const found = await ownKey(db, merchantDbId, keyId);
  if (!found.ok) return found;
  const row = await db.updateTable('merchant_api_keys').set({ label }).where('id', '=', found.value.id).returningAll().executeTakeFirstOrThrow();
  return ok(apiKeyRecord(row, now));
}

/** Revoked at once; revoking again answers the key as it is (the first revocation time kept). */
export async function revokeOwnApiKey(db: Kysely<Database>, merchantDbId: bigint, keyId: string, now = new Date()): Promise<Result<ApiKeyRecord>> {
  const found = await ownKey(db, merchantDbId, keyId);
  if (!found.ok) return found;
  await revokeApiKey(db, found.value.id, now);
  const row = await db.selectFrom('merchant_api_keys').selectAll().where('id', '=', found.value.id).executeTakeFirstOrThrow();
  return ok(apiKeyRecord(row, now));
}

/**
 * Stripe's roll: a new key with the same label, and the old one expires after the overlap (at once for
 * 'now'). An old key already set to expire sooner keeps its earlier expiry. One transaction, the old row
 * locked, so two rolls of one key cannot both succeed.
 */
export async function rollApiKey(db: Kysely<Database>, merchantDbId: bigint, input: { key_id: string; expires_in: RollOverlap; request_id: string }, mode: KeyMode, now = new Date()): Promise<Result<{ key: ApiKeyRecord; secret: string; previous: ApiKeyRecord }>> {
  const rolled = await db.transaction().execute(async (trx): Promise<Result<{ key: ApiKeyRecord; secret: string; previous: ApiKeyRecord }>> => {
    const seen = await alreadyCreated(trx, merchantDbId, input.request_id);
    if (seen) return seen;
    const found = await ownKey(trx, merchantDbId, input.key_id, true);
    if (!found.ok) return found;
    const state = keyState(found.value, now);
    if (state === 'revoked' || state === 'expired') return err(appError('api_key_not_active'));
    const wanted = new Date(now.getTime() + ROLL_OVERLAP_MS[input.expires_in]);
    const expiresAt = found.value.expires_at && found.value.expires_at < wanted ? found.value.expires_at : wanted;
    const previous = await trx.updateTable('merchant_api_keys').set({ expires_at: expiresAt }).where('id', '=', found.value.id).returningAll().executeTakeFirstOrThrow();
    const { row, secret } = await insertKey(trx, merchantDbId, found.value.label, mode, input.request_id);
    return ok({ key: apiKeyRecord(row, now), secret, previous: apiKeyRecord(previous, now) });
  });
  // The old key's expiry moved: a cached copy must not keep the one it had.
  merchantsChanged();
  return rolled;
}
