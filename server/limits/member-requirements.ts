// What a member has verified, as the levels read it (core/compliance/levels.ts VerificationFacts):
// the one place that says where each requirement lives. email and phone are the /verification
// screen's flags on users; identity is users.compliance_status = 'successful' (the KYC flow keeps it
// in step with its decision); proof_of_address is an approved proof_of_address photo (migration 0018).

import type { VerificationFacts } from '#core/compliance/levels.ts';
import type { Db } from '../db/db.ts';

export async function memberRequirements(db: Db, userId: bigint): Promise<VerificationFacts> {
  const [user, address] = await Promise.all([
    db.selectFrom('users').select(['email_verified', 'mobile_verified', 'compliance_status']).where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('identity_document_images')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'proof_of_address')
      .where('review_state', '=', 'approved')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return requirementsOf(user, address !== undefined);
}

/** The same rule for a caller that has already read the row and the photos (the compliance steps). */
export function requirementsOf(
  user: { email_verified: boolean; mobile_verified: boolean; compliance_status: string } | undefined,
  proofOfAddressApproved: boolean,
): VerificationFacts {
  return {
    email: user?.email_verified === true,
    phone: user?.mobile_verified === true,
    identity: user?.compliance_status === 'successful',
    proof_of_address: proofOfAddressApproved,
  };
}
