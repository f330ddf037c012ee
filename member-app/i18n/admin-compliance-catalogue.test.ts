import { describe, expect, it } from 'vitest';
import { DOCUMENT_REVIEW_STATES } from '#core/compliance/document-kinds.ts';
import { KYC_STATES } from '#core/compliance/kyc-state.ts';
import { REQUESTABLE_STEPS } from '#core/contract/admin-compliance.ts';
import { adminComplianceEn, type AdminComplianceKey } from './admin-compliance-en.ts';
import { adminComplianceEs } from './admin-compliance-es.ts';

describe('the console compliance texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(adminComplianceEs).sort()).toEqual(Object.keys(adminComplianceEn).sort());
    for (const key of Object.keys(adminComplianceEn) as AdminComplianceKey[]) expect(names(adminComplianceEs[key]), key).toEqual(names(adminComplianceEn[key]));
  });

  it('names every state and every step an operator may ask for again', () => {
    for (const state of KYC_STATES) expect(adminComplianceEn).toHaveProperty(`state.${state}`);
    for (const step of REQUESTABLE_STEPS) expect(adminComplianceEn).toHaveProperty(`step.${step}`);
    for (const state of DOCUMENT_REVIEW_STATES) expect(adminComplianceEn).toHaveProperty(`photoState.${state}`);
  });
});
