// The console's compliance queue (roles compliance and admin): applicants of the operator's provider by
// state and age, one applicant with what they gave and their photos side by side (the photos themselves
// at GET /v1/admin/compliance/{userId}/documents/{documentId}, same roles), and the decision: approve,
// reject with reasons the member reads, or ask for more (the steps to send again and a note). Every
// decision is audited (kyc.approve, kyc.reject, kyc.request_more) in its own transaction.

import * as v from 'valibot';
import { KYC_STATES } from '../compliance/kyc-state.ts';
import { REJECTION_REASONS, type RejectionReasonCode } from '../compliance/rejection-reasons.ts';
import type { OperatorRole } from '../operators/roles.ts';
import { ComplianceUploadSummarySchema } from './compliance.ts';
import { endpoint } from './endpoint.ts';
import { IsoTime, REQUIRED_FIELD } from './fields.ts';
import { object } from './schema-kit.ts';
import { DOCUMENT_TYPES } from './verify.ts';

export const COMPLIANCE_ROLES = ['compliance', 'admin'] as const satisfies readonly OperatorRole[];

const REASON_CODES = Object.keys(REJECTION_REASONS) as RejectionReasonCode[];
/** The steps an operator may ask to be sent again (the ones on the member's /compliance screen). */
export const REQUESTABLE_STEPS = ['personal_data', 'address', 'identity_document', 'selfie', 'proof_of_address'] as const;

export const QueueQuerySchema = object({
  /** Default review: what waits for an operator. */
  state: v.optional(v.picklist(['review', 'pending', 'more_requested', 'rejected', 'approved'], 'Choose review, pending, more_requested, rejected or approved.'), 'review'),
});

const UserIdParams = object({ userId: v.pipe(v.string(REQUIRED_FIELD), v.regex(/^[1-9][0-9]{0,18}$/, 'Send the member\'s numeric id.')) });

export const QueueSchema = v.object({
  state: v.picklist(KYC_STATES),
  counts: v.object({ review: v.number(), pending: v.number(), more_requested: v.number(), rejected: v.number(), approved: v.number() }),
  applicants: v.array(
    v.object({
      user_id: v.string(),
      name: v.string(),
      email: v.string(),
      state: v.picklist(KYC_STATES),
      level_asked: v.nullable(v.string()),
      document_type: v.nullable(v.string()),
      submitted_at: v.nullable(IsoTime),
      /** Seconds since it was sent. */
      age_s: v.number(),
    }),
  ),
});
export type Queue = v.InferOutput<typeof QueueSchema>;

export const ApplicantSchema = v.object({
  user_id: v.string(),
  email: v.string(),
  state: v.picklist(KYC_STATES),
  personal_data: v.object({ first_name: v.string(), last_name: v.string(), date_of_birth: v.string() }),
  address: v.object({ address1: v.string(), address2: v.string(), city: v.string(), zip_code: v.string(), country: v.string() }),
  document: v.nullable(v.object({ type: v.picklist(DOCUMENT_TYPES), number: v.string(), issue_country: v.string() })),
  level_asked: v.nullable(v.string()),
  submitted_at: v.nullable(IsoTime),
  decided_at: v.nullable(IsoTime),
  provider_decision: v.nullable(v.string()),
  reason_codes: v.array(v.string()),
  note: v.nullable(v.string()),
  documents: v.array(v.object({ ...ComplianceUploadSummarySchema.entries, review_reason: v.nullable(v.string()) })),
  /** Earlier declarations (setVerificationData), newest first. */
  declarations: v.array(v.object({ type: v.string(), number: v.string(), issue_country: v.string(), at: IsoTime })),
  /** What an operator may pick from: each reason with the words the member will read. */
  reasons: v.array(v.object({ code: v.string(), en: v.string(), es: v.string() })),
});
export type Applicant = v.InferOutput<typeof ApplicantSchema>;

const note = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'Use at most 500 characters.')));

export const DecisionSchema = v.variant('decision', [
  object({ decision: v.literal('approve'), note }),
  object({
    decision: v.literal('reject'),
    reasons: v.pipe(v.array(v.picklist(REASON_CODES, `Choose from: ${REASON_CODES.join(', ')}.`)), v.minLength(1, 'Choose at least one reason the member can act on.'), v.maxLength(REASON_CODES.length)),
    note,
  }),
  object({
    decision: v.literal('more'),
    steps: v.pipe(v.array(v.picklist(REQUESTABLE_STEPS, `Choose from: ${REQUESTABLE_STEPS.join(', ')}.`)), v.minLength(1, 'Choose at least one step to send again.'), v.maxLength(REQUESTABLE_STEPS.length)),
    note: v.pipe(v.string(REQUIRED_FIELD), v.trim(), v.nonEmpty('Tell the member what to send again.'), v.maxLength(500, 'Use at most 500 characters.')),
  }),
], 'Choose approve, reject or more.');
export type DecisionInput = v.InferInput<typeof DecisionSchema>;

const ERRORS = ['operator_session_required', 'operator_forbidden'] as const;

const EXAMPLE_APPLICANT: Applicant = {
  user_id: '1031',
  email: 'clara.ruiz@example.com',
  state: 'review',
  personal_data: { first_name: 'Clara', last_name: 'Ruiz', date_of_birth: '1990-04-23' },
  address: { address1: 'Calle Mayor 1', address2: '', city: 'Madrid', zip_code: '28013', country: 'ES' },
  document: { type: 'id_card', number: '12345678Z', issue_country: 'ES' },
  level_asked: 'verified',
  submitted_at: '2026-11-24T10:05:00.000Z',
  decided_at: null,
  provider_decision: 'review',
  reason_codes: [],
  note: null,
  documents: [{ id: '41', kind: 'id_card', side: 'front', review_state: 'submitted', width: 1600, height: 1000, created_at: '2026-11-24T10:00:00.000Z', review_reason: null }],
  declarations: [{ type: 'id_card', number: '12345678Z', issue_country: 'ES', at: '2026-11-24T09:58:00.000Z' }],
  reasons: [{ code: 'document_unreadable', en: REJECTION_REASONS.document_unreadable.en, es: REJECTION_REASONS.document_unreadable.es }],
};

export const listComplianceQueue = endpoint({
  id: 'adminCompliance.queue',
  method: 'GET',
  base: 'main',
  path: 'admin/compliance',
  caller: 'operator',
  roles: COMPLIANCE_ROLES,
  query: QueueQuerySchema,
  answer: QueueSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Lists the applicants of your provider in one state (default review), oldest sent first, with the count of each state.',
    errors: [...ERRORS],
    example: {
      query: { state: 'review' },
      answer: {
        state: 'review',
        counts: { review: 1, pending: 0, more_requested: 0, rejected: 2, approved: 14 },
        applicants: [{ user_id: '1031', name: 'Clara Ruiz', email: 'clara.ruiz@example.com', state: 'review', level_asked: 'verified', document_type: 'id_card', submitted_at: '2026-11-24T10:05:00.000Z', age_s: 3600 }],
      },
    },
  },
});

export const getComplianceApplicant = endpoint({
  id: 'adminCompliance.applicant',
  method: 'GET',
  base: 'main',
  path: 'admin/compliance/{userId}',
  caller: 'operator',
  roles: COMPLIANCE_ROLES,
  params: UserIdParams,
  answer: ApplicantSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'One applicant: personal data, address, the document declared, every photo (read each at .../documents/{documentId}) and the reasons to pick from.',
    errors: [...ERRORS, 'member_not_found'],
    example: { params: { userId: '1031' }, answer: EXAMPLE_APPLICANT },
  },
});

export const decideComplianceApplicant = endpoint({
  id: 'adminCompliance.decide',
  method: 'POST',
  base: 'main',
  path: 'admin/compliance/{userId}/decision',
  caller: 'operator',
  roles: COMPLIANCE_ROLES,
  params: UserIdParams,
  body: DecisionSchema,
  answer: ApplicantSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Approves, rejects with reasons the member reads, or asks for more (steps and a note). Audited as kyc.approve, kyc.reject or kyc.request_more.',
    description: 'Only an applicant waiting for a decision (pending or review) can be decided; otherwise `kyc_not_deciding`.',
    errors: [...ERRORS, 'member_not_found', 'kyc_not_deciding'],
    example: { params: { userId: '1031' }, body: { decision: 'reject', reasons: ['selfie_mismatch'], note: 'Please take the selfie without sunglasses.' }, answer: { ...EXAMPLE_APPLICANT, state: 'rejected' } },
  },
});

export const ADMIN_COMPLIANCE_ENDPOINTS = [listComplianceQueue, getComplianceApplicant, decideComplianceApplicant] as const;
