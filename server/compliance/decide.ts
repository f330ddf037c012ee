// A decision on a submitted application, whoever takes it: the test provider at once, a live provider's
// webhook, or an operator in the console (decided_by). It runs inside the caller's transaction on an
// application the caller locked, so the state, the photos' review states and users.compliance_status
// move together: limits read an approved identity from compliance_status and an approved proof of
// address from the photo's review_state, so both are written here in the same transaction.

import type { StepId } from '#core/compliance/compliance-steps.ts';
import type { DocumentKind } from '#core/compliance/document-kinds.ts';
import { REJECTION_REASONS, type RejectionReasonCode } from '#core/compliance/rejection-reasons.ts';
import type { Db } from '../db/db.ts';
import { changeApplication, type KycApplication } from './applications.ts';

export type KycDecision =
  | { decision: 'approved' }
  | { decision: 'review' }
  | { decision: 'rejected'; reasons: readonly RejectionReasonCode[]; note?: string | null }
  | { decision: 'more_requested'; steps: readonly StepId[]; note: string };

/** The photo kinds each step's photos are stored as. */
export const KINDS_OF_STEP: Partial<Record<StepId, readonly DocumentKind[]>> = {
  identity_document: ['passport', 'id_card', 'driving_licence'],
  selfie: ['selfie'],
  proof_of_address: ['proof_of_address'],
};

export const kindsOfSteps = (steps: readonly StepId[]) => steps.flatMap((step) => KINDS_OF_STEP[step] ?? []);

export interface DecisionBy {
  /** The operator who decided; null for the provider. */
  operatorId: bigint | null;
  /** The provider's own word for its decision (test: approved / rejected / review). */
  providerDecision?: string;
}

/** The reasons' reopened steps, each once. */
export function reopenedBy(reasons: readonly RejectionReasonCode[]): StepId[] {
  return [...new Set(reasons.flatMap((reason) => REJECTION_REASONS[reason].reopens))];
}

export async function applyDecision(trx: Db, application: KycApplication, decision: KycDecision, by: DecisionBy, now = new Date()): Promise<void> {
  const provider = by.providerDecision === undefined ? {} : { provider_decision: by.providerDecision };
  const documents = trx.updateTable('identity_document_images').where('user_id', '=', application.user_id).where('provider_id', '=', application.provider_id).where('review_state', '=', 'submitted');
  switch (decision.decision) {
    case 'review':
      await changeApplication(trx, application, { state: 'review', ...provider });
      return;
    case 'approved':
      await documents.set({ review_state: 'approved', reviewed_at: now }).execute();
      await changeApplication(trx, application, {
        state: 'approved', decided_at: now, decided_by: by.operatorId, reason_codes: [], note: null, reopened_steps: [],
        identity_approved_at: application.identity_approved_at ?? now, ...provider,
      });
      return;
    case 'rejected': {
      const reopened = reopenedBy(decision.reasons);
      const kinds = kindsOfSteps(reopened);
      // The photos the reasons are about stop counting; the member's other photos stay as sent.
      if (kinds.length > 0) await documents.where('kind', 'in', kinds).set({ review_state: 'rejected', review_reason: decision.reasons.join(', '), reviewed_at: now }).execute();
      await changeApplication(trx, application, {
        // After an earlier approval the identity stays approved; the member reads the reasons and sends again.
        state: application.identity_approved_at ? 'approved' : 'rejected',
        decided_at: now, decided_by: by.operatorId, reason_codes: decision.reasons, note: decision.note ?? null, reopened_steps: reopened, ...provider,
      });
      return;
    }
    case 'more_requested': {
      const kinds = kindsOfSteps(decision.steps);
      if (kinds.length > 0) await documents.where('kind', 'in', kinds).set({ review_state: 'more_requested', review_reason: decision.note, reviewed_at: now }).execute();
      await changeApplication(trx, application, {
        state: 'more_requested', decided_at: now, decided_by: by.operatorId, reason_codes: [], note: decision.note, reopened_steps: decision.steps, ...provider,
      });
      return;
    }
  }
}
