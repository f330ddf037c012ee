import { describe, expect, it } from 'vitest';
import { complianceSteps, DOCUMENT_SIDES, DOCUMENT_TYPES, stepsFor, uploadRefusal, type ComplianceProgress, type ComplianceQuestion } from './compliance-steps.ts';
import { DEFAULT_LEVELS_CONFIG } from './levels-config.ts';
import { levelsOf } from './levels.ts';

const [basic, verified, enhanced] = levelsOf(DEFAULT_LEVELS_CONFIG) as [ReturnType<typeof levelsOf>[0], ReturnType<typeof levelsOf>[0], ReturnType<typeof levelsOf>[0]];
const nothing: ComplianceProgress = { email: true, phone: true, personalData: false, address: false, document: null, selfie: false, proofOfAddress: false, reopened: [] };
const ask = (progress: Partial<ComplianceProgress>, question: Partial<ComplianceQuestion> = {}): ComplianceQuestion => ({
  state: 'not_started',
  level: basic,
  target: verified,
  progress: { ...nothing, ...progress },
  context: 'retail',
  ...question,
});

describe('the steps a level requires', () => {
  it.each([
    ['basic: email and phone, on the verification screen', basic.requires, ['email', 'phone']],
    ['verified: personal data, address, identity document, then a selfie', verified.requires, ['email', 'phone', 'personal_data', 'address', 'identity_document', 'selfie']],
    ['enhanced: and a proof of address', enhanced.requires, ['email', 'phone', 'personal_data', 'address', 'identity_document', 'selfie', 'proof_of_address']],
    ['a proof of address alone brings the address with it, once', ['proof_of_address'] as const, ['address', 'proof_of_address']],
  ])('%s', (_name, requires, steps) => {
    expect(stepsFor(requires)).toEqual(steps);
  });

  it.each([
    ['passport', ['front']],
    ['id_card', ['front', 'back']],
    ['driving_licence', ['front', 'back']],
    ['residence_permit', ['front', 'back']],
  ] as const)('a %s is photographed on %j', (type, sides) => {
    expect(DOCUMENT_SIDES[type]).toEqual(sides);
  });

  it('knows the sides of every document setVerificationData accepts', () => {
    for (const type of DOCUMENT_TYPES) expect(DOCUMENT_SIDES[type].length).toBeGreaterThan(0);
  });
});

describe('what comes next', () => {
  const table: [string, ComplianceQuestion, unknown][] = [
    ['a new member starts with personal data', ask({}), { step: 'personal_data', screen: 'compliance' }],
    ['then the address', ask({ personalData: true }), { step: 'address', screen: 'compliance' }],
    ['then the front of the document', ask({ personalData: true, address: true }), { step: 'identity_document', screen: 'compliance', side: 'front' }],
    ['then the back of an ID card', ask({ personalData: true, address: true, document: { type: 'id_card', sides: ['front'] } }), { step: 'identity_document', screen: 'compliance', side: 'back' }],
    ['a passport has no back: the selfie follows its front', ask({ personalData: true, address: true, document: { type: 'passport', sides: ['front'] } }), { step: 'selfie', screen: 'compliance' }],
    ['a driving licence with both sides: the selfie', ask({ personalData: true, address: true, document: { type: 'driving_licence', sides: ['back', 'front'] } }), { step: 'selfie', screen: 'compliance' }],
    ['all sent: nothing next', ask({ personalData: true, address: true, document: { type: 'passport', sides: ['front'] }, selfie: true }), null],
    ['an unverified phone comes first, on the verification screen', ask({ phone: false }, { level: null, target: basic }), { step: 'phone', screen: 'verification' }],
    ['approved at verified, working towards enhanced: the proof of address', ask({ personalData: true, address: true, document: { type: 'passport', sides: ['front'] }, selfie: true }, { level: verified, target: enhanced, state: 'approved' }), { step: 'proof_of_address', screen: 'compliance' }],
    ['more requested: the reopened selfie', ask({ personalData: true, address: true, document: { type: 'passport', sides: ['front'] }, selfie: true, reopened: ['selfie'] }, { state: 'more_requested' }), { step: 'selfie', screen: 'compliance' }],
    ['a reopened ID card starts again from its front', ask({ personalData: true, address: true, document: { type: 'id_card', sides: ['front', 'back'] }, selfie: true, reopened: ['identity_document'] }, { state: 'rejected' }), { step: 'identity_document', screen: 'compliance', side: 'front' }],
    ['while in review nothing is next, though a step is open', ask({}, { state: 'review' }), null],
    ['while pending nothing is next', ask({}, { state: 'pending' }), null],
    ['at the top level there are no steps', ask({}, { level: enhanced, target: null, state: 'approved' }), null],
  ];
  it.each(table)('%s', (_name, question, next) => {
    expect(complianceSteps(question).next).toEqual(next);
  });

  it('answers the whole way with what is done, the levels and the verification number', () => {
    const answer = complianceSteps(ask({ personalData: true, document: { type: 'id_card', sides: ['front'] } }));
    expect(answer).toMatchObject({ state: 'not_started', verification: 2, level: 'basic', target: 'verified', is_flow: 0 });
    expect(answer.steps.map((step) => [step.id, step.done])).toEqual([
      ['email', true],
      ['phone', true],
      ['personal_data', true],
      ['address', false],
      ['identity_document', false],
      ['selfie', false],
    ]);
    expect(answer.steps.find((step) => step.id === 'identity_document')?.document).toEqual({ type: 'id_card', sides: ['front', 'back'], sent: ['front'] });
  });

  it.each([
    ['the guest flow answers is_flow 1 and reads pending as 3', 'guest-flow', 'pending', 1, 3],
    ['a member reads pending as 2', 'retail', 'pending', 0, 2],
    ['the guest flow reads a rejection as 3', 'guest-flow', 'rejected', 1, 3],
  ] as const)('%s', (_name, context, state, isFlow, number) => {
    const answer = complianceSteps(ask({}, { context, state }));
    expect(answer.is_flow).toBe(isFlow);
    expect(answer.verification).toBe(number);
  });
});

describe('whether an upload is taken now', () => {
  const ready = complianceSteps(ask({ personalData: true, address: true }));
  const table: [string, Parameters<typeof uploadRefusal>[0], ReturnType<typeof uploadRefusal>][] = [
    ['the front of an ID card once the address is in', { steps: ready, step: 'identity_document', documentType: 'id_card', side: 'front' }, null],
    ['the back of an ID card', { steps: ready, step: 'identity_document', documentType: 'id_card', side: 'back' }, null],
    ['the back of a passport: it has none', { steps: ready, step: 'identity_document', documentType: 'passport', side: 'back' }, 'document_side_not_needed'],
    ['a document without its type and side', { steps: ready, step: 'identity_document' }, 'kyc_step_not_open'],
    ['a selfie before the document', { steps: ready, step: 'selfie' }, 'kyc_step_not_open'],
    ['a proof of address the target level does not ask for', { steps: ready, step: 'proof_of_address' }, 'kyc_step_not_open'],
    ['an email code is not an upload', { steps: ready, step: 'email' }, 'kyc_step_not_open'],
    ['personal data sent again to correct it', { steps: ready, step: 'personal_data' }, null],
    ['anything while in review', { steps: complianceSteps(ask({ personalData: true, address: true }, { state: 'review' })), step: 'identity_document', documentType: 'passport', side: 'front' }, 'kyc_in_progress'],
    ['a step an approval covered', { steps: complianceSteps(ask({ personalData: true }, { state: 'approved' })), step: 'personal_data' }, 'compliance_final'],
    ['a higher level\'s proof of address after an approval', { steps: complianceSteps(ask({ personalData: true, address: true, document: { type: 'passport', sides: ['front'] }, selfie: true }, { level: verified, target: enhanced, state: 'approved' })), step: 'proof_of_address' }, null],
  ];
  it.each(table)('%s: %s', (_name, question, refusal) => {
    expect(uploadRefusal(question)).toBe(refusal);
  });
});
