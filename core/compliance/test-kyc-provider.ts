// The test KYC provider (MODE=test): decisions fixed by what the tester types, like Stripe's test
// cards, so a browser test or a person trying the console knows the outcome in advance. The
// identity document's number decides first, then the last name, else the submission goes to review.
//
// Why review by default (Stripe's default is success): in test mode the point of an ordinary
// submission is to reach the compliance queue, where an operator approves or rejects it; a tester
// who wants the automatic approval types TEST-APPROVED or the last name Approved.

import { REJECTION_REASONS, type RejectionReasonCode } from './rejection-reasons.ts';
import type { KycState } from './kyc-state.ts';

export type TestKycDecision = { decision: 'approved' } | { decision: 'review' } | { decision: 'rejected'; reason: RejectionReasonCode };

export interface TestKycCase {
  field: 'documentNumber' | 'lastName';
  /** What to type; matched without case, spaces or dashes, so "test expired" works too. */
  value: string;
  outcome: TestKycDecision;
  /** What the case is for, said to a tester beside the form. */
  en: string;
  es: string;
}

const rejected = (reason: RejectionReasonCode): TestKycDecision => ({ decision: 'rejected', reason });

/** In the order they are shown and tried. */
export const TEST_KYC_CASES: readonly TestKycCase[] = [
  { field: 'documentNumber', value: 'TEST-APPROVED', outcome: { decision: 'approved' }, en: 'Approved at once by the provider.', es: 'El proveedor lo aprueba al momento.' },
  { field: 'documentNumber', value: 'TEST-REVIEW', outcome: { decision: 'review' }, en: 'Sent to the compliance queue for an operator to decide.', es: 'Pasa a la cola de cumplimiento para que decida un operador.' },
  { field: 'documentNumber', value: 'TEST-UNREADABLE', outcome: rejected('document_unreadable'), en: 'Rejected: the document cannot be read.', es: 'Rechazado: el documento no se puede leer.' },
  { field: 'documentNumber', value: 'TEST-EXPIRED', outcome: rejected('document_expired'), en: 'Rejected: the document has expired.', es: 'Rechazado: el documento ha caducado.' },
  { field: 'documentNumber', value: 'TEST-UNSUPPORTED', outcome: rejected('document_unsupported'), en: 'Rejected: this kind of document is not accepted.', es: 'Rechazado: este tipo de documento no se acepta.' },
  { field: 'documentNumber', value: 'TEST-NAME', outcome: rejected('name_mismatch'), en: 'Rejected: the name does not match the document.', es: 'Rechazado: el nombre no coincide con el documento.' },
  { field: 'documentNumber', value: 'TEST-BIRTH', outcome: rejected('date_of_birth_mismatch'), en: 'Rejected: the date of birth does not match the document.', es: 'Rechazado: la fecha de nacimiento no coincide con el documento.' },
  { field: 'documentNumber', value: 'TEST-SELFIE', outcome: rejected('selfie_mismatch'), en: 'Rejected: the selfie does not match the document photo.', es: 'Rechazado: el selfi no coincide con la foto del documento.' },
  { field: 'documentNumber', value: 'TEST-ADDRESS', outcome: rejected('proof_of_address_unacceptable'), en: 'Rejected: the proof of address is not acceptable.', es: 'Rechazado: el justificante de domicilio no es válido.' },
  { field: 'lastName', value: 'Approved', outcome: { decision: 'approved' }, en: 'Any document number: approved at once.', es: 'Con cualquier número de documento: aprobado al momento.' },
  { field: 'lastName', value: 'Rejected', outcome: rejected('name_mismatch'), en: 'Any document number: rejected, the name does not match.', es: 'Con cualquier número de documento: rechazado, el nombre no coincide.' },
];

/** What every other submission gets. */
export const TEST_KYC_DEFAULT: TestKycDecision = { decision: 'review' };

const normalise = (text: string) => text.toUpperCase().replace(/[\s-]+/g, '');

export interface TestKycSubmission {
  documentNumber: string;
  lastName: string;
}

export function testKycDecision(submission: TestKycSubmission): TestKycDecision {
  for (const field of ['documentNumber', 'lastName'] as const) {
    const typed = normalise(submission[field]);
    const found = TEST_KYC_CASES.find((testCase) => testCase.field === field && normalise(testCase.value) === typed);
    if (found) return found.outcome;
  }
  return TEST_KYC_DEFAULT;
}

/** The state a decision leaves the submission in. */
export function stateAfter(decision: TestKycDecision): KycState {
  return decision.decision;
}

/** The member's words for a decision: the rejection's reason, or null when there is nothing to fix. */
export function decisionMessage(decision: TestKycDecision, language: 'en' | 'es'): string | null {
  return decision.decision === 'rejected' ? REJECTION_REASONS[decision.reason][language] : null;
}
