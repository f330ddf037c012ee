import { describe, it, expect } from 'vitest';
import {
  verificationNumber,
  verificationNumberAfterSetVerifyId,
  type VerificationContext,
  type VerificationNumber,
} from './verification-number.ts';

describe('identity verification number (spec §4)', () => {
  const table: [string, string | null | undefined, VerificationContext, VerificationNumber][] = [
    ['1 successful', 'successful', 'retail', 1],
    ['0 failed (retail)', 'failed', 'retail', 0],
    ['2 pending', 'pending', 'retail', 2],
    ['2 unknown (default): an unrecognised status', 'approved-ish', 'retail', 2],
    ['2 unknown (default): no status', undefined, 'retail', 2],
    ['2 unknown (default): null status', null, 'retail', 2],
    ['3 review', 'review', 'retail', 3],
    ['guest flow: successful is 1', 'successful', 'guest-flow', 1],
    ['in the guest flow, failed also maps to 3', 'failed', 'guest-flow', 3],
    ['in the guest flow, pending also maps to 3', 'pending', 'guest-flow', 3],
    ['guest flow: review is 3', 'review', 'guest-flow', 3],
    ['guest flow: a flow user is verified 1 when compliance is successful, else 3 (unknown)', undefined, 'guest-flow', 3],
    ['status matching is exact: "Successful" is not successful', 'Successful', 'retail', 2],
  ];
  it.each(table)('%s', (_name, compliance, context, expected) => {
    expect(verificationNumber(compliance, context)).toBe(expected);
  });
});

describe('setVerifyId', () => {
  it('setting compliance pending gives 2', () => {
    expect(verificationNumberAfterSetVerifyId('pending')).toBe(2);
  });
  it('setting compliance review gives 3', () => {
    expect(verificationNumberAfterSetVerifyId('review')).toBe(3);
  });
});
