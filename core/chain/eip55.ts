// Ethereum addresses: 20 bytes, written 0x + 40 hex digits, with the EIP-55 mixed-case checksum
// (a letter is upper case where the keccak-256 of the lower-case hex has a nibble >= 8).

import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The EIP-55 form of a 0x address (any case in, checksummed case out). */
export function toChecksumAddress(address: string): string {
  if (!HEX_ADDRESS.test(address)) throw new RangeError(`toChecksumAddress: not a 0x address of 40 hex digits: ${address}`);
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += Number.parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

/**
 * A well-formed address whose checksum holds. All lower or all upper case carries no checksum and
 * is accepted, as EIP-55 says; mixed case must match exactly, which catches a mistyped character.
 */
export function isValidEvmAddress(address: string): boolean {
  if (!HEX_ADDRESS.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

/** The address of an uncompressed secp256k1 public key (65 bytes, 0x04 || x || y). */
export function evmAddressFromPublicKey(uncompressed: Uint8Array): string {
  if (uncompressed.length !== 65 || uncompressed[0] !== 0x04) throw new RangeError('evmAddressFromPublicKey: needs a 65-byte uncompressed key');
  const hash = keccak_256(uncompressed.subarray(1));
  return toChecksumAddress(`0x${bytesToHex(hash.subarray(12))}`);
}
