// Where a member's identity check stands. Spec §4 has four words for it (successful, failed, pending,
// review) because that is all an app needs to pick a screen; the check itself needs two more
// distinctions, so it keeps six states and says them in the spec's words only at the edge:
// - `not_started` vs `pending`: nothing sent yet (show the first step) is not the same as sent and
//   being checked by the provider's automatic check (show "processing", accept no new upload);
// - `rejected` vs `more_requested`: a rejection ends this submission with a reason the member reads,
//   while a request for more keeps the submission open and reopens only the steps an operator named.
// Both still read as the spec's numbers through `complianceStatusOf` (verification-number.ts).

export const KYC_STATES = ['not_started', 'pending', 'review', 'approved', 'rejected', 'more_requested'] as const;
export type KycState = (typeof KYC_STATES)[number];

/** The compliance status of spec §4 (the words the users table already stores) for each state. */
export type ComplianceStatus = 'successful' | 'failed' | 'pending' | 'review';

/**
 * not_started and more_requested read as pending: in both the next move is the member's, which is
 * what 2 ("pending or unknown") sends them to do. rejected reads as failed (0 for a member); the
 * guest flow turns it into 3 itself (rules/verification-number.ts).
 */
export const COMPLIANCE_STATUS_OF = {
  not_started: 'pending',
  pending: 'pending',
  review: 'review',
  approved: 'successful',
  rejected: 'failed',
  more_requested: 'pending',
} as const satisfies Record<KycState, ComplianceStatus>;

export function complianceStatusOf(state: KycState): ComplianceStatus {
  return COMPLIANCE_STATUS_OF[state];
}

export function isKycState(value: unknown): value is KycState {
  return typeof value === 'string' && (KYC_STATES as readonly string[]).includes(value);
}

/**
 * Whether the provider or an operator is deciding on what the member sent. A new upload then would
 * change what they are looking at, so nothing is taken until the decision. Every other state takes
 * uploads for the steps still open: after a rejection (its reasons are ones a member can fix), after
 * a request for more, and after an approval for the steps of a higher level (compliance-steps.ts).
 */
export function isDeciding(state: KycState): boolean {
  return state === 'pending' || state === 'review';
}
