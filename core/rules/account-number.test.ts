import { describe, it, expect } from 'vitest';
import { accountNumber } from './account-number.ts';

describe('account number: the account_prefix plus the client id (spec §2)', () => {
  it.each<[string, string | number | bigint | null | undefined, string | null]>([
    ['VX', '100231', 'VX100231'],
    ['HC-', 42, 'HC-42'],
    ['VX', 9007199254740993n, 'VX9007199254740993'],
    ['', '100231', '100231'],
    ['VX', '', null],
    ['VX', null, null],
    ['VX', undefined, null],
  ])('%s + %s -> %s', (prefix, clientId, expected) => {
    expect(accountNumber(prefix, clientId)).toBe(expected);
  });
});
