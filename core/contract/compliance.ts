// Member compliance (KYC, spec §2 compliance screens, §4 verification number, §7 /users/compliance): the
// steps to the next level with what the member has done, their personal data and address for the check,
// the identity-document photos (sent as base64 in JSON, see uploadComplianceDocument), and the submission
// the provider decides on (at once in test mode with the test provider's cases; else an operator).
// The document declaration itself (type, number, issuing country) is PATCH /verify/setVerificationData.

import * as v from 'valibot';
import { STEP_IDS } from '../compliance/compliance-steps.ts';
import { KYC_STATES } from '../compliance/kyc-state.ts';
import { DOCUMENT_KINDS, DOCUMENT_REVIEW_STATES, DOCUMENT_SIDES as IMAGE_SIDES } from '../compliance/document-kinds.ts';
import { endpoint } from './endpoint.ts';
import { CountryCodeSchema, IsoTime, NameSchema, optionalText, required, REQUIRED_FIELD } from './fields.ts';
import { formObject, RequiredDateOfBirthSchema } from './users.ts';
import { DOCUMENT_TYPES } from './verify.ts';

const SideSchema = v.picklist(['front', 'back'], 'Choose front or back.');

/** The member's legal name and date of birth, as printed on the document; at least 18 years old. */
export const CompliancePersonalDataSchema = formObject({
  first_name: NameSchema,
  last_name: NameSchema,
  date_of_birth: v.pipe(
    RequiredDateOfBirthSchema,
    v.check((value) => isAdult(value, new Date()), 'You must be at least 18 years old to verify your identity.'),
  ),
});
export type CompliancePersonalData = v.InferOutput<typeof CompliancePersonalDataSchema>;

/** True when someone born on `dateOfBirth` (YYYY-MM-DD) is 18 or older on `today`. */
export function isAdult(dateOfBirth: string, today: Date): boolean {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const eighteenth = Date.UTC(year + 18, month - 1, day);
  return eighteenth <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

/** Where the member lives; a proof of address must show the same. */
export const ComplianceAddressSchema = formObject({
  address1: v.pipe(required(), v.maxLength(200, 'Use at most 200 characters.')),
  address2: optionalText(200),
  city: v.pipe(required(), v.maxLength(100, 'Use at most 100 characters.')),
  zip_code: v.pipe(required(), v.maxLength(20, 'Use at most 20 characters.')),
  country: v.pipe(v.string(REQUIRED_FIELD), v.nonEmpty(REQUIRED_FIELD), CountryCodeSchema),
});
export type ComplianceAddress = v.InferOutput<typeof ComplianceAddressSchema>;

/** The steps a photo belongs to. */
export const UPLOAD_STEPS = ['identity_document', 'selfie', 'proof_of_address'] as const;
export type UploadStep = (typeof UPLOAD_STEPS)[number];

/**
 * 8 MB of photo is at most 11 184 812 base64 characters. Longer strings are refused by the schema before
 * decoding; the exact byte limit (and the type, pixel and metadata checks) is core/compliance/document-image.ts.
 */
export const DOCUMENT_BASE64_MAX = 11_184_812;

export const ComplianceUploadSchema = formObject({
  step: v.picklist(UPLOAD_STEPS, `Choose one of: ${UPLOAD_STEPS.join(', ')}.`),
  /** identity_document only: the side of the declared document. */
  side: v.optional(SideSchema),
  image_base64: v.pipe(
    v.string(REQUIRED_FIELD),
    v.nonEmpty(REQUIRED_FIELD),
    v.maxLength(DOCUMENT_BASE64_MAX, 'The photo is larger than 8 MB. Take it again at a lower resolution, or upload a smaller copy.'),
    v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Send the photo as base64 (A-Z, a-z, 0-9, + and /).'),
  ),
});
export type ComplianceUploadInput = v.InferInput<typeof ComplianceUploadSchema>;

export const ComplianceQuerySchema = v.object({
  /** Spec §7: the caller's address (kept for compatibility; the server reads the connection's). */
  ip: v.optional(v.pipe(v.string(), v.maxLength(45))),
  /** Spec §7: 1 for the guest flow, whose verification number maps failed and pending to 3. */
  is_flow: v.optional(v.picklist(['0', '1'], 'Send is_flow=1 for the guest flow, or leave it out.')),
});

const StepSchema = v.object({
  id: v.picklist(STEP_IDS),
  screen: v.picklist(['verification', 'compliance']),
  done: v.boolean(),
  document: v.optional(v.object({ type: v.nullable(v.picklist(DOCUMENT_TYPES)), sides: v.array(SideSchema), sent: v.array(SideSchema) })),
});

export const ComplianceUploadSummarySchema = v.object({
  /** For GET /v1/compliance/documents/{id}: the owner's own photo. */
  id: v.string(),
  kind: v.picklist(DOCUMENT_KINDS),
  side: v.picklist(IMAGE_SIDES),
  review_state: v.picklist(DOCUMENT_REVIEW_STATES),
  width: v.number(),
  height: v.number(),
  created_at: IsoTime,
});
export type ComplianceUploadSummary = v.InferOutput<typeof ComplianceUploadSummarySchema>;

/** What GET /users/compliance and every compliance change answer. */
export const ComplianceSchema = v.object({
  state: v.picklist(KYC_STATES),
  verification: v.picklist([0, 1, 2, 3]),
  level: v.nullable(v.string()),
  target: v.nullable(v.string()),
  steps: v.array(StepSchema),
  next: v.nullable(v.object({ step: v.picklist(STEP_IDS), screen: v.picklist(['verification', 'compliance']), side: v.optional(SideSchema) })),
  is_flow: v.picklist([0, 1]),
  /** The steps are all done and nothing is being decided: POST /v1/compliance/submit may be called. */
  can_submit: v.boolean(),
  submitted_at: v.nullable(IsoTime),
  decided_at: v.nullable(IsoTime),
  /** Why it was rejected, in the member's language (an app in another language reads REJECTION_REASONS by code). */
  reasons: v.array(v.object({ code: v.string(), message: v.string() })),
  note: v.nullable(v.string()),
  personal_data: v.object({ first_name: v.string(), last_name: v.string(), date_of_birth: v.string() }),
  address: v.object({ address1: v.string(), address2: v.string(), city: v.string(), zip_code: v.string(), country: v.string() }),
  document: v.nullable(v.object({ type: v.picklist(DOCUMENT_TYPES), number: v.string(), issue_country: v.string() })),
  uploads: v.array(ComplianceUploadSummarySchema),
  /** Test mode only (else empty): what to type to get each outcome from the test provider. */
  test_cases: v.array(v.object({ field: v.picklist(['documentNumber', 'lastName']), value: v.string(), en: v.string(), es: v.string() })),
});
export type Compliance = v.InferOutput<typeof ComplianceSchema>;

const MEMBER_ERRORS = ['unauthorized', 'invalid_session', 'session_expired', 'double_auth_required', 'expired_password', 'forbidden'] as const;

export const EXAMPLE_COMPLIANCE: Compliance = {
  state: 'not_started',
  verification: 2,
  level: 'basic',
  target: 'verified',
  steps: [
    { id: 'email', screen: 'verification', done: true },
    { id: 'phone', screen: 'verification', done: true },
    { id: 'personal_data', screen: 'compliance', done: true },
    { id: 'address', screen: 'compliance', done: true },
    { id: 'identity_document', screen: 'compliance', done: false, document: { type: 'id_card', sides: ['front', 'back'], sent: ['front'] } },
    { id: 'selfie', screen: 'compliance', done: false },
  ],
  next: { step: 'identity_document', screen: 'compliance', side: 'back' },
  is_flow: 0,
  can_submit: false,
  submitted_at: null,
  decided_at: null,
  reasons: [],
  note: null,
  personal_data: { first_name: 'Clara', last_name: 'Ruiz', date_of_birth: '1990-04-23' },
  address: { address1: 'Calle Mayor 1', address2: '', city: 'Madrid', zip_code: '28013', country: 'ES' },
  document: { type: 'id_card', number: '12345678Z', issue_country: 'ES' },
  uploads: [{ id: '41', kind: 'id_card', side: 'front', review_state: 'submitted', width: 1600, height: 1000, created_at: '2026-11-24T10:00:00.000Z' }],
  test_cases: [{ field: 'documentNumber', value: 'TEST-APPROVED', en: 'Approved at once by the provider.', es: 'El proveedor lo aprueba al momento.' }],
};

export const getCompliance = endpoint({
  id: 'compliance.get',
  method: 'GET',
  base: 'main',
  path: 'users/compliance',
  caller: 'member',
  query: ComplianceQuerySchema,
  answer: ComplianceSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The steps to your next verification level, what you have done, what comes next and where your check stands.',
    description:
      '`state` is one of six (not_started, pending, review, approved, rejected, more_requested); `verification` is the number of spec §4 ' +
      '(1 successful, 0 failed, 2 pending, 3 review; with `is_flow=1`, failed and pending read as 3). `reasons` say what to fix after a rejection or a request for more.',
    errors: [...MEMBER_ERRORS],
    example: { query: { is_flow: '0' }, answer: EXAMPLE_COMPLIANCE },
  },
});

export const saveCompliancePersonalData = endpoint({
  id: 'compliance.personalData',
  method: 'PATCH',
  base: 'main',
  path: 'compliance/personalData',
  caller: 'member',
  body: CompliancePersonalDataSchema,
  answer: ComplianceSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Saves your legal name and date of birth, exactly as on your identity document.',
    errors: [...MEMBER_ERRORS, 'kyc_in_progress', 'compliance_final', 'kyc_step_not_open'],
    example: { body: { first_name: 'Clara', last_name: 'Ruiz', date_of_birth: '1990-04-23' }, answer: EXAMPLE_COMPLIANCE },
  },
});

export const saveComplianceAddress = endpoint({
  id: 'compliance.address',
  method: 'PATCH',
  base: 'main',
  path: 'compliance/address',
  caller: 'member',
  body: ComplianceAddressSchema,
  answer: ComplianceSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Saves the address you live at; a proof of address must show the same one.',
    errors: [...MEMBER_ERRORS, 'kyc_in_progress', 'compliance_final', 'kyc_step_not_open'],
    example: { body: { address1: 'Calle Mayor 1', city: 'Madrid', zip_code: '28013', country: 'ES' }, answer: EXAMPLE_COMPLIANCE },
  },
});

export const uploadComplianceDocument = endpoint({
  id: 'compliance.upload',
  method: 'POST',
  base: 'main',
  path: 'compliance/documents',
  caller: 'member',
  body: ComplianceUploadSchema,
  answer: ComplianceSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Uploads one photo for a step: a side of your declared document, your selfie, or your proof of address (JPEG, PNG or WebP, at most 8 MB, as base64).',
    description:
      'The only call that takes a body over 64 kB (up to 12 MB of JSON). The type is read from the bytes, not a name; metadata (EXIF with its GPS position) is removed before the photo is ' +
      'stored encrypted. A body over 12 MB is `payload_too_large`; a photo over 8 MB is `document_too_large`.',
    errors: [
      ...MEMBER_ERRORS, 'payload_too_large', 'kyc_in_progress', 'compliance_final', 'kyc_step_not_open', 'document_side_not_needed', 'document_not_image', 'document_type_unsupported',
      'document_damaged', 'document_too_large', 'document_too_small', 'document_too_many_pixels', 'document_side_invalid', 'document_limit_reached',
    ],
    example: { body: { step: 'identity_document', side: 'front', image_base64: '/9j/4AAQSkZJRgABAQAAAQABAAD' }, answer: EXAMPLE_COMPLIANCE },
  },
});

export const submitCompliance = endpoint({
  id: 'compliance.submit',
  method: 'POST',
  base: 'main',
  path: 'compliance/submit',
  caller: 'member',
  answer: ComplianceSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Sends what you gave for checking. In test mode the test provider decides at once (approved, rejected with a reason) or passes it to an operator (review).',
    errors: [...MEMBER_ERRORS, 'kyc_in_progress', 'compliance_final', 'kyc_step_not_open'],
    example: { answer: { ...EXAMPLE_COMPLIANCE, state: 'review', verification: 3, can_submit: false, next: null, submitted_at: '2026-11-24T10:05:00.000Z' } },
  },
});

export const COMPLIANCE_ENDPOINTS = [getCompliance, saveCompliancePersonalData, saveComplianceAddress, uploadComplianceDocument, submitCompliance];
