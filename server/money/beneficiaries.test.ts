import { describe, expect, it } from 'vitest';
import { ibanChecksumValid, maskIban } from './beneficiaries.ts';
import { TEST_BANK_ACCOUNTS } from './deposits/wire-instructions.ts';

describe('IBAN check digits (ISO 13616 mod 97)', () => {
  it.each([
    ['DE89370400440532013000', true],
    ['GB82WEST12345698765432', true],
    ['ES9121000418450200051332', true],
    ['FR1420041010050500013M02606', true],
    ['DE89370400440532013001', false],
    ['GB28WEST12345698765432', false],
    ['DE8937040044', false],
  ])('%s -> %s', (iban, valid) => {
    expect(ibanChecksumValid(iban)).toBe(valid);
  });

  it("the test bank's own accounts pass the check", () => {
    for (const account of Object.values(TEST_BANK_ACCOUNTS)) expect(ibanChecksumValid(account.iban)).toBe(true);
  });

  it('a masked IBAN keeps the country, the check digits and the last 4 characters', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• 3000');
  });
});
