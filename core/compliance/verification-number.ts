// Spec §4's identity verification number from a KYC state. The spec's words and their numbers stay
// in rules/verification-number.ts (the server already answers them from the stored compliance
// status); this file only says which word each KYC state is, so there is one mapping to the numbers.

import {
  verificationNumber,
  verificationNumberAfterSetVerifyId,
  type SetVerifyIdCompliance,
  type VerificationContext,
  type VerificationNumber,
} from '../rules/verification-number.ts';
import { complianceStatusOf, type KycState } from './kyc-state.ts';

export type { VerificationContext, VerificationNumber };

/** 1 approved; 0 rejected (member); 3 review, and in the guest flow anything not approved; else 2. */
export function verificationNumberOfState(state: KycState, context: VerificationContext): VerificationNumber {
  return verificationNumber(complianceStatusOf(state), context);
}

/** setVerifyId (spec §7): the state a member's own call may set, and the number it answers. */
export const KYC_STATE_AFTER_SET_VERIFY_ID = { pending: 'pending', review: 'review' } as const satisfies Record<SetVerifyIdCompliance, KycState>;

export function setVerifyId(compliance: SetVerifyIdCompliance): { state: KycState; number: 2 | 3 } {
  return { state: KYC_STATE_AFTER_SET_VERIFY_ID[compliance], number: verificationNumberAfterSetVerifyId(compliance) };
}
