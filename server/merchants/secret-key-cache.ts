// The merchant API's secret keys as the guard last read them (secret-key-guard.ts), kept a few seconds so a
// busy integration does not pay a database round trip per request for a key that rarely changes.
//
// Correctness, in this process: every change to a key or to what a MerchantContext holds (api-keys.ts, the
// widget settings) calls merchantsChanged() AFTER its write commits. That empties every cache at once, and a
// read that began before the change may not store what it read (the epoch moved under it), so a revoked key
// is refused on the very next request. Across processes (several servers on one database) a change made by
// another process is seen within the cache's time to live (default 5 s, like the provider cache); an
// expiring key's expiry needs no change at all, since the cached entry keeps expires_at and every request
// compares it with the clock.

import type { MerchantContext } from './merchant-context.ts';

export interface CachedSecretKey {
  context: MerchantContext;
  keyId: bigint;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

interface Entry extends CachedSecretKey {
  storedAt: number;
}

/** Bounded, like everything: more live keys than this are simply read from the database. */
const MAX_KEYS = 1000;

let epoch = 0;
const caches = new Set<SecretKeyCache>();

/** A key or a merchant's settings changed (call after the change commits): every cache in this process forgets. */
export function merchantsChanged(): void {
  epoch += 1;
  for (const cache of caches) cache.clear();
}

export class SecretKeyCache {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, Entry>();

  /** `ttlMs` 0: nothing is kept and every request reads the database (test apps, by default). */
  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
    if (ttlMs > 0) caches.add(this);
  }

  /** The epoch to hand back to store(): taken before the database read. */
  begin(): number {
    return epoch;
  }

  get(keyHash: string, now: number): CachedSecretKey | null {
    const entry = this.#entries.get(keyHash);
    if (!entry) return null;
    if (now - entry.storedAt >= this.#ttlMs) {
      this.#entries.delete(keyHash);
      return null;
    }
    return entry;
  }

  /** Kept only if nothing changed since `readEpoch`: a read that raced a revocation must not outlive it. */
  store(keyHash: string, value: CachedSecretKey, readEpoch: number, now: number): void {
    if (this.#ttlMs <= 0 || readEpoch !== epoch) return;
    if (this.#entries.size >= MAX_KEYS && !this.#entries.has(keyHash)) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(keyHash, { ...value, storedAt: now });
  }

  clear(): void {
    this.#entries.clear();
  }

  /** The app closed: stop being told about changes. */
  dispose(): void {
    this.clear();
    caches.delete(this);
  }
}
