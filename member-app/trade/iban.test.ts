import { describe, expect, it } from 'vitest';
import { formatIban, ibanChecksumValid } from './iban.ts';

describe('the IBAN check', () => {
  it.each([
    ['DE89 3704 0044 0532 0130 00', true],
    ['GB29NWBK60161331926819', true],
    ['gb29 nwbk 6016 1331 9268 19', true],
    ['DE89 3704 0044 0532 0130 01', false],
    ['DE00', false],
    ['', false],
  ])('%s is valid: %s', (iban, expected) => {
    expect(ibanChecksumValid(iban)).toBe(expected);
  });

  it('prints in groups of four', () => {
    expect(formatIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
