import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { REJECTION_REASONS } from '#core/compliance/rejection-reasons.ts';
import type { Database } from '../db/schema.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { as, fillApplication, kycMember, PHOTO } from './compliance-test-kit.ts';
import { decideAsOperator, type AuditEntry, type OperatorDecision } from './operator-decision.ts';
import { applicantOf, listQueue, queueCounts } from './queue.ts';

/** An audit writer that records what it was given, inside the decision's transaction. */
function auditLog() {
  const entries: AuditEntry[] = [];
  return { entries, write: async (_trx: Transaction<Database>, entry: AuditEntry) => void entries.push(entry) };
}

describe.each(testDatabases())('the compliance queue and operator decisions on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;

  async function inReview() {
    const member = await kycMember(t.app);
    await fillApplication(t.app, member, { documentNumber: 'TEST-REVIEW' });
    await as(t.app, member, 'POST', '/v1/compliance/submit');
    return member;
  }

  it('lists applicants in review oldest first, of the operator\'s provider only, and counts them', async () => {
    const first = await inReview();
    const second = await inReview();
    const queue = await listQueue(db(), first.providerId, ['review']);
    const ids = queue.map((entry) => entry.userId);
    expect(ids.indexOf(first.userId)).toBeLessThan(ids.indexOf(second.userId));
    expect(queue.find((entry) => entry.userId === first.userId)).toMatchObject({ state: 'review', levelAsked: 'verified', documentType: 'id_card', name: 'Clara Ruiz' });
    const other = await db().selectFrom('providers').select('id').where('id', '!=', first.providerId).executeTakeFirstOrThrow();
    expect((await listQueue(db(), other.id, ['review'])).map((entry) => entry.userId)).not.toContain(first.userId);
    expect((await queueCounts(db(), first.providerId)).review).toBeGreaterThanOrEqual(2);
    const applicant = await applicantOf(db(), first.providerId, first.userId);
    expect(applicant).toMatchObject({ state: 'review', personal: { firstName: 'Clara', lastName: 'Ruiz', dateOfBirth: '1990-04-23' }, address: { city: 'Madrid', country: 'ES' } });
    expect(applicant?.documents.map((document) => `${document.kind}:${document.side}`).sort()).toEqual(['id_card:back', 'id_card:front', 'selfie:none']);
    expect(await applicantOf(db(), other.id, first.userId)).toBeNull();
  });

  it.each<{ case: string; decision: OperatorDecision; state: string; status: string; action: string; photos: string[] }>([
    { case: 'approve', decision: { decision: 'approve' }, state: 'approved', status: 'successful', action: 'kyc.approve', photos: ['approved', 'approved', 'approved'] },
    { case: 'reject for the selfie', decision: { decision: 'reject', reasons: ['selfie_mismatch'], note: 'Please remove your sunglasses.' }, state: 'rejected', status: 'failed', action: 'kyc.reject', photos: ['rejected', 'submitted', 'submitted'] },
    { case: 'ask for the document again', decision: { decision: 'more', steps: ['identity_document'], note: 'The back photo is blurred.' }, state: 'more_requested', status: 'pending', action: 'kyc.request_more', photos: ['more_requested', 'more_requested', 'submitted'] },
  ])('$case: the state, the photos, compliance_status and the audit row move together', async ({ decision, state, status, action, photos }) => {
    const member = await inReview();
    const audit = auditLog();
    const result = await decideAsOperator(db(), { id: 7n, providerId: member.providerId }, member.userId, decision, audit.write);
    expect(result).toEqual({ ok: true });
    const application = await db().selectFrom('kyc_applications').select(['state', 'decided_by']).where('user_id', '=', member.userId).executeTakeFirstOrThrow();
    expect(application).toEqual({ state, decided_by: 7n });
    const user = await db().selectFrom('users').select('compliance_status').where('id', '=', member.userId).executeTakeFirstOrThrow();
    expect(user.compliance_status).toBe(status);
    const images = await db().selectFrom('identity_document_images').select('review_state').where('user_id', '=', member.userId).execute();
    expect(images.map((image) => image.review_state).sort()).toEqual([...photos].sort());
    expect(audit.entries).toEqual([expect.objectContaining({ action, targetType: 'member', targetId: String(member.userId), before: { state: 'review' } })]);
  });

  it('the member reads the reason and the note after a rejection, and the selfie step opens again', async () => {
    const member = await inReview();
    await decideAsOperator(db(), { id: 7n, providerId: member.providerId }, member.userId, { decision: 'reject', reasons: ['selfie_mismatch'], note: 'Please remove your sunglasses.' }, auditLog().write);
    const { body } = await as(t.app, member, 'GET', '/v1/users/compliance');
    expect(body.request_details).toMatchObject({ state: 'rejected', verification: 0, note: 'Please remove your sunglasses.', next: { step: 'selfie' } });
    expect(body.request_details.reasons).toEqual([{ code: 'selfie_mismatch', message: REJECTION_REASONS.selfie_mismatch.en }]);
    expect((await as(t.app, member, 'POST', '/v1/compliance/documents', { step: 'selfie', image_base64: PHOTO })).status).toBe(200);
    expect((await as(t.app, member, 'GET', '/v1/users/compliance')).body.request_details.can_submit).toBe(true);
  });

  it.each([
    { case: 'an application already decided', setup: 'approved', code: 'kyc_not_deciding' },
    { case: 'another provider\'s member', setup: 'other-provider', code: 'member_not_found' },
  ])('refuses $case, and writes no audit row', async ({ setup, code }) => {
    const member = await inReview();
    let providerId = member.providerId;
    if (setup === 'approved') await decideAsOperator(db(), { id: 7n, providerId }, member.userId, { decision: 'approve' }, auditLog().write);
    else providerId = (await db().selectFrom('providers').select('id').where('id', '!=', member.providerId).executeTakeFirstOrThrow()).id;
    const audit = auditLog();
    const result = await decideAsOperator(db(), { id: 8n, providerId }, member.userId, { decision: 'reject', reasons: ['document_unreadable'] }, audit.write);
    expect(result).toMatchObject({ ok: false, error: { code } });
    expect(audit.entries).toEqual([]);
  });

  it('an audit failure undoes the decision: no decision without its audit row', async () => {
    const member = await inReview();
    const failing = async () => {
      throw new Error('audit_log is down');
    };
    await expect(decideAsOperator(db(), { id: 7n, providerId: member.providerId }, member.userId, { decision: 'approve' }, failing)).rejects.toThrow('audit_log is down');
    const application = await db().selectFrom('kyc_applications').select('state').where('user_id', '=', member.userId).executeTakeFirstOrThrow();
    expect(application.state).toBe('review');
    const user = await db().selectFrom('users').select('compliance_status').where('id', '=', member.userId).executeTakeFirstOrThrow();
    expect(user.compliance_status).toBe('review');
  });
});
