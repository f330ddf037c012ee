// The steps a member walks to reach a level, what they have done and what comes next: the answer of
// GET /users/compliance (spec §7), for a member and, with is_flow=1, for the guest flow. Email and
// phone are steps too, done on the /verification screen, so the answer is the whole way to the level
// and an app never has to know which requirement hides behind which screen.

import { DOCUMENT_TYPES, type DocumentType } from '../contract/verify.ts';
import { isDeciding, type KycState } from './kyc-state.ts';
import type { Requirement } from './levels-config.ts';
import type { Level } from './levels.ts';
import { verificationNumberOfState, type VerificationContext, type VerificationNumber } from './verification-number.ts';

/** Every step, in the order a member does them: a selfie is matched against the document before it. */
export const STEP_IDS = ['email', 'phone', 'personal_data', 'address', 'identity_document', 'selfie', 'proof_of_address'] as const;
export type StepId = (typeof STEP_IDS)[number];

/** Where a step is done: email and phone codes on /verification, the rest on /compliance. */
export const STEP_SCREEN: Record<StepId, 'verification' | 'compliance'> = {
  email: 'verification',
  phone: 'verification',
  personal_data: 'compliance',
  address: 'compliance',
  identity_document: 'compliance',
  selfie: 'compliance',
  proof_of_address: 'compliance',
};

/**
 * The steps each requirement brings. Identity needs personal data and an address too, because a
 * provider checks the document against the name, date of birth and country the member gave.
 */
const STEPS_OF_REQUIREMENT: Record<Requirement, readonly StepId[]> = {
  email: ['email'],
  phone: ['phone'],
  identity: ['personal_data', 'address', 'identity_document', 'selfie'],
  proof_of_address: ['address', 'proof_of_address'],
};

export type DocumentSide = 'front' | 'back';

/**
 * The sides to photograph per document: a passport's data page is its front and it has no back;
 * the cards carry data (and the MRZ or barcode providers read) on the back. residence_permit is
 * here because setVerificationData already accepts it, and it is a card.
 */
export const DOCUMENT_SIDES = {
  passport: ['front'],
  id_card: ['front', 'back'],
  driving_licence: ['front', 'back'],
  residence_permit: ['front', 'back'],
} as const satisfies Record<DocumentType, readonly DocumentSide[]>;

export { DOCUMENT_TYPES, type DocumentType };

/** What the member has sent so far for this submission. */
export interface ComplianceProgress {
  email: boolean;
  phone: boolean;
  personalData: boolean;
  address: boolean;
  /** The document chosen and the sides sent of it; null until a first side is sent. */
  document: { type: DocumentType; sides: readonly DocumentSide[] } | null;
  selfie: boolean;
  proofOfAddress: boolean;
  /** Steps to do again though sent: named by an operator (more_requested) or by a rejection's reason. */
  reopened: readonly StepId[];
}

export interface ComplianceStep {
  id: StepId;
  screen: 'verification' | 'compliance';
  done: boolean;
  /** identity_document only: the document chosen (null until one is), its sides and those sent. */
  document?: { type: DocumentType | null; sides: readonly DocumentSide[]; sent: readonly DocumentSide[] };
}

export interface ComplianceSteps {
  state: KycState;
  verification: VerificationNumber;
  /** The member's level now, and the level these steps lead to (null at the top). */
  level: string | null;
  target: string | null;
  steps: ComplianceStep[];
  /** What to do now; null when every step is done or the member must wait for a decision. */
  next: { step: StepId; screen: 'verification' | 'compliance'; side?: DocumentSide } | null;
  /** Spec §7: 1 when asked with is_flow=1 for the guest flow. */
  is_flow: 0 | 1;
}

/** The steps a level needs, each once, in STEP_IDS order. */
export function stepsFor(requires: readonly Requirement[]): StepId[] {
  const needed = new Set(requires.flatMap((requirement) => STEPS_OF_REQUIREMENT[requirement]));
  return STEP_IDS.filter((id) => needed.has(id));
}

function sidesSent(progress: ComplianceProgress): readonly DocumentSide[] {
  return progress.document?.sides ?? [];
}

function documentDone(progress: ComplianceProgress): boolean {
  const document = progress.document;
  return document !== null && DOCUMENT_SIDES[document.type].every((side) => document.sides.includes(side));
}

const DONE: Record<StepId, (progress: ComplianceProgress) => boolean> = {
  email: (p) => p.email,
  phone: (p) => p.phone,
  personal_data: (p) => p.personalData,
  address: (p) => p.address,
  identity_document: documentDone,
  selfie: (p) => p.selfie,
  proof_of_address: (p) => p.proofOfAddress,
};

function stepOf(id: StepId, progress: ComplianceProgress): ComplianceStep {
  const done = DONE[id](progress) && !progress.reopened.includes(id);
  const step: ComplianceStep = { id, screen: STEP_SCREEN[id], done };
  if (id !== 'identity_document') return step;
  // A reopened document starts again from its front: the operator could not use what was sent.
  const type = progress.document?.type ?? null;
  const sent = progress.reopened.includes(id) ? [] : sidesSent(progress);
  return { ...step, document: { type, sides: type ? DOCUMENT_SIDES[type] : [], sent } };
}

export interface ComplianceQuestion {
  state: KycState;
  /** The member's level (levelOf) and the one they are working towards (nextLevel, or the level the flow needs). */
  level: Level | null;
  target: Level | null;
  progress: ComplianceProgress;
  context: VerificationContext;
}

export function complianceSteps({ state, level, target, progress, context }: ComplianceQuestion): ComplianceSteps {
  const steps = target ? stepsFor(target.requires).map((id) => stepOf(id, progress)) : [];
  const answer = {
    state,
    verification: verificationNumberOfState(state, context),
    level: level?.id ?? null,
    target: target?.id ?? null,
    steps,
    is_flow: context === 'guest-flow' ? 1 : 0,
  } as const;
  // While the provider or an operator decides there is nothing for the member to do. After an
  // approval the steps still open are a higher level's (a proof of address), so they stay next.
  if (isDeciding(state)) return { ...answer, next: null };
  const open = steps.find((step) => !step.done);
  if (!open) return { ...answer, next: null };
  if (open.id !== 'identity_document') return { ...answer, next: { step: open.id, screen: open.screen } };
  const side = open.document?.sides.find((candidate) => !open.document?.sent.includes(candidate)) ?? 'front';
  return { ...answer, next: { step: open.id, screen: open.screen, side } };
}

export interface UploadQuestion {
  steps: ComplianceSteps;
  step: StepId;
  documentType?: DocumentType;
  side?: DocumentSide;
}

/**
 * Whether the server may take this upload now, or the error to answer: nothing while deciding; a
 * step opens once every step before it is done (the selfie is compared with the document, the
 * document with the personal data); a done step may be sent again to correct it, except after an
 * approval, which is final for what it approved; and a side must exist on its document.
 */
export function uploadRefusal({ steps, step, documentType, side }: UploadQuestion): 'kyc_in_progress' | 'compliance_final' | 'kyc_step_not_open' | 'document_side_not_needed' | null {
  if (isDeciding(steps.state)) return 'kyc_in_progress';
  const index = steps.steps.findIndex((candidate) => candidate.id === step);
  if (index < 0 || STEP_SCREEN[step] !== 'compliance') return 'kyc_step_not_open';
  if (steps.state === 'approved' && steps.steps[index]!.done) return 'compliance_final';
  if (steps.steps.slice(0, index).some((earlier) => !earlier.done)) return 'kyc_step_not_open';
  if (step === 'identity_document') {
    if (!documentType || !side) return 'kyc_step_not_open';
    if (!(DOCUMENT_SIDES[documentType] as readonly DocumentSide[]).includes(side)) return 'document_side_not_needed';
  }
  return null;
}
