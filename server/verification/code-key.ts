// The key of the one-time-code HMAC. A six-digit code has a million values, so a plain hash in a
// leaked database would be reversed by trying them all; keyed by APP_SECRET (kept out of the
// database) it cannot be. Test mode without APP_SECRET uses a fixed development key and says so
// at start (scripts/start.ts); live mode refuses to start without one (server/env.ts).

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../env.ts';

const DEVELOPMENT_KEY = 'paykit-test-mode-development-code-key-never-for-live';

export interface CodeKey {
  /** HMAC-SHA256 hex of a code for one purpose (a login code cannot pass as an email code). */
  digest(purpose: string, code: string): string;
  /** Constant-time comparison of a code with a stored digest. */
  matches(purpose: string, code: string, storedHex: string): boolean;
}

export function usesDevelopmentCodeKey(env: Pick<Env, 'APP_SECRET'>): boolean {
  return !env.APP_SECRET;
}

export function codeKeyFor(env: Pick<Env, 'APP_SECRET' | 'MODE'>): CodeKey {
  if (!env.APP_SECRET && env.MODE === 'live') throw new Error('APP_SECRET is required in live mode');
  const secret = env.APP_SECRET || DEVELOPMENT_KEY;
  const digest = (purpose: string, code: string) => createHmac('sha256', secret).update(`${purpose}:${code}`).digest('hex');
  return {
    digest,
    matches(purpose, code, storedHex) {
      const given = Buffer.from(digest(purpose, code), 'hex');
      const stored = Buffer.from(storedHex, 'hex');
      return given.length === stored.length && timingSafeEqual(given, stored);
    },
  };
}
