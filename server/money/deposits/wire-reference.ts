// The reference a member quotes on a bank transfer, e.g. 'VRD-7KQ2-M9XD': the provider's three-letter
// prefix and eight random characters from an alphabet without look-alikes (no 0/O, 1/I/L), so it
// survives being read aloud or retyped from a banking app. 31^8 (about 8.5e11) values: a collision is
// rare, and the unique index on wire references catches it (the caller retries with a new one).

import { randomInt } from 'node:crypto';

export const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const WIRE_REFERENCE_PATTERN = /^[A-Z]{3}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/** First letter of the provider's name and the next two consonants: "Verdant Exchange" -> VRD, "Harbor Coin" -> HRB. */
export function referencePrefix(providerName: string): string {
  const letters = providerName.toUpperCase().replace(/[^A-Z]/g, '');
  const first = letters[0] ?? 'W';
  const consonants = letters.slice(1).replace(/[AEIOUY]/g, '');
  return (first + consonants + 'XX').slice(0, 3);
}

export function newWireReference(providerName: string): string {
  let random = '';
  for (let i = 0; i < 8; i += 1) random += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${referencePrefix(providerName)}-${random.slice(0, 4)}-${random.slice(4)}`;
}

/** What a member or operator typed, in the stored form: upper case, spaces dropped. */
export function normaliseWireReference(input: string): string {
  return input.replace(/\s/g, '').toUpperCase();
}
