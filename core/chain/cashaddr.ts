// Bitcoin Cash's CashAddr address format (https://upgradespecs.bitcoincashnode.org/cashaddr/):
// prefix ":" base32(version byte + hash + 40-bit BCH checksum). Written here because the format is
// small and no installed library speaks it; its tests run the spec's own vectors.

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];

/** The spec's PolyMod over 5-bit values; 40 bits do not fit a JS bitwise int, so bigint. */
function polymod(values: readonly number[]): bigint {
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    for (let i = 0; i < 5; i++) if ((c0 >> BigInt(i)) & 1n) c ^= GENERATORS[i]!;
  }
  return c ^ 1n;
}

function prefixValues(prefix: string): number[] {
  return [...prefix].map((ch) => ch.charCodeAt(0) & 0x1f);
}

/** Regroup bits (8 -> 5 with padding, or 5 -> 8 strictly); null when the padding is not zero. */
function convertBits(data: readonly number[], from: number, to: number, pad: boolean): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & max);
  } else if (bits >= from || ((acc << (to - bits)) & max) !== 0) {
    return null;
  }
  return out;
}

/** Hash sizes in bytes by the version byte's size bits. */
const SIZES = [20, 24, 28, 32, 40, 48, 56, 64];

export type CashAddrType = 'p2pkh' | 'p2sh';

export function encodeCashAddr(prefix: string, type: CashAddrType, hash: Uint8Array): string {
  const sizeBits = SIZES.indexOf(hash.length);
  if (sizeBits < 0) throw new RangeError(`encodeCashAddr: a hash of ${hash.length} bytes has no CashAddr size`);
  const version = ((type === 'p2sh' ? 1 : 0) << 3) | sizeBits;
  const payload = convertBits([version, ...hash], 8, 5, true)!;
  const checksum = polymod([...prefixValues(prefix), 0, ...payload, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksumValues = Array.from({ length: 8 }, (_, i) => Number((checksum >> BigInt(5 * (7 - i))) & 0x1fn));
  return `${prefix}:${[...payload, ...checksumValues].map((v) => CHARSET[v]).join('')}`;
}

export type CashAddrDecoded = { prefix: string; payload: number[] };

/**
 * Check the characters, case and checksum; return the prefix and the 5-bit payload without the
 * checksum. An address without a prefix is checked against `defaultPrefix`, as wallets do.
 */
export function decodeCashAddrChecksum(address: string, defaultPrefix: string): CashAddrDecoded | null {
  // A bound on the work; the longest spec address (a 64-byte hash under bitcoincash:) has 124 characters.
  if (address.length > 128) return null;
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null;
  const lower = address.toLowerCase();
  const colon = lower.lastIndexOf(':');
  const prefix = colon < 0 ? defaultPrefix : lower.slice(0, colon);
  const body = colon < 0 ? lower : lower.slice(colon + 1);
  if (prefix === '' || body.length < 8) return null;
  const values: number[] = [];
  for (const ch of body) {
    const v = CHARSET.indexOf(ch);
    if (v < 0) return null;
    values.push(v);
  }
  if (polymod([...prefixValues(prefix), 0, ...values]) !== 0n) return null;
  return { prefix, payload: values.slice(0, -8) };
}

export type CashAddrParsed = { prefix: string; type: CashAddrType; hash: Uint8Array };

/** A full CashAddr address: checksum, version byte and hash length all as the spec says. */
export function decodeCashAddr(address: string, defaultPrefix: string): CashAddrParsed | null {
  const decoded = decodeCashAddrChecksum(address, defaultPrefix);
  if (!decoded) return null;
  const bytes = convertBits(decoded.payload, 5, 8, false);
  if (!bytes || bytes.length < 1) return null;
  const version = bytes[0]!;
  if (version & 0x80) return null;
  const typeBits = (version >> 3) & 0x0f;
  if (typeBits > 1) return null;
  const hash = Uint8Array.from(bytes.slice(1));
  if (hash.length !== SIZES[version & 0x07]) return null;
  return { prefix: decoded.prefix, type: typeBits === 1 ? 'p2sh' : 'p2pkh', hash };
}
