import { describe, expect, it } from 'vitest';
import { KYC_STATES } from './kyc-state.ts';
import { REJECTION_REASONS, isRejectionReason } from './rejection-reasons.ts';
import { STEP_IDS } from './compliance-steps.ts';
import { TEST_KYC_CASES, decisionMessage, stateAfter, testKycDecision, type TestKycDecision } from './test-kyc-provider.ts';

describe('the test KYC provider decides from what the tester types', () => {
  const table: [string, { documentNumber: string; lastName: string }, TestKycDecision][] = [
    ['TEST-APPROVED is approved', { documentNumber: 'TEST-APPROVED', lastName: 'Doe' }, { decision: 'approved' }],
    ['TEST-REVIEW goes to review', { documentNumber: 'TEST-REVIEW', lastName: 'Doe' }, { decision: 'review' }],
    ['TEST-UNREADABLE is rejected: document unreadable', { documentNumber: 'TEST-UNREADABLE', lastName: 'Doe' }, { decision: 'rejected', reason: 'document_unreadable' }],
    ['TEST-EXPIRED is rejected: document expired', { documentNumber: 'TEST-EXPIRED', lastName: 'Doe' }, { decision: 'rejected', reason: 'document_expired' }],
    ['TEST-NAME is rejected: name mismatch', { documentNumber: 'TEST-NAME', lastName: 'Doe' }, { decision: 'rejected', reason: 'name_mismatch' }],
    ['TEST-SELFIE is rejected: selfie mismatch', { documentNumber: 'TEST-SELFIE', lastName: 'Doe' }, { decision: 'rejected', reason: 'selfie_mismatch' }],
    ['case, spaces and dashes do not matter', { documentNumber: ' test expired ', lastName: 'Doe' }, { decision: 'rejected', reason: 'document_expired' }],
    ['the last name Approved approves any document number', { documentNumber: '12345678Z', lastName: 'approved' }, { decision: 'approved' }],
    ['the last name Rejected rejects with a name mismatch', { documentNumber: '12345678Z', lastName: 'Rejected' }, { decision: 'rejected', reason: 'name_mismatch' }],
    ['the document number decides before the last name', { documentNumber: 'TEST-EXPIRED', lastName: 'Approved' }, { decision: 'rejected', reason: 'document_expired' }],
    ['anything else goes to review', { documentNumber: '12345678Z', lastName: 'Doe' }, { decision: 'review' }],
    ['a number that only contains a test value is not it', { documentNumber: 'XTEST-APPROVED', lastName: 'Doe' }, { decision: 'review' }],
  ];
  it.each(table)('%s', (_name, submission, decision) => {
    expect(testKycDecision(submission)).toEqual(decision);
  });

  it('every listed case decides as it says, explained in English and Spanish', () => {
    for (const testCase of TEST_KYC_CASES) {
      const submission = testCase.field === 'documentNumber' ? { documentNumber: testCase.value, lastName: 'Doe' } : { documentNumber: '12345678Z', lastName: testCase.value };
      expect(testKycDecision(submission), testCase.value).toEqual(testCase.outcome);
      expect(testCase.en.length, testCase.value).toBeGreaterThan(0);
      expect(testCase.es.length, testCase.value).toBeGreaterThan(0);
    }
  });

  it('a tester can reach every rejection reason by document number', () => {
    const reached = TEST_KYC_CASES.flatMap((testCase) => (testCase.field === 'documentNumber' && testCase.outcome.decision === 'rejected' ? [testCase.outcome.reason] : []));
    expect(new Set(reached)).toEqual(new Set(Object.keys(REJECTION_REASONS)));
  });

  it('fits the document number rule of setVerificationData (letters, digits, spaces, dashes; 40 at most)', () => {
    for (const testCase of TEST_KYC_CASES) if (testCase.field === 'documentNumber') expect(testCase.value).toMatch(/^[A-Za-z0-9][A-Za-z0-9 -]{0,39}$/);
  });
});

describe('what a decision leaves and says', () => {
  it.each([
    [{ decision: 'approved' } as const, 'approved', null],
    [{ decision: 'review' } as const, 'review', null],
    [{ decision: 'rejected', reason: 'document_expired' } as const, 'rejected', 'Your document has expired. Send a document that is still valid.'],
  ])('%j leaves the state %s and tells the member %s', (decision, state, message) => {
    expect(stateAfter(decision)).toBe(state);
    expect(KYC_STATES).toContain(stateAfter(decision));
    expect(decisionMessage(decision, 'en')).toBe(message);
  });

  it('says a rejection in Spanish too', () => {
    expect(decisionMessage({ decision: 'rejected', reason: 'document_expired' }, 'es')).toBe('Tu documento ha caducado. Envía un documento que siga siendo válido.');
  });
});

describe('rejection reasons a member can act on', () => {
  it.each(Object.entries(REJECTION_REASONS))('%s reopens known steps and is said in both languages', (code, reason) => {
    expect(isRejectionReason(code)).toBe(true);
    expect(reason.reopens.length).toBeGreaterThan(0);
    for (const step of reason.reopens) expect(STEP_IDS).toContain(step);
    expect(reason.en).not.toBe(reason.es);
    expect(reason.es.length).toBeGreaterThan(0);
  });

  it.each(['toString', 'sanctions_hit', ''])('%j is not a reason', (value) => {
    expect(isRejectionReason(value)).toBe(false);
  });
});
