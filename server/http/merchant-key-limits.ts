// What the merchant API's per-key limiter needs to know about a bearer key, found by its SHA-256: is it
// a live key at all, and what is its merchant's own limit. A live key's answer is kept for ttlMs, so the
// hot path costs no query: an operator's change in the console is seen at once by the process that made
// it (clear()) and within ttlMs by every other process. A key that is not live is never kept, so made-up
// keys cannot push live ones out of the cache, and a key created a moment ago is found at once.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** live: false for a key that does not exist, is revoked, or is a rolled one past its expiry. */
export type KeyLimit = { live: true; ownPerSecond: number | null } | { live: false };

export interface MerchantKeyLimitsOptions {
  /** How long a live key's answer is reused; 0 looks it up on every request. */
  ttlMs: number;
  /** Bounds memory: a platform has far fewer live keys than this. */
  maxKeys: number;
}

interface Entry {
  expiresAt: number;
  limit: Promise<KeyLimit>;
}

export class MerchantKeyLimits {
  readonly #db: Kysely<Database>;
  readonly #options: MerchantKeyLimitsOptions;
  readonly #entries = new Map<string, Entry>();

  constructor(db: Kysely<Database>, options: MerchantKeyLimitsOptions) {
    this.#db = db;
    this.#options = options;
  }

  lookup(keyHash: string): Promise<KeyLimit> {
    if (this.#options.ttlMs <= 0) return this.#load(keyHash);
    const now = Date.now();
    const cached = this.#entries.get(keyHash);
    if (cached && cached.expiresAt > now) return cached.limit;
    if (cached) this.#entries.delete(keyHash);
    else if (this.#entries.size >= this.#options.maxKeys) this.#evictOldest();
    // Concurrent requests with one key share the same load; a failed load, or a key not live, is not kept.
    const limit = this.#load(keyHash);
    this.#entries.set(keyHash, { expiresAt: now + this.#options.ttlMs, limit });
    limit.then(
      (found) => {
        if (!found.live) this.#forget(keyHash, limit);
      },
      () => this.#forget(keyHash, limit),
    );
    return limit;
  }

  /** Forget every key, e.g. after an operator changes a merchant's limit. */
  clear(): void {
    this.#entries.clear();
  }

  /** Removes the entry only if it is still this load (a clear() and a newer load may have replaced it). */
  #forget(keyHash: string, limit: Promise<KeyLimit>): void {
    if (this.#entries.get(keyHash)?.limit === limit) this.#entries.delete(keyHash);
  }

  #evictOldest(): void {
    const oldest = this.#entries.keys().next();
    if (!oldest.done) this.#entries.delete(oldest.value);
  }

  async #load(keyHash: string): Promise<KeyLimit> {
    // The secret-key guard's rule for a live key (server/merchants/secret-key-guard.ts), on the unique key_hash.
    const row = await this.#db
      .selectFrom('merchant_api_keys')
      .innerJoin('merchants', 'merchants.id', 'merchant_api_keys.merchant_id')
      .select('merchants.api_rate_limit_per_second')
      .where('merchant_api_keys.key_hash', '=', keyHash)
      .where('merchant_api_keys.revoked_at', 'is', null)
      .where((eb) => eb.or([eb('merchant_api_keys.expires_at', 'is', null), eb('merchant_api_keys.expires_at', '>', new Date())]))
      .executeTakeFirst();
    return row ? { live: true, ownPerSecond: row.api_rate_limit_per_second } : { live: false };
  }
}
