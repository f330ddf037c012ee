import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER, DEMO_MERCHANT } from '../seed/seed.ts';
import { call, signIn } from '../identity/session-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('identity verification API on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;

  it.each([
    { compliance: 'pending', number: 2 },
    { compliance: 'review', number: 3 },
  ])('setVerifyId $compliance gives $number', async ({ compliance, number }) => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const { status, body } = await call(t.app, 'PATCH', '/v1/verify/setVerifyId', { compliance }, { credential: member.credential });
    expect(status).toBe(200);
    expect(body.request_details).toEqual({ complianceVerification: number });
    const me = await call(t.app, 'GET', '/v1/users/me', undefined, { credential: member.credential });
    expect(me.body.request_details.user_info.complianceVerification).toBe(number);
  });

  it('a verified merchant cannot be set back: 409 compliance_final', async () => {
    const merchant = await signIn(t.app, DEMO_MERCHANT.email, DEMO_MERCHANT.password);
    const { status, body } = await call(t.app, 'PATCH', '/v1/verify/setVerifyId', { compliance: 'pending' }, { credential: merchant.credential });
    expect(status).toBe(409);
    expect(body.error_message.code).toBe('compliance_final');
  });

  it('setVerificationData stores the document and declares it on the identity check, which stays open (2) until the photos are sent', async () => {
    // The earlier tests moved the demo member's identity check; start it again.
    const user = await db().selectFrom('users').select('id').where('email', '=', DEMO_MEMBER.email).executeTakeFirstOrThrow();
    await db().deleteFrom('kyc_applications').where('user_id', '=', user.id).execute();
    await db().updateTable('users').set({ compliance_status: 'pending' }).where('id', '=', user.id).execute();
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const { status, body } = await call(t.app, 'PATCH', '/v1/verify/setVerificationData', { documentType: 'passport', documentNumber: ' X1234567 ', issueCountry: 'gb' }, { credential: member.credential });
    expect(status).toBe(200);
    expect(body.request_details).toEqual({ complianceVerification: 2 });
    const doc = await db().selectFrom('identity_documents').select(['document_type', 'document_number', 'issue_country']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(doc).toEqual({ document_type: 'passport', document_number: 'X1234567', issue_country: 'GB' });
    const application = await db().selectFrom('kyc_applications').select(['state', 'document_type', 'document_number', 'issue_country']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(application).toEqual({ state: 'not_started', document_type: 'passport', document_number: 'X1234567', issue_country: 'GB' });
  });

  it.each([
    { body: { documentType: 'selfie', documentNumber: 'X1', issueCountry: 'GB' }, field: 'documentType' },
    { body: { documentType: 'passport', documentNumber: '', issueCountry: 'GB' }, field: 'documentNumber' },
    { body: { documentType: 'passport', documentNumber: '<script>', issueCountry: 'GB' }, field: 'documentNumber' },
    { body: { documentType: 'passport', documentNumber: 'X1', issueCountry: 'Spain' }, field: 'issueCountry' },
  ])('setVerificationData refuses $field with 400', async ({ body, field }) => {
    const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const { status, body: answer } = await call(t.app, 'PATCH', '/v1/verify/setVerificationData', body, { credential: member.credential });
    expect(status).toBe(400);
    expect(Object.keys(answer.error_message.fields)).toEqual([field]);
  });

  it.each([
    { path: '/v1/verify/setVerifyId', body: { compliance: 'review' } },
    { path: '/v1/verify/setVerificationData', body: { documentType: 'passport', documentNumber: 'X1', issueCountry: 'GB' } },
  ])('$path needs a session', async ({ path, body }) => {
    const { status } = await call(t.app, 'PATCH', path, body);
    expect(status).toBe(401);
  });
});
