// An operator's decision in the console (roles compliance and admin): approve, reject with reasons the
// member reads (and a note), or ask for more (the steps to send again, and a note). Only a submission
// waiting for a decision (pending or review) can be decided. The decision and its audit row are written in
// one transaction: `audit` is the console's recordAudit, called with the same transaction, so a decision
// without its audit row cannot happen.

import type { StepId } from '#core/compliance/compliance-steps.ts';
import { isDeciding } from '#core/compliance/kyc-state.ts';
import type { RejectionReasonCode } from '#core/compliance/rejection-reasons.ts';
import { appError, type AppError } from '#core/errors.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { applyDecision, type KycDecision } from './decide.ts';

export type OperatorDecision =
  | { decision: 'approve'; note?: string | undefined }
  | { decision: 'reject'; reasons: readonly RejectionReasonCode[]; note?: string | undefined }
  | { decision: 'more'; steps: readonly StepId[]; note: string };

export interface AuditEntry {
  action: 'kyc.approve' | 'kyc.reject' | 'kyc.request_more';
  targetType: 'member';
  targetId: string;
  before: unknown;
  after: unknown;
}

export type AuditWriter = (trx: Transaction<Database>, entry: AuditEntry) => Promise<void>;

const ACTION = { approve: 'kyc.approve', reject: 'kyc.reject', more: 'kyc.request_more' } as const;

function ours(decision: OperatorDecision): KycDecision {
  switch (decision.decision) {
    case 'approve':
      return { decision: 'approved' };
    case 'reject':
      return { decision: 'rejected', reasons: decision.reasons, note: decision.note ?? null };
    case 'more':
      return { decision: 'more_requested', steps: decision.steps, note: decision.note };
  }
}

export async function decideAsOperator(
  db: Kysely<Database>,
  operator: { id: bigint; providerId: bigint },
  userId: bigint,
  decision: OperatorDecision,
  audit: AuditWriter,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; error: AppError }> {
  return db.transaction().execute(async (trx) => {
    const application = await trx
      .selectFrom('kyc_applications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('provider_id', '=', operator.providerId)
      .forUpdate()
      .executeTakeFirst();
    if (!application) return { ok: false as const, error: appError('member_not_found') };
    if (!isDeciding(application.state)) return { ok: false as const, error: appError('kyc_not_deciding') };
    await applyDecision(trx, application, ours(decision), { operatorId: operator.id }, now);
    const after = await trx.selectFrom('kyc_applications').select(['state', 'reason_codes', 'reopened_steps', 'note', 'decided_at']).where('id', '=', application.id).executeTakeFirstOrThrow();
    await audit(trx, {
      action: ACTION[decision.decision],
      targetType: 'member',
      targetId: String(userId),
      before: { state: application.state },
      after: { state: after.state, reason_codes: after.reason_codes, reopened_steps: after.reopened_steps, note: after.note },
    });
    return { ok: true as const };
  });
}
