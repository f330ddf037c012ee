// Merchant secret API keys: 256 random bits, shown to the merchant once, stored only as a SHA-256
// digest. A fast hash is right here (unlike passwords) because the key is random and long: there is
// nothing to guess, and the digest must be cheap to look up on every merchant API call.

import { createHash, randomBytes } from 'node:crypto';

export type KeyMode = 'test' | 'live';

/** `sk_test_...` or `sk_live_...`: the prefix lets secret scanners and humans recognise a leaked key. */
export function generateSecretKey(mode: KeyMode): string {
  return `sk_${mode}_${randomBytes(32).toString('base64url')}`;
}

export function hashSecretKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
