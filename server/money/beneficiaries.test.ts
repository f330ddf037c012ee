import { describe, expect, it } from 'vitest';
import { ibanChecksumValid } from '#core/iban.ts';
import { TEST_BANK_ACCOUNTS } from './deposits/wire-instructions.ts';

describe('the test bank', () => {
  it("the test bank's own accounts pass the check", () => {
    for (const account of Object.values(TEST_BANK_ACCOUNTS)) expect(ibanChecksumValid(account.iban)).toBe(true);
  });
});
