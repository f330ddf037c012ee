// Password hashing with scrypt (node:crypto, memory-hard, no native add-on). The stored string
// carries its own parameters and salt, `scrypt$N=32768,r=8,p=1$<salt>$<key>`, so the cost can be
// raised later without invalidating old hashes: verify reads the parameters it was made with, and
// needsRehash tells the login code when to store a stronger hash.

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

interface Params {
  N: number;
  r: number;
  p: number;
}

/** 32 MiB and about 0.1 s per hash here: costly to guess offline, affordable per login. */
const CURRENT: Params = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Refuse stored parameters beyond this, so a corrupted row cannot make one login eat the machine. */
const MAX_MEMORY_BYTES = 256 * 1024 * 1024;
const FORMAT = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, CURRENT, KEY_BYTES);
  return `scrypt$N=${CURRENT.N},r=${CURRENT.r},p=${CURRENT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when `stored` was made with weaker parameters than today's, or cannot be read. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N < CURRENT.N || parsed.params.r < CURRENT.r || parsed.params.p < CURRENT.p;
}

function parse(stored: string): { params: Params; salt: Buffer; key: Buffer } | null {
  const match = FORMAT.exec(stored);
  if (!match) return null;
  const [, n, r, p, salt, key] = match as unknown as [string, string, string, string, string, string];
  const params = { N: Number.parseInt(n, 10), r: Number.parseInt(r, 10), p: Number.parseInt(p, 10) };
  const powerOfTwo = params.N > 1 && (params.N & (params.N - 1)) === 0;
  if (!powerOfTwo || params.r < 1 || params.p < 1 || memoryOf(params) > MAX_MEMORY_BYTES) return null;
  const keyBytes = Buffer.from(key, 'base64');
  if (keyBytes.length < 16) return null;
  return { params, salt: Buffer.from(salt, 'base64'), key: keyBytes };
}

function memoryOf(params: Params): number {
  return 128 * params.N * params.r * params.p;
}

function derive(password: string, salt: Buffer, params: Params, length: number): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 2 * memoryOf(params) };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
