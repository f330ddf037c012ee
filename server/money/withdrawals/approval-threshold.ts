// The provider's maker-checker threshold (core/withdrawal-approval.ts): a withdrawal worth this much
// EUR or more waits for two operators. A provider without a row has the default.

import { DEFAULT_APPROVAL_THRESHOLD_MINOR } from '#core/withdrawal-approval.ts';
import type { Db } from '../../db/db.ts';

export interface ApprovalThreshold {
  thresholdMinor: bigint;
  isDefault: boolean;
}

export async function readApprovalThreshold(db: Db, providerId: bigint): Promise<ApprovalThreshold> {
  const row = await db.selectFrom('withdrawal_approval_settings').select('threshold_minor').where('provider_id', '=', providerId).executeTakeFirst();
  return row ? { thresholdMinor: row.threshold_minor, isDefault: false } : { thresholdMinor: DEFAULT_APPROVAL_THRESHOLD_MINOR, isDefault: true };
}

/** Sets the threshold; returns what it was before (for the audit log). Applies to withdrawals confirmed from now on. */
export async function saveApprovalThreshold(db: Db, providerId: bigint, thresholdMinor: bigint): Promise<ApprovalThreshold> {
  const before = await readApprovalThreshold(db, providerId);
  await db
    .insertInto('withdrawal_approval_settings')
    .values({ provider_id: providerId, threshold_minor: thresholdMinor })
    .onConflict((conflict) => conflict.column('provider_id').doUpdateSet({ threshold_minor: thresholdMinor, updated_at: new Date() }))
    .execute();
  return before;
}
