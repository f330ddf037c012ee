// The session credential: `<user_token>:<session_key>`. The user token is the user's public id; the
// session key is 32 random bytes (256 bits, base64url) and the only secret, so it is stored as its
// SHA-256 only. A plain hash is enough here (no salt, no scrypt): the key is random, not chosen by a
// person, so there is nothing to guess offline, and a unique index on the hash finds a session in one lookup.

import { createHash, randomBytes } from 'node:crypto';

const CREDENTIAL = /^(usr_[A-Za-z0-9_-]{22}):([A-Za-z0-9_-]{43})$/;

export interface SessionCredential {
  userToken: string;
  sessionKey: string;
}

/** 32 random bytes as 43 base64url characters: session keys and registration tokens. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a random token, the only form in which session keys and reg_tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function formatCredential(credential: SessionCredential): string {
  return `${credential.userToken}:${credential.sessionKey}`;
}

/** null for anything that is not exactly `usr_<22>:<43>`, so nothing malformed reaches the database. */
export function parseCredential(value: string | undefined): SessionCredential | null {
  if (value === undefined || value.length > 200) return null;
  const match = CREDENTIAL.exec(value.trim());
  if (!match) return null;
  return { userToken: match[1] as string, sessionKey: match[2] as string };
}

/** `Authorization: Bearer <credential>`; the scheme name is case-insensitive (RFC 9110). */
export function bearerCredential(header: string | undefined): SessionCredential | null {
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? parseCredential(match[1]) : null;
}
