// The guest wire reference's check character: every reference made is accepted (typed in any case,
// with spaces), and every single mistyped character or swap of neighbours is refused.
import { describe, expect, it } from 'vitest';
import { REFERENCE_ALPHABET } from '../money/deposits/wire-reference.ts';
import { checkCharacter, checkedWireReference, newCheckedWireReference } from './wire-reference-check.ts';

describe('guest wire references', () => {
  const references = Array.from({ length: 200 }, () => newCheckedWireReference('Verdant Exchange'));

  it('look like a member wire reference and pass their own check, however they are typed', () => {
    for (const reference of references) {
      expect(reference).toMatch(/^VRD-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
      expect(checkedWireReference(reference)).toBe(reference);
      expect(checkedWireReference(` ${reference.toLowerCase().replace('-', ' - ')} `)).toBe(reference);
      expect(checkedWireReference(reference.replace(/-/g, ''))).toBe(reference);
    }
  });

  it('refuse every single mistyped character of the random part and the check', () => {
    for (const reference of references.slice(0, 20)) {
      for (const position of [4, 5, 6, 7, 9, 10, 11, 12]) {
        for (const character of REFERENCE_ALPHABET) {
          if (character === reference[position]) continue;
          const typo = reference.slice(0, position) + character + reference.slice(position + 1);
          expect(checkedWireReference(typo)).toBeNull();
        }
      }
    }
  });

  it('refuse two different neighbours swapped', () => {
    for (const reference of references.slice(0, 50)) {
      const body = reference.slice(4, 8) + reference.slice(9);
      for (let i = 0; i < body.length - 1; i += 1) {
        if (body[i] === body[i + 1]) continue;
        const swapped = body.slice(0, i) + body[i + 1] + body[i] + body.slice(i + 2);
        expect(checkedWireReference(`VRD-${swapped.slice(0, 4)}-${swapped.slice(4)}`)).toBeNull();
      }
    }
  });

  it.each([
    { case: 'a known body', body: '7KQ2M9X', check: checkCharacter('7KQ2M9X') },
    { case: 'all the first character', body: 'AAAAAAA', check: 'A' },
  ])('$case has a stable check character', ({ body, check }) => {
    expect(checkCharacter(body)).toBe(check);
  });

  it.each(['', 'VRD-7KQ2', 'VRD-7KQ2-M9X0', 'not a reference'])('refuse %j as malformed', (input) => {
    expect(checkedWireReference(input)).toBeNull();
  });
});
