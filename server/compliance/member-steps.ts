// The member's own steps on /compliance: personal data, address, the document declared, and its photos.
// Each is refused while the provider or an operator decides, before the steps ahead of it are done, or
// after an approval of that step (core's uploadRefusal); each reopened step closes again when redone.
// Personal data and address are written to the users row (the profile and the provider read them there)
// and marked confirmed on the application.

import { uploadRefusal, type ComplianceSteps, type DocumentSide as StepSide, type StepId } from '#core/compliance/compliance-steps.ts';
import type { DocumentKind, DocumentSide } from '#core/compliance/document-kinds.ts';
import { isDeciding } from '#core/compliance/kyc-state.ts';
import type { ComplianceAddress, CompliancePersonalData, UploadStep } from '#core/contract/compliance.ts';
import type { DocumentType } from '#core/contract/verify.ts';
import { appError, type AppError } from '#core/errors.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toJsonb } from '../db/jsonb.ts';
import { changeApplication, lockApplication, type KycApplication } from './applications.ts';
import { KINDS_OF_STEP } from './decide.ts';
import type { DocumentBox } from './document-box.ts';
import { storeDocument, type Member } from './documents.ts';
import { readFacts, stepsOf } from './progress.ts';

export type StepResult = { ok: true } | { ok: false; error: AppError };

interface StepQuestion {
  step: StepId;
  documentType?: DocumentType;
  side?: StepSide;
}

/** Why this step cannot be done now, or null; an approved identity is final for its steps. */
function refusal(steps: ComplianceSteps, question: StepQuestion): AppError | null {
  if (steps.state === 'approved' && !steps.steps.some((step) => step.id === question.step)) return appError('compliance_final');
  const code = uploadRefusal({ steps, ...question });
  return code ? appError(code) : null;
}

const without = (steps: readonly string[], step: StepId) => steps.filter((candidate) => candidate !== step);

/** Runs `change` in a transaction on the locked application, after the step's refusal check. */
async function onStep(
  db: Kysely<Database>,
  member: Member,
  question: StepQuestion,
  change: (trx: Transaction<Database>, application: KycApplication) => Promise<void>,
  refuse: (steps: ComplianceSteps, question: StepQuestion) => AppError | null = refusal,
): Promise<StepResult> {
  return db.transaction().execute(async (trx): Promise<StepResult> => {
    const application = await lockApplication(trx, member);
    const refused = refuse(stepsOf(await readFacts(trx, member), 'retail'), question);
    if (refused) return { ok: false, error: refused };
    await change(trx, application);
    return { ok: true };
  });
}

export function savePersonalData(db: Kysely<Database>, member: Member, data: CompliancePersonalData, now = new Date()): Promise<StepResult> {
  return onStep(db, member, { step: 'personal_data' }, async (trx, application) => {
    await trx.updateTable('users').set({ first_name: data.first_name, last_name: data.last_name, date_of_birth: data.date_of_birth }).where('id', '=', member.userId).execute();
    await changeApplication(trx, application, { personal_data_at: now, reopened_steps: without(application.reopened_steps, 'personal_data') });
  });
}

export function saveAddress(db: Kysely<Database>, member: Member, address: ComplianceAddress, now = new Date()): Promise<StepResult> {
  return onStep(db, member, { step: 'address' }, async (trx, application) => {
    const user = await trx.selectFrom('users').select('billing').where('id', '=', member.userId).executeTakeFirstOrThrow();
    const billing = { ...user.billing, address1: address.address1, address2: address.address2 ?? '', city: address.city, zipCode: address.zip_code, country: address.country };
    await trx.updateTable('users').set({ billing: toJsonb(billing) }).where('id', '=', member.userId).execute();
    await changeApplication(trx, application, { address_at: now, reopened_steps: without(application.reopened_steps, 'address') });
  });
}

export interface DeclaredDocument {
  documentType: DocumentType;
  documentNumber: string;
  issueCountry: string;
}

/**
 * The declaration may come before the personal data (spec §7 clients call setVerificationData alone): it is
 * refused only while a decision is pending or once the identity is approved.
 */
function declarationRefusal(steps: ComplianceSteps): AppError | null {
  if (isDeciding(steps.state)) return appError('kyc_in_progress');
  if (steps.state === 'approved' && steps.steps.every((step) => step.id !== 'identity_document' || step.done)) return appError('compliance_final');
  return null;
}

/**
 * setVerificationData: the document the photos will be of. Choosing another kind of document drops the
 * photos sent of the earlier one that no one has reviewed yet, so the operator sees one document.
 */
export function declareDocument(db: Kysely<Database>, member: Member, document: DeclaredDocument): Promise<StepResult> {
  return onStep(db, member, { step: 'identity_document', documentType: document.documentType, side: 'front' }, async (trx, application) => {
    if (application.document_type !== document.documentType) {
      await trx.deleteFrom('identity_document_images').where('user_id', '=', member.userId).where('kind', 'in', KINDS_OF_STEP.identity_document!).where('review_state', '=', 'submitted').execute();
    }
    await trx.insertInto('identity_documents').values({ user_id: member.userId, document_type: document.documentType, document_number: document.documentNumber, issue_country: document.issueCountry }).execute();
    await changeApplication(trx, application, { document_type: document.documentType, document_number: document.documentNumber, issue_country: document.issueCountry });
  }, declarationRefusal);
}

export interface PhotoUpload {
  step: UploadStep;
  side?: StepSide | undefined;
  bytes: Uint8Array;
}

/** The kind and side a photo is stored as; a passport's one page is side none. */
function storedAs(upload: PhotoUpload, documentType: DocumentType | null): { kind: DocumentKind; side: DocumentSide } | AppError {
  if (upload.step === 'selfie' || upload.step === 'proof_of_address') return { kind: upload.step, side: 'none' };
  if (!documentType) return appError('kyc_step_not_open', 'Choose your document and enter its number first; then photograph it.');
  if (documentType === 'residence_permit') return appError('document_side_invalid', 'Photos of a residence permit are not taken here. Choose a passport, ID card or driving licence.');
  if (documentType === 'passport') return upload.side === 'back' ? appError('document_side_not_needed') : { kind: 'passport', side: 'none' };
  return { kind: documentType, side: upload.side ?? 'front' };
}

/**
 * Checks the step is open, stores the photo (checked, stripped, sealed: documents.ts), then, locked again,
 * drops an earlier unreviewed photo of the same kind and side (the member replaced it) and closes the step
 * if it was reopened. A submit that slipped in between wins: the new photo is removed and refused.
 */
export async function uploadPhoto(db: Kysely<Database>, box: DocumentBox, member: Member, upload: PhotoUpload): Promise<StepResult> {
  const facts = await readFacts(db, member);
  const documentType = facts.application?.document_type ?? null;
  const question: StepQuestion = upload.step === 'identity_document'
    ? { step: upload.step, ...(documentType ? { documentType } : {}), side: upload.side ?? 'front' }
    : { step: upload.step };
  const refused = refusal(stepsOf(facts, 'retail'), question);
  if (refused) return { ok: false, error: refused };
  const target = storedAs(upload, documentType);
  if ('code' in target) return { ok: false, error: target };
  const stored = await storeDocument(db, box, member, { ...target, bytes: upload.bytes });
  if (!stored.ok) return stored;
  return db.transaction().execute(async (trx): Promise<StepResult> => {
    const application = await lockApplication(trx, member);
    const again = refusal(stepsOf(await readFacts(trx, member), 'retail'), question);
    if (again && again.code === 'kyc_in_progress') {
      await trx.deleteFrom('identity_document_images').where('id', '=', stored.document.id).execute();
      return { ok: false, error: again };
    }
    await trx
      .deleteFrom('identity_document_images')
      .where('user_id', '=', member.userId)
      .where('kind', '=', target.kind)
      .where('side', '=', target.side)
      .where('review_state', '=', 'submitted')
      .where('id', '!=', stored.document.id)
      .execute();
    await changeApplication(trx, application, { reopened_steps: without(application.reopened_steps, upload.step) });
    return { ok: true };
  });
}
