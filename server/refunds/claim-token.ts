// The buyer's claim token: 256 random bits in the link, only its SHA-256 kept to find the refund (the
// token is random and long, so a fast hash is enough), and a sealed copy (server/webhooks/secret-box.ts,
// AES-256-GCM under APP_SECRET, bound to the merchant) so the merchant can be shown the link again.

import { createHash, randomBytes } from 'node:crypto';

export function newClaimToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashClaimToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The buyer's page (member app, public): the token in the query, which the request log redacts (server/plugins/logging.ts). */
export function claimUrl(publicUrl: string, token: string): string {
  const url = new URL('/sys-wallets/refund', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** 'rfd_' + 22 base64url characters: 128 random bits, not a row count. */
export function newRefundId(): string {
  return `rfd_${randomBytes(16).toString('base64url')}`;
}
