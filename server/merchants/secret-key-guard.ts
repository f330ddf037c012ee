// Server-to-server merchant API calls: `Authorization: Bearer sk_...`. The key is looked up by its
// SHA-256 (the only form we store), so there is nothing to compare in variable time and no key is
// ever logged or kept. Only a live key counts: a revoked one, or a rolled one past its expiry, is refused on
// the very next request (the few seconds' cache in front of the lookup, secret-key-cache.ts, is emptied by
// every change in this process and checks the expiry itself). When the key was last used is written at most
// once a minute per key (the select already reads it), so a busy integration costs no write per request.

import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { hashSecretKey } from '../auth/secret-key.ts';
import { apiError } from '../http/api-error.ts';
import { globalPlugin } from '../plugins/global-plugin.ts';
import { contextOf, merchantByPublicId, merchantQuery, type MerchantContext } from './merchant-context.ts';
import { SecretKeyCache, type CachedSecretKey } from './secret-key-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireSecretKey: the merchant whose secret key authenticated this request. */
    merchantAuth: MerchantContext | null;
  }
  interface FastifyInstance {
    /** The live secret keys read lately (secret-key-cache.ts). */
    secretKeys: SecretKeyCache;
  }
}

/** How stale last_used_at may get: the list says "last used" to the minute, not to the request. */
export const LAST_USED_EVERY_MS = 60_000;

const SECRET_KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9_-]{20,100}$/;

function bearerKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** The live key with this hash, from the cache or the database; null when there is none. */
async function liveKey(request: FastifyRequest, keyHash: string, now: Date): Promise<CachedSecretKey | null> {
  const cache = request.server.secretKeys;
  const cached = cache.get(keyHash, now.getTime());
  // A cached key past its expiry (a rolled key's overlap ended) is refused like the database would.
  if (cached) return cached.expiresAt && cached.expiresAt <= now ? null : cached;
  const readEpoch = cache.begin();
  const row = await merchantQuery(request.server.db)
    .innerJoin('merchant_api_keys', 'merchant_api_keys.merchant_id', 'merchants.id')
    .select(['merchant_api_keys.id as key_id', 'merchant_api_keys.last_used_at', 'merchant_api_keys.expires_at'])
    .where('merchant_api_keys.key_hash', '=', keyHash)
    .where('merchant_api_keys.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('merchant_api_keys.expires_at', 'is', null), eb('merchant_api_keys.expires_at', '>', now)]))
    .executeTakeFirst();
  if (!row) return null;
  const found = { context: contextOf(row), keyId: row.key_id, expiresAt: row.expires_at, lastUsedAt: row.last_used_at };
  cache.store(keyHash, found, readEpoch, now.getTime());
  return found;
}

export const requireSecretKey: preHandlerAsyncHookHandler = async function (request) {
  const key = bearerKey(request);
  if (key === null || !SECRET_KEY_PATTERN.test(key)) throw apiError('invalid_api_key');
  const now = new Date();
  // Only a live key: a revoked one, or a rolled one past its expiry, is refused on the very next request.
  const found = await liveKey(request, hashSecretKey(key), now);
  if (!found) throw apiError('invalid_api_key');
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    found.lastUsedAt = now;
    // The condition again in the update: of many requests (or processes) that saw a stale time at once, one writes.
    await request.server.db
      .updateTable('merchant_api_keys')
      .set({ last_used_at: now })
      .where('id', '=', found.keyId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', new Date(now.getTime() - LAST_USED_EVERY_MS))]))
      .execute();
  }
  request.merchantAuth = found.context;
};

/**
 * The authenticated merchant, checked against the merchant_id the body names: an unknown id is
 * 404 merchant_not_recognized; a key of another merchant is 401 (a key works for its own merchant only).
 */
export async function authenticatedMerchant(request: FastifyRequest, merchantId: string): Promise<MerchantContext> {
  const auth = request.merchantAuth;
  if (!auth) throw new Error('authenticatedMerchant: the route has no requireSecretKey preHandler');
  if (auth.merchantId !== merchantId) {
    await merchantByPublicId(request.server.db, merchantId);
    throw apiError('invalid_api_key', `This secret key does not belong to merchant ${merchantId}. Use that merchant's own key.`);
  }
  return auth;
}

/** request.merchantAuth, null until requireSecretKey sets it, and app.secretKeys. Register before any route. */
export const merchantAuthPlugin = globalPlugin<{ cacheTtlMs: number }>('merchant-auth', async (app, options) => {
  app.decorateRequest('merchantAuth', null);
  const cache = new SecretKeyCache(options.cacheTtlMs);
  app.decorate('secretKeys', cache);
  app.addHook('onClose', async () => cache.dispose());
});
