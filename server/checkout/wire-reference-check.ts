// The reference a guest quotes on a wire for a checkout, e.g. 'VRD-7KQ2-M9XD': the provider's prefix
// (server/money/deposits/wire-reference.ts, the same look as a member's wire reference), seven random
// characters from the alphabet without look-alikes and ONE CHECK CHARACTER (a weighted sum modulo 31, the prime size of that alphabet).
// The check catches every single mistyped character and every swap of two neighbours that an operator
// could make while copying it from a bank statement, before any wire is looked up: a typo never matches
// another guest's order by chance. 31^7 (about 2.8e10) references; the unique index catches a collision.

import { randomInt } from 'node:crypto';
import { referencePrefix, REFERENCE_ALPHABET, WIRE_REFERENCE_PATTERN } from '../money/deposits/wire-reference.ts';

const N = REFERENCE_ALPHABET.length;

/**
 * The character c with 1·x1 + 2·x2 + … + 7·x7 + 8·c ≡ 0 (mod 31), xi the characters' places in the
 * alphabet. 31 is prime and the weights 1..8 are distinct and not 0 modulo 31, so one wrong character
 * changes the sum by (its weight × the difference) ≠ 0, and two neighbours swapped by their difference ≠ 0.
 */
export function checkCharacter(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const code = REFERENCE_ALPHABET.indexOf(body[i] as string);
    if (code < 0) throw new Error(`not a reference character: ${body[i]}`);
    sum += (i + 1) * code;
  }
  // 8 · c ≡ −sum (mod 31); 4 is 8's inverse modulo 31 (32 = 31 + 1).
  return REFERENCE_ALPHABET[(((-sum * 4) % N) + N) % N] as string;
}

export function newCheckedWireReference(providerName: string): string {
  let body = '';
  for (let i = 0; i < 7; i += 1) body += REFERENCE_ALPHABET[randomInt(N)];
  return `${referencePrefix(providerName)}-${body.slice(0, 4)}-${body.slice(4)}${checkCharacter(body)}`;
}

/** What an operator typed (any case, with or without spaces and dashes), in the stored form when its shape and check character agree; else null (a typo). */
export function checkedWireReference(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  const reference = `${compact.slice(0, 3)}-${compact.slice(3, 7)}-${compact.slice(7)}`;
  if (compact.length !== 11 || !WIRE_REFERENCE_PATTERN.test(reference)) return null;
  const characters = compact.slice(3);
  return checkCharacter(characters.slice(0, 7)) === characters.slice(7) ? reference : null;
}
