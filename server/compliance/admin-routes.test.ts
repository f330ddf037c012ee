import { describe, expect, it } from 'vitest';
import type { OperatorRole } from '#core/operators/roles.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { createTestOperator, operatorSession } from '../operators/test-kit.ts';
import { as, fillApplication, kycMember } from './compliance-test-kit.ts';

describe.each(testDatabases())('the console compliance queue API on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;

  async function inReview() {
    const member = await kycMember(t.app);
    await fillApplication(t.app, member, { documentNumber: 'TEST-REVIEW' });
    await as(t.app, member, 'POST', '/v1/compliance/submit');
    return member;
  }
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: unknown) =>
    t.app.inject({ method, url, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });

  it.each<{ role: OperatorRole; status: number }>([
    { role: 'compliance', status: 200 },
    { role: 'admin', status: 200 },
    { role: 'finance', status: 403 },
    { role: 'support', status: 403 },
  ])('$role: the queue, the applicant and the photos answer $status', async ({ role, status }) => {
    const member = await inReview();
    const headers = await operatorSession(t.app, role);
    const queue = await inject('GET', '/v1/admin/compliance', headers);
    expect(queue.statusCode).toBe(status);
    const applicant = await inject('GET', `/v1/admin/compliance/${member.userId}`, headers);
    expect(applicant.statusCode).toBe(status);
    const image = await db().selectFrom('identity_document_images').select('id').where('user_id', '=', member.userId).executeTakeFirstOrThrow();
    const photo = await inject('GET', `/v1/admin/compliance/${member.userId}/documents/${image.id}`, headers);
    expect(photo.statusCode).toBe(status);
    if (status === 200) {
      expect(queue.json().request_details.applicants.map((entry: { user_id: string }) => entry.user_id)).toContain(String(member.userId));
      expect(applicant.json().request_details).toMatchObject({ state: 'review', document: { type: 'id_card', number: 'TEST-REVIEW' } });
      expect(photo.headers['content-type']).toBe('image/png');
    }
  });

  it('a member session or no session gets 401 on every console compliance endpoint', async () => {
    const member = await inReview();
    for (const url of ['/v1/admin/compliance', `/v1/admin/compliance/${member.userId}`]) {
      const asMember = await as(t.app, member, 'GET', url);
      expect(asMember.status).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).statusCode).toBe(401);
    }
  });

  it('approve: the member is approved, and the decision is in the audit log with the operator', async () => {
    const member = await inReview();
    const operator = await createTestOperator(t.app, 'compliance');
    const decided = await inject('POST', `/v1/admin/compliance/${member.userId}/decision`, operator.headers, { decision: 'approve' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().request_details).toMatchObject({ state: 'approved', documents: expect.arrayContaining([expect.objectContaining({ review_state: 'approved' })]) });
    const me = await as(t.app, member, 'GET', '/v1/users/compliance');
    expect(me.body.request_details).toMatchObject({ state: 'approved', verification: 1, level: 'verified' });
    const audit = await db().selectFrom('audit_log').select(['operator_id', 'action', 'target_type', 'target_id']).where('target_id', '=', String(member.userId)).execute();
    expect(audit).toEqual([{ operator_id: operator.id, action: 'kyc.approve', target_type: 'member', target_id: String(member.userId) }]);
    const again = await inject('POST', `/v1/admin/compliance/${member.userId}/decision`, operator.headers, { decision: 'reject', reasons: ['document_unreadable'] });
    expect([again.statusCode, again.json().error_message.code]).toEqual([409, 'kyc_not_deciding']);
  });

  it.each([
    { body: { decision: 'reject', reasons: [] }, field: 'reasons' },
    { body: { decision: 'reject', reasons: ['sanctions_hit'] }, field: 'reasons.0' },
    { body: { decision: 'more', steps: ['selfie'], note: '' }, field: 'note' },
    { body: { decision: 'maybe' }, field: 'decision' },
  ])('refuses a decision with a bad $field (400), deciding nothing', async ({ body, field }) => {
    const member = await inReview();
    const headers = await operatorSession(t.app, 'compliance');
    const refused = await inject('POST', `/v1/admin/compliance/${member.userId}/decision`, headers, body);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error_message.fields ?? {})).toContain(field);
    const application = await db().selectFrom('kyc_applications').select('state').where('user_id', '=', member.userId).executeTakeFirstOrThrow();
    expect(application.state).toBe('review');
  });

  it('an operator of another provider does not see the applicant: 404', async () => {
    const member = await inReview();
    const other = await db().selectFrom('providers').select('id').where('id', '!=', member.providerId).executeTakeFirstOrThrow();
    const headers = await operatorSession(t.app, 'compliance', other.id);
    const answer = await inject('GET', `/v1/admin/compliance/${member.userId}`, headers);
    expect([answer.statusCode, answer.json().error_message.code]).toEqual([404, 'member_not_found']);
    const decided = await inject('POST', `/v1/admin/compliance/${member.userId}/decision`, headers, { decision: 'approve' });
    expect(decided.statusCode).toBe(404);
  });
});
