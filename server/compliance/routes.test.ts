import { describe, expect, it } from 'vitest';
import { REJECTION_REASONS } from '#core/compliance/rejection-reasons.ts';
import { ERRORS } from '#core/errors.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { as, fillApplication, kycMember, PHOTO } from './compliance-test-kit.ts';

describe.each(testDatabases())('member compliance API on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;

  it('a new member starts at basic with personal data next, and the test cases shown in test mode', async () => {
    const member = await kycMember(t.app);
    const { status, body } = await as(t.app, member, 'GET', '/v1/users/compliance');
    expect(status).toBe(200);
    expect(body.request_details).toMatchObject({ state: 'not_started', verification: 2, level: 'basic', target: 'verified', can_submit: false, is_flow: 0 });
    expect(body.request_details.next).toEqual({ step: 'personal_data', screen: 'compliance' });
    expect(body.request_details.steps.map((step: { id: string }) => step.id)).toEqual(['email', 'phone', 'personal_data', 'address', 'identity_document', 'selfie']);
    expect(body.request_details.test_cases[0]).toMatchObject({ field: 'documentNumber', value: 'TEST-APPROVED' });
  });

  it('is_flow=1 reads pending as 3 (spec §4 guest flow)', async () => {
    const member = await kycMember(t.app);
    const { body } = await as(t.app, member, 'GET', '/v1/users/compliance?is_flow=1&ip=10.0.0.1');
    expect(body.request_details).toMatchObject({ verification: 3, is_flow: 1 });
  });

  it('TEST-APPROVED: approved at once, the level rises, the photos are approved and compliance_status is successful', async () => {
    const member = await kycMember(t.app);
    const filled = await fillApplication(t.app, member, { documentNumber: 'TEST-APPROVED' });
    expect(filled.request_details).toMatchObject({ can_submit: true, next: null });
    const { status, body } = await as(t.app, member, 'POST', '/v1/compliance/submit');
    expect(status).toBe(200);
    expect(body.request_details).toMatchObject({ state: 'approved', verification: 1, level: 'verified', target: 'enhanced', reasons: [] });
    expect(body.request_details.next).toEqual({ step: 'proof_of_address', screen: 'compliance' });
    const user = await db().selectFrom('users').select(['compliance_status', 'last_name']).where('id', '=', member.userId).executeTakeFirstOrThrow();
    expect(user).toEqual({ compliance_status: 'successful', last_name: 'Ruiz' });
    const states = await db().selectFrom('identity_document_images').select('review_state').where('user_id', '=', member.userId).execute();
    expect(states.map((row) => row.review_state)).toEqual(['approved', 'approved', 'approved']);
    const me = await as(t.app, member, 'GET', '/v1/users/me');
    expect(me.body.request_details.user_info.complianceVerification).toBe(1);
    const application = await db().selectFrom('kyc_applications').select(['state', 'decided_by', 'provider_decision', 'level_asked']).where('user_id', '=', member.userId).executeTakeFirstOrThrow();
    expect(application).toEqual({ state: 'approved', decided_by: null, provider_decision: 'approved', level_asked: 'verified' });
    // Neither a photo nor the document number reaches a log line.
    expect(t.logs.text()).not.toContain(PHOTO.slice(0, 60));
    expect(t.logs.text()).not.toContain('TEST-APPROVED');
  });

  it.each([
    { case: 'TEST-REVIEW waits for an operator', number: 'TEST-REVIEW', lastName: 'Ruiz', state: 'review', verification: 3, status: 'review', reasons: [] as string[] },
    { case: 'an ordinary number waits for an operator', number: 'X1234567', lastName: 'Ruiz', state: 'review', verification: 3, status: 'review', reasons: [] },
    { case: 'TEST-EXPIRED is rejected', number: 'TEST-EXPIRED', lastName: 'Ruiz', state: 'rejected', verification: 0, status: 'failed', reasons: ['document_expired'] },
    { case: 'the last name Rejected is rejected', number: 'X1234567', lastName: 'Rejected', state: 'rejected', verification: 0, status: 'failed', reasons: ['name_mismatch'] },
    { case: 'the last name Approved is approved', number: 'X1234567', lastName: 'Approved', state: 'approved', verification: 1, status: 'successful', reasons: [] },
  ])('$case', async ({ number, lastName, state, verification, status, reasons }) => {
    const member = await kycMember(t.app);
    await fillApplication(t.app, member, { documentNumber: number, lastName });
    const { body } = await as(t.app, member, 'POST', '/v1/compliance/submit');
    expect(body.request_details).toMatchObject({ state, verification });
    expect(body.request_details.reasons.map((reason: { code: string }) => reason.code)).toEqual(reasons);
    const user = await db().selectFrom('users').select('compliance_status').where('id', '=', member.userId).executeTakeFirstOrThrow();
    expect(user.compliance_status).toBe(status);
  });

  it('a rejection says what to fix, reopens only its steps, and a corrected application can be sent again', async () => {
    const member = await kycMember(t.app);
    await fillApplication(t.app, member, { documentNumber: 'TEST-EXPIRED' });
    const rejected = (await as(t.app, member, 'POST', '/v1/compliance/submit')).body.request_details;
    expect(rejected.reasons).toEqual([{ code: 'document_expired', message: REJECTION_REASONS.document_expired.en }]);
    expect(rejected.next).toEqual({ step: 'identity_document', screen: 'compliance', side: 'front' });
    expect(rejected.steps.find((step: { id: string }) => step.id === 'selfie').done).toBe(true);
    expect(rejected.can_submit).toBe(false);
    await as(t.app, member, 'PATCH', '/v1/verify/setVerificationData', { documentType: 'id_card', documentNumber: 'TEST-APPROVED', issueCountry: 'ES' });
    for (const side of ['front', 'back']) expect((await as(t.app, member, 'POST', '/v1/compliance/documents', { step: 'identity_document', side, image_base64: PHOTO })).status).toBe(200);
    const again = await as(t.app, member, 'POST', '/v1/compliance/submit');
    expect(again.body.request_details).toMatchObject({ state: 'approved', reasons: [] });
  });

  it.each([
    { case: 'a passport has no back', body: { step: 'identity_document', side: 'back', image_base64: PHOTO }, code: 'document_side_not_needed' },
    { case: 'a text file is not an image', body: { step: 'identity_document', side: 'front', image_base64: Buffer.from('hello, this is not a photo').toString('base64') }, code: 'document_not_image' },
    { case: 'a photo over 8 MB', body: { step: 'identity_document', side: 'front', image_base64: Buffer.alloc(8 * 1024 * 1024 + 1, 0xff).toString('base64') }, code: 'document_too_large' },
  ])('an upload is refused: $case ($code)', async ({ body, code }) => {
    const member = await kycMember(t.app);
    await as(t.app, member, 'PATCH', '/v1/compliance/personalData', { first_name: 'Clara', last_name: 'Ruiz', date_of_birth: '1990-04-23' });
    await as(t.app, member, 'PATCH', '/v1/compliance/address', { address1: 'Calle Mayor 1', city: 'Madrid', zip_code: '28013', country: 'ES' });
    await as(t.app, member, 'PATCH', '/v1/verify/setVerificationData', { documentType: 'passport', documentNumber: 'X1', issueCountry: 'ES' });
    const { status, body: answer } = await as(t.app, member, 'POST', '/v1/compliance/documents', body);
    expect(answer.error_message.code).toBe(code);
    expect(status).toBe(ERRORS[code as keyof typeof ERRORS].status);
    const stored = await db().selectFrom('identity_document_images').select('id').where('user_id', '=', member.userId).execute();
    expect(stored).toEqual([]);
  });

  it('a body over 12 MB is refused before it is read: 413 payload_too_large', async () => {
    const member = await kycMember(t.app);
    const { status, body } = await as(t.app, member, 'POST', '/v1/compliance/documents', { step: 'selfie', image_base64: 'A'.repeat(12 * 1024 * 1024 + 10) });
    expect(status).toBe(413);
    expect(body.error_message.code).toBe('payload_too_large');
  });

  it('steps open in order, and nothing is taken while the check runs', async () => {
    const member = await kycMember(t.app);
    const early = await as(t.app, member, 'POST', '/v1/compliance/documents', { step: 'selfie', image_base64: PHOTO });
    expect([early.status, early.body.error_message.code]).toEqual([409, 'kyc_step_not_open']);
    const notYet = await as(t.app, member, 'POST', '/v1/compliance/submit');
    expect([notYet.status, notYet.body.error_message.code]).toEqual([409, 'kyc_step_not_open']);
    await fillApplication(t.app, member, { documentNumber: 'TEST-REVIEW' });
    await as(t.app, member, 'POST', '/v1/compliance/submit');
    const during = await as(t.app, member, 'POST', '/v1/compliance/documents', { step: 'selfie', image_base64: PHOTO });
    expect([during.status, during.body.error_message.code]).toEqual([409, 'kyc_in_progress']);
    const twice = await as(t.app, member, 'POST', '/v1/compliance/submit');
    expect([twice.status, twice.body.error_message.code]).toEqual([409, 'kyc_in_progress']);
  });

  it('a photo is served to its owner only, with its type and nosniff', async () => {
    const owner = await kycMember(t.app);
    const other = await kycMember(t.app);
    const filled = await fillApplication(t.app, owner, { documentNumber: 'X1' });
    const id = filled.request_details.uploads[0].id as string;
    const read = (credential?: string) =>
      t.app.inject({ method: 'GET', url: `/v1/compliance/documents/${id}`, headers: { host: 'localhost', ...(credential ? { authorization: `Bearer ${credential}` } : {}) } });
    const own = await read(owner.credential);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await read(other.credential)).statusCode).toBe(404);
    expect((await read()).statusCode).toBe(401);
  });

  it('personal data needs an adult and the same refusals as any form', async () => {
    const member = await kycMember(t.app);
    const young = new Date().getUTCFullYear() - 10;
    const { status, body } = await as(t.app, member, 'PATCH', '/v1/compliance/personalData', { first_name: 'Clara', last_name: 'Ruiz', date_of_birth: `${young}-01-01` });
    expect(status).toBe(400);
    expect(Object.keys(body.error_message.fields)).toEqual(['date_of_birth']);
  });

  it('an approved member cannot set themselves back: setVerifyId answers compliance_final', async () => {
    const member = await kycMember(t.app);
    await fillApplication(t.app, member, { documentNumber: 'TEST-APPROVED' });
    await as(t.app, member, 'POST', '/v1/compliance/submit');
    const { status, body } = await as(t.app, member, 'PATCH', '/v1/verify/setVerifyId', { compliance: 'pending' });
    expect([status, body.error_message.code]).toEqual([409, 'compliance_final']);
  });
});
