// RFC 6238 time-based one-time passwords for the operator console's second factor: HMAC-SHA-1,
// 30-second steps, 6 digits, as every authenticator app reads an otpauth:// QR code. A code is taken
// one step either side of now (clock drift, a code typed as it turned), and never twice: the caller
// stores the step of the last accepted code and passes it back, so a code seen over a shoulder or
// in a log cannot be replayed in the same or an older step.
// HMAC and SHA come from @noble/hashes (audited, no dependencies); base32 (RFC 4648) from
// @scure/base, by the same author.

import { hmac } from '@noble/hashes/hmac.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { base32 } from '@scure/base';

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

const HASHES = { SHA1: sha1, SHA256: sha256, SHA512: sha512 } as const;

/** What the console's second factor uses; the options exist for RFC 6238's own test vectors. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now. */
export const TOTP_WINDOW_STEPS = 1;
/** RFC 4226 §4 recommends a 160-bit shared secret; we make no shorter one. */
export const TOTP_SECRET_BYTES = 20;

export interface OtpOptions {
  digits?: number;
  algorithm?: TotpAlgorithm;
}

/** RFC 4226 HOTP: the counter as 8 big-endian bytes, HMAC, dynamic truncation, the last `digits` digits. */
export function hotp(key: Uint8Array, counter: number | bigint, { digits = TOTP_DIGITS, algorithm = 'SHA1' }: OtpOptions = {}): string {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const mac = hmac(HASHES[algorithm], key, message);
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 30-second step a moment falls in (RFC 6238's T, with T0 = 0). */
export function totpStep(nowMs: number, periodS: number = TOTP_PERIOD_S): number {
  return Math.floor(nowMs / 1000 / periodS);
}

export function totp(key: Uint8Array, nowMs: number, options: OtpOptions = {}): string {
  return hotp(key, totpStep(nowMs), options);
}

/**
 * The key bytes of a base32 secret as people copy it: any case, spaces or padding. Null when it is
 * not base32 (RFC 4648 alphabet A-Z, 2-7) or holds fewer bits than a whole byte's worth.
 */
export function decodeBase32Secret(secret: string): Uint8Array | null {
  const bare = secret.replace(/[\s=]+/g, '').toUpperCase();
  if (bare === '' || !/^[A-Z2-7]+$/.test(bare)) return null;
  const padded = bare.padEnd(Math.ceil(bare.length / 8) * 8, '=');
  try {
    return base32.decode(padded);
  } catch {
    return null; // a length no whole number of bytes encodes to (1, 3 or 6 characters in the last group)
  }
}

/** A new secret from random bytes the caller draws (crypto.getRandomValues), in base32 without padding. */
export function secretFromBytes(bytes: Uint8Array): string {
  if (bytes.length < TOTP_SECRET_BYTES) throw new RangeError(`secretFromBytes: use at least ${TOTP_SECRET_BYTES} random bytes`);
  return base32.encode(bytes).replace(/=+$/, '');
}

/** The otpauth:// URI an authenticator app reads from a QR code (Google Authenticator's key URI format). */
export function otpauthUri({ issuer, account, secret }: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_PERIOD_S) });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** Compare without stopping at the first different digit, so timing says nothing about the code. */
function sameCode(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export interface TotpCheck {
  /** The operator's secret, base32. */
  secret: string;
  /** What they typed; spaces are allowed ("123 456", as apps show it). */
  code: string;
  nowMs: number;
  /** The step of the last code accepted for this operator, or null before the first. */
  lastAcceptedStep: number | null;
}

export type TotpResult = { ok: true; step: number } | { ok: false; code: 'totp_invalid' | 'totp_reused' };

/** Ok with the step to store as the new lastAcceptedStep; else totp_invalid, or totp_reused for a replay. */
export function verifyTotp({ secret, code, nowMs, lastAcceptedStep }: TotpCheck): TotpResult {
  const key = decodeBase32Secret(secret);
  if (!key) throw new RangeError('verifyTotp: the stored secret is not base32');
  const typed = code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(typed)) return { ok: false, code: 'totp_invalid' };
  const now = totpStep(nowMs);
  let replayed = false;
  // Newest step first, so a code valid in two steps counts as the later one only if it is fresh.
  for (let step = now + TOTP_WINDOW_STEPS; step >= now - TOTP_WINDOW_STEPS; step -= 1) {
    if (!sameCode(hotp(key, step), typed)) continue;
    if (lastAcceptedStep !== null && step <= lastAcceptedStep) {
      replayed = true;
      continue;
    }
    return { ok: true, step };
  }
  return { ok: false, code: replayed ? 'totp_reused' : 'totp_invalid' };
}
