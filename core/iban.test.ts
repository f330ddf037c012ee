import { describe, expect, it } from 'vitest';
import { formatIban, ibanChecksumValid, maskIban } from './iban.ts';

describe('IBAN check digits (ISO 13616 mod 97)', () => {
  it.each([
    ['DE89 3704 0044 0532 0130 00', true],
    ['GB29NWBK60161331926819', true],
    ['gb29 nwbk 6016 1331 9268 19', true],
    ['GB82WEST12345698765432', true],
    ['ES9121000418450200051332', true],
    ['FR1420041010050500013M02606', true],
    ['DE89 3704 0044 0532 0130 01', false],
    ['GB28WEST12345698765432', false],
    ['DE8937040044', false],
    ['DE00', false],
    ['', false],
  ])('%s is valid: %s', (iban, expected) => {
    expect(ibanChecksumValid(iban)).toBe(expected);
  });

  it('prints in groups of four', () => {
    expect(formatIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('a masked IBAN keeps the country, the check digits and the last 4 characters', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• 3000');
  });
});
