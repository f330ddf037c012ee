// Spec §3: the flow user's verified is 1 when compliance succeeds, else 3. Compliance is the whole verify
// account step: the email code, the mobile code AND the identity (verified_id, set when the guest's identity
// is approved). One rule, read by every answer that carries verified.id (the checkout, the checkout cookie,
// checkVerify, verify/id) and by the bank payments' refusal, so the page the guard picks (core's flowRedirect
// reads verified.id) and what the server allows never disagree: an identity approved before the codes leaves
// the guest on /compliance, and no bank payment starts until the codes are in too.
import type { CheckoutRow } from '../db/tables/checkouts.ts';

type VerifiedFields = Pick<CheckoutRow, 'email_verified' | 'mobile_verified' | 'verified_id'>;

/** 1 when the email, the mobile and the identity are all verified, else 3 (pending and failed alike). */
export function flowUserVerifiedId(checkout: VerifiedFields): 1 | 3 {
  return checkout.email_verified && checkout.mobile_verified && checkout.verified_id === 1 ? 1 : 3;
}

/** The answers' `verified`: each code, and id by the rule above. */
export function flowUserVerified(checkout: VerifiedFields): { email: boolean; mobile: boolean; id: 1 | 3 } {
  return { email: checkout.email_verified, mobile: checkout.mobile_verified, id: flowUserVerifiedId(checkout) };
}
