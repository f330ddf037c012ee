// Identity-document photos at rest. They are the most sensitive thing we hold about a member (a face, a
// document number, an address), so the database never sees them in the clear: each is sealed with
// AES-256-GCM under a key derived (HKDF-SHA256) from APP_SECRET, which never enters the database, so a
// leaked database or backup reveals nothing. The key is not the webhook secrets' key (another HKDF info
// label), so one box kind can never be opened as the other. The user id and the row id are bound in as
// associated data: a box copied onto another member's row, or onto another row of the same member, does
// not open, and GCM's tag refuses any altered byte. Test mode without APP_SECRET uses a fixed development
// key, as the webhook secrets do (server/webhooks/secret-box.ts); live mode refuses to start without it.
//
// Layout, as bytes (bytea): version (1) | IV (12) | tag (16) | ciphertext (as long as the plaintext).

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Env } from '../env.ts';

const DEVELOPMENT_KEY = 'paykit-test-mode-development-document-key-never-for-live';
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const BOX_OVERHEAD_BYTES = 1 + IV_BYTES + TAG_BYTES;

/** Which member and which row a box belongs to; both must match to open it. */
export interface DocumentOwner {
  userId: bigint;
  documentId: bigint;
}

export interface DocumentBox {
  seal(owner: DocumentOwner, plaintext: Uint8Array): Uint8Array;
  /** Throws on a box that was altered, moved or sealed under another key: a bug or an attack, not user input. */
  open(owner: DocumentOwner, sealed: Uint8Array): Uint8Array;
}

const aad = ({ userId, documentId }: DocumentOwner) => Buffer.from(`identity-document:user:${userId}:document:${documentId}`);

export function documentBoxFor(env: Pick<Env, 'APP_SECRET' | 'MODE'>): DocumentBox {
  if (!env.APP_SECRET && env.MODE === 'live') throw new Error('APP_SECRET is required in live mode');
  const key = Buffer.from(hkdfSync('sha256', env.APP_SECRET || DEVELOPMENT_KEY, 'paykit', 'identity document image v1', 32));
  return {
    seal(owner, plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(owner));
      const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return new Uint8Array(Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), ciphertext]));
    },
    open(owner, sealed) {
      if (sealed.length < BOX_OVERHEAD_BYTES || sealed[0] !== VERSION) throw new Error('document box: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 1 + IV_BYTES));
      decipher.setAAD(aad(owner));
      decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, BOX_OVERHEAD_BYTES));
      return new Uint8Array(Buffer.concat([decipher.update(sealed.subarray(BOX_OVERHEAD_BYTES)), decipher.final()]));
    },
  };
}
