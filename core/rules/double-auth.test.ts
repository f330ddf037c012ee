import { describe, it, expect } from 'vitest';
import { doubleAuth, type DoubleAuthSource } from './double-auth.ts';

describe('doubleAuth is 1 when verifications.OTPLogin is verified, else 0 (spec §4)', () => {
  const table: [string, DoubleAuthSource, 0 | 1][] = [
    ['verified gives 1', { verifications: { OTPLogin: 'verified' } }, 1],
    ['sent gives 0', { verifications: { OTPLogin: 'sent' } }, 0],
    ['absent OTPLogin gives 0', { verifications: {} }, 0],
    ['null OTPLogin gives 0', { verifications: { OTPLogin: null } }, 0],
    ['absent verifications gives 0', {}, 0],
    ['null verifications gives 0', { verifications: null }, 0],
    ['matching is exact: Verified gives 0', { verifications: { OTPLogin: 'Verified' } }, 0],
  ];
  it.each(table)('%s', (_name, info, expected) => {
    expect(doubleAuth(info)).toBe(expected);
  });
});
