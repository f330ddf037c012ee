// Spec §4 identity verification number: the one figure the apps keep in verified.id for a user's
// identity (compliance) check. Retail and guest flow read the same compliance status differently:
// a guest who is not yet successful is always "in review" (3), because a guest cannot act on
// a failure the way a member can (spec §3: a flow user is verified 1 when compliance is successful, else 3).

export type VerificationNumber = 0 | 1 | 2 | 3;

/** 0 failed (retail only), 1 successful, 2 pending or unknown, 3 review. */
export const VERIFICATION = { failed: 0, successful: 1, pending: 2, review: 3 } as const;

/** Where the number is shown: the member app ('retail') or the guest checkout flow ('guest-flow'). */
export type VerificationContext = 'retail' | 'guest-flow';

/**
 * The number for a compliance status as the server reports it ('successful', 'failed', 'pending',
 * 'review'). Anything else, or nothing, counts as pending: an unknown status must never unlock a
 * verified-only step, and must never tell a user they failed.
 */
export function verificationNumber(compliance: string | null | undefined, context: VerificationContext): VerificationNumber {
  if (compliance === 'successful') return VERIFICATION.successful;
  if (context === 'guest-flow') return VERIFICATION.review;
  if (compliance === 'failed') return VERIFICATION.failed;
  if (compliance === 'review') return VERIFICATION.review;
  return VERIFICATION.pending;
}

/** PATCH /verify/setVerifyId body: the compliance a client may set (spec §7). */
export type SetVerifyIdCompliance = 'pending' | 'review';

/** Spec §4: setting compliance pending gives 2, review gives 3 (the value the client stores after the call). */
export function verificationNumberAfterSetVerifyId(compliance: SetVerifyIdCompliance): 2 | 3 {
  return compliance === 'review' ? VERIFICATION.review : VERIFICATION.pending;
}
