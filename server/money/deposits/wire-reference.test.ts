import { describe, expect, it } from 'vitest';
import { newWireReference, normaliseWireReference, referencePrefix, WIRE_REFERENCE_PATTERN } from './wire-reference.ts';

describe('wire references', () => {
  it.each([
    ['Verdant Exchange', 'VRD'],
    ['Harbor Coin', 'HRB'],
    ['Io', 'IXX'],
  ])('the prefix of %s is %s', (name, prefix) => {
    expect(referencePrefix(name)).toBe(prefix);
  });

  it('a reference has no look-alike characters (0, O, 1, I, L) and a thousand of them are all different', () => {
    const references = Array.from({ length: 1000 }, () => newWireReference('Verdant Exchange'));
    for (const reference of references) {
      expect(reference).toMatch(WIRE_REFERENCE_PATTERN);
      expect(reference.slice(4)).not.toMatch(/[01OIL]/);
    }
    expect(new Set(references).size).toBe(1000);
  });

  it('what an operator types is matched in upper case without spaces', () => {
    expect(normaliseWireReference(' vrd-7kq2 -m9xd ')).toBe('VRD-7KQ2-M9XD');
  });
});
