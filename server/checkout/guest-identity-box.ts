// A guest's identity photos at rest, sealed like a member's (server/compliance/document-box.ts: AES-256-GCM,
// a key derived by HKDF-SHA256 from APP_SECRET) but under their own key label, so a member's box can never
// be opened as a guest's or the reverse. The checkout's id and the photo's role (document or selfie) are
// the associated data: a box moved to another checkout, or swapped between the two photos, does not open.
// Layout: version (1) | IV (12) | tag (16) | ciphertext.

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Env } from '../env.ts';

const DEVELOPMENT_KEY = 'paykit-test-mode-development-guest-identity-key-never-for-live';
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type GuestPhotoRole = 'document' | 'selfie';

export interface GuestIdentityBox {
  seal(checkoutId: bigint, role: GuestPhotoRole, plaintext: Uint8Array): Uint8Array;
  /** Throws on a box that was altered, moved or sealed under another key. */
  open(checkoutId: bigint, role: GuestPhotoRole, sealed: Uint8Array): Uint8Array;
}

const aad = (checkoutId: bigint, role: GuestPhotoRole) => Buffer.from(`guest-identity:checkout:${checkoutId}:${role}`);

export function guestIdentityBoxFor(env: Pick<Env, 'APP_SECRET' | 'MODE'>): GuestIdentityBox {
  if (!env.APP_SECRET && env.MODE === 'live') throw new Error('APP_SECRET is required in live mode');
  const key = Buffer.from(hkdfSync('sha256', env.APP_SECRET || DEVELOPMENT_KEY, 'paykit', 'guest identity photo v1', 32));
  return {
    seal(checkoutId, role, plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(checkoutId, role));
      const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return new Uint8Array(Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), ciphertext]));
    },
    open(checkoutId, role, sealed) {
      if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) throw new Error('guest identity box: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 1 + IV_BYTES));
      decipher.setAAD(aad(checkoutId, role));
      decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES));
      return new Uint8Array(Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]));
    },
  };
}
