// What the compliance tests share: a fresh member with email and phone verified (each scenario its own, so
// one test's application never leaks into another), the member's compliance calls, and the steps of a whole
// application up to the submit.

import type { FastifyInstance } from 'fastify';
import { png } from '#core/compliance/test-images.fixture.ts';
import { call, type LooseEnvelope } from '../identity/session-test-kit.ts';
import { newMember, type TestMember } from '../money/deposits/member-test-kit.ts';
import { documentBoxFor } from './document-box.ts';
import { storeDocument } from './documents.ts';

export type { TestMember };

export async function kycMember(app: FastifyInstance): Promise<TestMember> {
  // basic: the money tests' members are identity-verified by default, a KYC applicant is not yet.
  const member = await newMember(app, { level: 'basic' });
  await app.db.updateTable('users').set({ mobile: '+34612345678', mobile_verified: true }).where('id', '=', member.userId).execute();
  return member;
}

/**
 * Lifts an identity-verified member to the `enhanced` level: an approved proof of address, stored the way
 * an upload is (checked, sealed) and approved as an operator's decision would, for tests of amounts only
 * the top level allows (the maker-checker threshold).
 */
export async function makeEnhanced(app: FastifyInstance, member: TestMember): Promise<void> {
  const stored = await storeDocument(app.db, documentBoxFor({ APP_SECRET: undefined, MODE: 'test' }), member, { kind: 'proof_of_address', side: 'none', bytes: png(1000, 700) });
  if (!stored.ok) throw new Error(stored.error.message);
  await app.db.updateTable('identity_document_images').set({ review_state: 'approved', reviewed_at: new Date() }).where('id', '=', stored.document.id).execute();
}

export async function as(app: FastifyInstance, member: TestMember, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown): Promise<{ status: number; body: LooseEnvelope }> {
  const { status, body: answer } = await call(app, method, url, body, { credential: member.credential, host: member.host });
  return { status, body: answer };
}

/** A photo the checks accept (PNG, 1000 x 700), as base64. */
export const PHOTO = Buffer.from(png(1000, 700)).toString('base64');

export interface ApplicationInput {
  lastName?: string;
  documentType?: 'passport' | 'id_card' | 'driving_licence';
  documentNumber: string;
}

/** Personal data, address, the document with each side, the selfie: everything before the submit. */
export async function fillApplication(app: FastifyInstance, member: TestMember, input: ApplicationInput): Promise<LooseEnvelope> {
  const documentType = input.documentType ?? 'id_card';
  const steps: [method: 'PATCH' | 'POST', url: string, body: unknown][] = [
    ['PATCH', '/v1/compliance/personalData', { first_name: 'Clara', last_name: input.lastName ?? 'Ruiz', date_of_birth: '1990-04-23' }],
    ['PATCH', '/v1/compliance/address', { address1: 'Calle Mayor 1', city: 'Madrid', zip_code: '28013', country: 'es' }],
    ['PATCH', '/v1/verify/setVerificationData', { documentType, documentNumber: input.documentNumber, issueCountry: 'ES' }],
    ['POST', '/v1/compliance/documents', { step: 'identity_document', side: 'front', image_base64: PHOTO }],
    ...(documentType === 'passport' ? [] : [['POST', '/v1/compliance/documents', { step: 'identity_document', side: 'back', image_base64: PHOTO }] as ['POST', string, unknown]]),
    ['POST', '/v1/compliance/documents', { step: 'selfie', image_base64: PHOTO }],
  ];
  let last: LooseEnvelope | undefined;
  for (const [method, url, body] of steps) {
    const answer = await as(app, member, method, url, body);
    if (answer.status !== 200) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    last = answer.body;
  }
  return last!;
}
