// The console's compliance queue (core/contract/admin-compliance.ts), for operators with role compliance or
// admin, within their own provider: the queue, one applicant, their photos (a file, not an API answer) and
// the decision, audited with recordAudit in the decision's transaction.

import type { FastifyInstance } from 'fastify';
import { COMPLIANCE_ROLES, decideComplianceApplicant, getComplianceApplicant, listComplianceQueue, type Applicant } from '#core/contract/admin-compliance.ts';
import { REJECTION_REASONS, type RejectionReasonCode } from '#core/compliance/rejection-reasons.ts';
import { route } from '../contract/route.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import type { Env } from '../env.ts';
import { recordAudit } from '../operators/audit.ts';
import { operatorGuard, operatorOf } from '../operators/guard.ts';
import type { Db } from '../db/db.ts';
import { documentBoxFor } from './document-box.ts';
import { readDocumentForOperator } from './documents.ts';
import { decideAsOperator, type OperatorDecision } from './operator-decision.ts';
import { applicantOf, listQueue, queueCounts } from './queue.ts';

/** Where an operator reads an applicant's photo. */
export const OPERATOR_DOCUMENT_PATH = '/v1/admin/compliance/:userId/documents/:documentId';

const REASONS = (Object.keys(REJECTION_REASONS) as RejectionReasonCode[]).map((code) => ({ code, en: REJECTION_REASONS[code].en, es: REJECTION_REASONS[code].es }));
const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const ID = /^[1-9][0-9]{0,18}$/;

async function applicantAnswer(db: Db, providerId: bigint, userId: bigint): Promise<Applicant> {
  const applicant = await applicantOf(db, providerId, userId);
  if (!applicant) throw apiError('member_not_found');
  const application = applicant.application;
  return {
    user_id: String(applicant.userId),
    email: applicant.email,
    state: applicant.state,
    personal_data: { first_name: applicant.personal.firstName, last_name: applicant.personal.lastName, date_of_birth: applicant.personal.dateOfBirth },
    address: { address1: applicant.address.address1, address2: applicant.address.address2, city: applicant.address.city, zip_code: applicant.address.zipCode, country: applicant.address.country },
    document: application?.document_type && application.document_number && application.issue_country
      ? { type: application.document_type, number: application.document_number, issue_country: application.issue_country }
      : null,
    level_asked: application?.level_asked ?? null,
    submitted_at: iso(application?.submitted_at),
    decided_at: iso(application?.decided_at),
    provider_decision: application?.provider_decision ?? null,
    reason_codes: application?.reason_codes ?? [],
    note: application?.note ?? null,
    documents: applicant.documents.map((document) => ({
      id: String(document.id), kind: document.kind, side: document.side, review_state: document.reviewState, width: document.width, height: document.height,
      created_at: document.createdAt.toISOString(), review_reason: document.reviewReason,
    })),
    declarations: applicant.declarations.map((row) => ({ type: row.documentType, number: row.documentNumber, issue_country: row.issueCountry, at: row.submittedAt.toISOString() })),
    reasons: REASONS,
  };
}

export async function adminComplianceRoutes(app: FastifyInstance, options: { env: Pick<Env, 'APP_SECRET' | 'MODE'> }): Promise<void> {
  const box = documentBoxFor(options.env);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, listComplianceQueue, async ({ query, request }) => {
    const operator = operatorOf(request);
    const counts = await queueCounts(app.db, operator.providerId);
    const applicants = await listQueue(app.db, operator.providerId, [query.state]);
    return {
      state: query.state,
      counts: { review: counts.review, pending: counts.pending, more_requested: counts.more_requested, rejected: counts.rejected, approved: counts.approved },
      applicants: applicants.map((entry) => ({
        user_id: String(entry.userId), name: entry.name, email: entry.email, state: entry.state, level_asked: entry.levelAsked, document_type: entry.documentType,
        submitted_at: iso(entry.submittedAt), age_s: entry.ageS,
      })),
    };
  });

  route(app, getComplianceApplicant, async ({ params, request }) => applicantAnswer(app.db, operatorOf(request).providerId, BigInt(params.userId)));

  route(app, decideComplianceApplicant, async ({ params, body, request }) => {
    const operator = operatorOf(request);
    const userId = BigInt(params.userId);
    const decision: OperatorDecision = body.decision === 'approve' ? { decision: 'approve', note: body.note } : body;
    const result = await decideAsOperator(app.db, operator, userId, decision, (trx, entry) => recordAudit(trx, { operator, ip: request.ip, ...entry }));
    if (!result.ok) throw new ApiError(result.error);
    return applicantAnswer(app.db, operator.providerId, userId);
  });

  // A photo of an applicant, for the operators allowed to review it: a file, never cached.
  app.get<{ Params: { userId: string; documentId: string } }>(OPERATOR_DOCUMENT_PATH, { preHandler: operatorGuard(COMPLIANCE_ROLES) }, async (request, reply) => {
    const { userId, documentId } = request.params;
    if (!ID.test(userId) || !ID.test(documentId)) throw apiError('document_not_found');
    const read = await readDocumentForOperator(app.db, box, operatorOf(request).providerId, BigInt(userId), BigInt(documentId));
    if (!read.ok) throw new ApiError(read.error);
    return reply
      .header('content-type', read.document.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .send(Buffer.from(read.document.bytes));
  });
}
