// The merchant API's limit per secret key (rate class merchant_key, core/contract/endpoint.ts), so a busy
// merchant's server is held to its own budget rather than to the per-address figure it would share with
// everyone behind its address, and two merchants behind one address never share a budget.
//
//   - The counter's key is the SHA-256 of the bearer key (hashSecretKey), computed in the keyGenerator
//     with no query: the raw key is never kept, not even in the limiter's memory.
//   - Only a live key gets a budget of its own. A request without a key that looks like one, or with a key
//     that is not live (made up, revoked, expired), counts against its address in the platform's
//     per-address budget, the one every standard route shares: minting keys buys no requests.
//   - The budget is the merchant's own figure (merchants.api_rate_limit_per_second, set in the console)
//     or the platform default, read through MerchantKeyLimits (a change is seen within cacheTtlMs, at
//     once in the process that made it).
//   - The window is one second: @fastify/rate-limit counts fixed windows, and a one-second window of 100
//     lets through at most 200 in any second (a burst across a window's edge), where a minute of 6,000
//     would let all 6,000 through in one second. The draft RateLimit headers say the window's figures.
//   - Counts live in each process's memory: with several processes each counts on its own, so N
//     processes let a key send up to N times its figure (docs/ARCHITECTURE.md).

import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { DEFAULT_MERCHANT_RATE_PER_SECOND, effectiveRatePerSecond } from '#core/merchant-rate-limit.ts';
import { hashSecretKey, SECRET_KEY_PATTERN } from '../auth/secret-key.ts';
import { globalPlugin } from '../plugins/global-plugin.ts';
import { MerchantKeyLimits } from './merchant-key-limits.ts';

export interface MerchantRateLimitOptions {
  /** Requests a second for a key whose merchant has no figure of its own (default 100). */
  perSecond?: number;
  /** The counting window (default 1000 ms). Tests lengthen it so a burst never straddles two windows. */
  windowMs?: number;
  /** How long a key's limit is reused (default 5000 ms; 0 = looked up on every request). */
  cacheTtlMs?: number;
}

/** How long a key's limit is reused: an operator's change reaches every process within this. */
export const KEY_LIMIT_TTL_MS = 5_000;
/** More live keys than a platform has; the limiter's counters are bounded the same way. */
const MAX_KEYS = 10_000;

export interface MerchantRateLimit {
  /** The onRequest hook of every merchant_key route (server/contract/route.ts). */
  hook: onRequestAsyncHookHandler;
  /** Requests a second of a merchant without its own figure. */
  defaultPerSecond: number;
  /** Forget the cached limits, after an operator changes one (server/admin-merchants/routes.ts). */
  invalidate(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    merchantRateLimit: MerchantRateLimit;
  }
}

/** The SHA-256 of the request's `Authorization: Bearer sk_...` key, or null when it carries none that looks like one. */
export function bearerKeyHash(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const key = /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1];
  return key !== undefined && SECRET_KEY_PATTERN.test(key) ? hashSecretKey(key) : null;
}

/** Register after @fastify/rate-limit (app.rateLimit) and the database; before any route. */
export const merchantRateLimitPlugin = globalPlugin<MerchantRateLimitOptions>('merchant-rate-limit', async (app, options) => {
  const defaultPerSecond = options.perSecond ?? DEFAULT_MERCHANT_RATE_PER_SECOND;
  const windowMs = options.windowMs ?? 1_000;
  const limits = new MerchantKeyLimits(app.db, { ttlMs: options.cacheTtlMs ?? KEY_LIMIT_TTL_MS, maxKeys: MAX_KEYS });
  const perWindow = (perSecond: number) => Math.max(1, Math.ceil((perSecond * windowMs) / 1000));

  // Made once, so every merchant_key route counts in the same per-key store (one budget per key, not per route).
  const perKey = app.rateLimit({
    // Never null here: the hook below sends only requests with a live key to this limiter.
    keyGenerator: (request) => bearerKeyHash(request) ?? request.ip,
    max: async (_request, keyHash) => {
      const found = await limits.lookup(keyHash);
      return perWindow(effectiveRatePerSecond(defaultPerSecond, found.live ? found.ownPerSecond : null));
    },
    timeWindow: windowMs,
    cache: MAX_KEYS,
  });
  // No options: the plugin's global store and figures, the per-address budget of every standard route.
  const perAddress = app.rateLimit();

  async function hook(this: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const keyHash = bearerKeyHash(request);
    const live = keyHash !== null && (await limits.lookup(keyHash)).live;
    await (live ? perKey : perAddress).call(app, request, reply);
  }

  app.decorate('merchantRateLimit', { hook, defaultPerSecond, invalidate: () => limits.clear() });
});
