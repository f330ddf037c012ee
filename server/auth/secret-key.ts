// Merchant secret API keys: 256 random bits, shown to the merchant once, stored only as a SHA-256
// digest. A fast hash is right here (unlike passwords) because the key is random and long: there is
// nothing to guess, and the digest must be cheap to look up on every merchant API call.

import { createHash, randomBytes } from 'node:crypto';

export type KeyMode = 'test' | 'live';

/** `sk_test_...` or `sk_live_...`: the prefix lets secret scanners and humans recognise a leaked key. */
export function generateSecretKey(mode: KeyMode): string {
  return `sk_${mode}_${randomBytes(32).toString('base64url')}`;
}

/**
 * What a secret key looks like: the prefix and 20 to 100 base64url characters. The merchant API's limiter
 * (server/http/merchant-rate-limit.ts) looks up only such keys; the secret-key guard keeps its own copy.
 */
export const SECRET_KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9_-]{20,100}$/;

export function hashSecretKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
