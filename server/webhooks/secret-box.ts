// The merchant's signing secret at rest. We must sign every delivery with the secret itself, so unlike a
// password or an API key it cannot be kept only as a hash. It is sealed with AES-256-GCM under a key
// derived (HKDF-SHA256) from APP_SECRET, which never enters the database: a leaked database (or a backup)
// does not reveal any merchant's secret, and GCM's tag refuses a ciphertext that was altered. The merchant
// id is bound in as associated data, so a sealed secret copied onto another merchant's row does not open.
// Test mode without APP_SECRET uses a fixed development key (as the one-time codes do); live mode
// refuses to start without APP_SECRET (server/env.ts).

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Env } from '../env.ts';

const DEVELOPMENT_KEY = 'paykit-test-mode-development-webhook-key-never-for-live';
const VERSION = 'v1';

export interface SecretBox {
  seal(merchantId: bigint, secret: string): string;
  /** Throws on a box that was altered or sealed under another key: that is a bug or an attack, not user input. */
  open(merchantId: bigint, sealed: string): string;
}

export function secretBoxFor(env: Pick<Env, 'APP_SECRET' | 'MODE'>): SecretBox {
  const box = sealedBox(env, 'webhook signing secret v1');
  return {
    seal: (merchantId, secret) => box.seal(`merchant:${merchantId}`, secret),
    open: (merchantId, sealed) => box.open(`merchant:${merchantId}`, sealed),
  };
}

/** A box for one purpose (its own HKDF key), binding each sealed secret to the text `bindTo` (its owner). */
export interface BoundBox {
  seal(bindTo: string, secret: string): string;
  /** Throws on a box that was altered, sealed under another key or bound to another owner. */
  open(bindTo: string, sealed: string): string;
}

/** The same sealing for other secrets that must be read back (the operators' TOTP secrets): `purpose` keys it apart. */
export function sealedBox(env: Pick<Env, 'APP_SECRET' | 'MODE'>, purpose: string): BoundBox {
  if (!env.APP_SECRET && env.MODE === 'live') throw new Error('APP_SECRET is required in live mode');
  const key = Buffer.from(hkdfSync('sha256', env.APP_SECRET || DEVELOPMENT_KEY, 'paykit', purpose, 32));
  return {
    seal(bindTo, secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(bindTo));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(bindTo, sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('secret box: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(bindTo));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
