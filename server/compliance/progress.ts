// What a member has done towards their next level, read from the users row (contact checks, the personal
// data and address the check uses), their application and their photos, and the answer of
// GET /users/compliance built from it with core's complianceSteps. A photo counts while it is submitted or
// approved; a rejected one (or one an operator asked again for) does not, so its step opens again.

import { complianceSteps, DOCUMENT_SIDES, type ComplianceProgress, type ComplianceSteps, type DocumentSide, type StepId } from '#core/compliance/compliance-steps.ts';
import { levelOf, nextLevel, type Level } from '#core/compliance/levels.ts';
import { isDeciding, type KycState } from '#core/compliance/kyc-state.ts';
import { isRejectionReason, REJECTION_REASONS } from '#core/compliance/rejection-reasons.ts';
import { TEST_KYC_CASES } from '#core/compliance/test-kyc-provider.ts';
import type { VerificationContext } from '#core/compliance/verification-number.ts';
import type { Compliance } from '#core/contract/compliance.ts';
import type { Db } from '../db/db.ts';
import { findApplication, stateOfStatus, type KycApplication } from './applications.ts';
import { listDocuments, type DocumentSummary, type Member } from './documents.ts';
import { providerLevels } from '../limits/provider-levels.ts';
import { requirementsOf } from '../limits/member-requirements.ts';

/** A photo still stands for its step: not rejected, not asked for again. */
export const counts = (document: Pick<DocumentSummary, 'reviewState'>) => document.reviewState === 'submitted' || document.reviewState === 'approved';

export interface MemberFacts {
  user: {
    first_name: string;
    last_name: string;
    date_of_birth: string;
    billing: { address1?: string; address2?: string; city?: string; zipCode?: string; country?: string };
    email_verified: boolean;
    mobile_verified: boolean;
    compliance_status: Parameters<typeof stateOfStatus>[0];
    language: 'en' | 'es' | null;
  };
  application: KycApplication | undefined;
  documents: DocumentSummary[];
  /** The member's provider's ladder (providers.levels, or the defaults), lowest first: the same the limits use. */
  levels: readonly Level[];
}

export async function readFacts(db: Db, member: Member): Promise<MemberFacts> {
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'date_of_birth', 'billing', 'email_verified', 'mobile_verified', 'compliance_status', 'language'])
    .where('id', '=', member.userId)
    .where('provider_id', '=', member.providerId)
    .executeTakeFirstOrThrow();
  const [application, documents, ladder] = await Promise.all([findApplication(db, member), listDocuments(db, member), providerLevels(db, member.providerId)]);
  return { user, application, documents, levels: ladder.levels };
}

export function stateOf(facts: MemberFacts): KycState {
  return facts.application?.state ?? stateOfStatus(facts.user.compliance_status);
}

/** The sides of the declared document that have a photo standing for them. */
function sidesSent(facts: MemberFacts): DocumentSide[] {
  const type = facts.application?.document_type;
  if (!type || type === 'residence_permit') return [];
  const kind = type;
  const wanted: readonly DocumentSide[] = DOCUMENT_SIDES[type];
  return wanted.filter((side) =>
    facts.documents.some((document) => document.kind === kind && counts(document) && (document.side === side || (side === 'front' && document.side === 'none'))),
  );
}

export function progressOf(facts: MemberFacts): ComplianceProgress {
  const application = facts.application;
  const has = (kind: DocumentSummary['kind']) => facts.documents.some((document) => document.kind === kind && counts(document));
  const type = application?.document_type ?? null;
  const sides = sidesSent(facts);
  return {
    email: facts.user.email_verified,
    phone: facts.user.mobile_verified,
    personalData: application?.personal_data_at != null,
    address: application?.address_at != null,
    document: type && sides.length > 0 ? { type, sides } : null,
    selfie: has('selfie'),
    proofOfAddress: has('proof_of_address'),
    reopened: (application?.reopened_steps ?? []) as StepId[],
  };
}

export function levelsFor(facts: MemberFacts): { level: Level | null; target: Level | null } {
  const proofApproved = facts.documents.some((document) => document.kind === 'proof_of_address' && document.reviewState === 'approved');
  const level = levelOf(requirementsOf(facts.user, proofApproved), facts.levels);
  return { level, target: nextLevel(level, facts.levels) };
}

export function stepsOf(facts: MemberFacts, context: VerificationContext): ComplianceSteps {
  return complianceSteps({ state: stateOf(facts), ...levelsFor(facts), progress: progressOf(facts), context });
}

/** Every compliance step is done and nothing is being decided: what POST /compliance/submit needs. */
export function canSubmit(steps: ComplianceSteps): boolean {
  const own = steps.steps.filter((step) => step.screen === 'compliance');
  return !isDeciding(steps.state) && own.length > 0 && steps.steps.every((step) => step.done) && !(steps.state === 'approved' && steps.target === null);
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function complianceAnswer(facts: MemberFacts, context: VerificationContext, mode: 'test' | 'live'): Compliance {
  const steps = stepsOf(facts, context);
  const language = facts.user.language ?? 'en';
  const application = facts.application;
  const billing = facts.user.billing;
  const reasons = (application?.reason_codes ?? []).filter(isRejectionReason).map((code) => ({ code, message: REJECTION_REASONS[code][language] }));
  return {
    ...steps,
    steps: steps.steps.map(({ document, ...step }) => (document ? { ...step, document: { type: document.type, sides: [...document.sides], sent: [...document.sent] } } : step)),
    next: steps.next ? { ...steps.next } : null,
    can_submit: canSubmit(steps),
    submitted_at: iso(application?.submitted_at),
    decided_at: iso(application?.decided_at),
    reasons,
    note: application?.note ?? null,
    personal_data: { first_name: facts.user.first_name, last_name: facts.user.last_name, date_of_birth: facts.user.date_of_birth },
    address: { address1: billing.address1 ?? '', address2: billing.address2 ?? '', city: billing.city ?? '', zip_code: billing.zipCode ?? '', country: billing.country ?? '' },
    document: application?.document_type && application.document_number && application.issue_country
      ? { type: application.document_type, number: application.document_number, issue_country: application.issue_country }
      : null,
    uploads: facts.documents.map((document) => ({
      id: String(document.id), kind: document.kind, side: document.side, review_state: document.reviewState, width: document.width, height: document.height,
      created_at: document.createdAt.toISOString(),
    })),
    test_cases: mode === 'test' ? TEST_KYC_CASES.map((testCase) => ({ field: testCase.field, value: testCase.value, en: testCase.en, es: testCase.es })) : [],
  };
}
