import { describe, expect, it } from 'vitest';
import { isDeciding, KYC_STATES, type KycState } from './kyc-state.ts';
import { setVerifyId, verificationNumberOfState, type VerificationContext, type VerificationNumber } from './verification-number.ts';

describe('identity verification number from the KYC state (spec §4)', () => {
  const table: [string, KycState, VerificationContext, VerificationNumber][] = [
    ['approved is 1 successful', 'approved', 'retail', 1],
    ['rejected is 0 failed (retail)', 'rejected', 'retail', 0],
    ['pending is 2', 'pending', 'retail', 2],
    ['not started is 2 (pending or unknown, the default)', 'not_started', 'retail', 2],
    ['more requested is 2: the next move is the member\'s', 'more_requested', 'retail', 2],
    ['review is 3', 'review', 'retail', 3],
    ['guest flow: approved is 1', 'approved', 'guest-flow', 1],
    ['in the guest flow, failed also maps to 3', 'rejected', 'guest-flow', 3],
    ['in the guest flow, pending also maps to 3', 'pending', 'guest-flow', 3],
    ['guest flow: not started is 3', 'not_started', 'guest-flow', 3],
    ['guest flow: more requested is 3', 'more_requested', 'guest-flow', 3],
    ['guest flow: review is 3', 'review', 'guest-flow', 3],
  ];
  it.each(table)('%s', (_name, state, context, expected) => {
    expect(verificationNumberOfState(state, context)).toBe(expected);
  });

  it('gives every state a number in both contexts', () => {
    for (const state of KYC_STATES) for (const context of ['retail', 'guest-flow'] as const) expect([0, 1, 2, 3]).toContain(verificationNumberOfState(state, context));
  });
});

describe('setVerifyId', () => {
  it('setting compliance pending gives 2', () => expect(setVerifyId('pending')).toEqual({ state: 'pending', number: 2 }));
  it('setting compliance review gives 3', () => expect(setVerifyId('review')).toEqual({ state: 'review', number: 3 }));
});

describe('when the provider or an operator is deciding', () => {
  const table: [KycState, boolean][] = [
    ['not_started', false],
    ['pending', true],
    ['review', true],
    ['approved', false],
    ['rejected', false],
    ['more_requested', false],
  ];
  it.each(table)('%s: deciding %s', (state, deciding) => {
    expect(isDeciding(state)).toBe(deciding);
  });
});
