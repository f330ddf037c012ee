// The guest's identity step (PATCH /v1/checkout/updatekyc): a checkout above what an unverified guest may
// buy, or paid by a bank method, needs the guest's identity before it is captured (clearance.ts). The
// guest sends a photo document and a selfie once; the photos pass the member's checks
// (core/compliance/document-image.ts: type by signature, size, pixels, metadata cut) and are stored only
// sealed (guest-identity-box.ts), in guest_identity_checks, tied to the checkout, not to a user.
//
// Who decides: in test mode the test KYC provider at once, by the document number or the last name like a
// member's (core/compliance/test-kyc-provider.ts); otherwise, or for a submission the test provider sends
// to review, the check waits in state review for an operator (decideGuestIdentity). Approved sets
// verified_id 1 (spec §4: 1 when compliance succeeds, else 3); rejected ends the checkout through
// clearance.ts with nothing held and the reason in words.

import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { checkDocumentImage, type DocumentImage } from '#core/compliance/document-image.ts';
import { testKycDecision } from '#core/compliance/test-kyc-provider.ts';
import type { RejectionReasonCode } from '#core/compliance/rejection-reasons.ts';
import { appError, type AppError } from '#core/errors.ts';
import { isOpen } from '#core/rules/checkout-status.ts';
import { BANK_METHODS } from '#core/rules/flow-redirect.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutRow, GuestDocumentType } from '../db/tables/checkouts.ts';
import type { LimitRates } from '../limits/enforce-limit.ts';
import { identityRequired, settleIfCleared } from './clearance.ts';
import type { GuestIdentityBox } from './guest-identity-box.ts';
import { lockCheckout } from './payment-state.ts';

export interface GuestIdentitySubmission {
  documentType: GuestDocumentType;
  documentNumber: string;
  issueCountry: string;
  documentImage: Uint8Array;
  selfieImage: Uint8Array;
}

export interface IdentityContext {
  db: Kysely<Database>;
  rates: LimitRates;
  box: GuestIdentityBox;
  mode: 'test' | 'live';
  now: Date;
}

type Result = { ok: true } | { ok: false; error: AppError };

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A card checkout sends its identity once the card is held; a bank method's while it is open. */
function mayIdentify(checkout: CheckoutRow): boolean {
  if (checkout.status === 'authorized') return true;
  return isOpen(checkout.status) && (BANK_METHODS as readonly string[]).includes(checkout.payment_method);
}

function checked(bytes: Uint8Array, field: string): { ok: true; image: DocumentImage } | { ok: false; error: AppError } {
  const result = checkDocumentImage(bytes);
  return result.ok ? result : { ok: false, error: { ...result.error, fields: { [field]: [result.error.message] } } };
}

export async function submitGuestIdentity(ctx: IdentityContext, checkout: CheckoutRow, submission: GuestIdentitySubmission): Promise<Result> {
  if (!mayIdentify(checkout)) return { ok: false, error: appError('checkout_status_invalid', 'Your identity can be sent once your card was accepted, before the payment is completed. Reload the checkout to see where it stands.') };
  if (!(await identityRequired(ctx.db, ctx.rates, checkout))) return { ok: false, error: appError('checkout_identity_not_needed') };
  const document = checked(submission.documentImage, 'document_image');
  if (!document.ok) return document;
  const selfie = checked(submission.selfieImage, 'selfie_image');
  if (!selfie.ok) return selfie;

  const decided = await ctx.db.transaction().execute(async (trx): Promise<Result> => {
    const locked = await lockCheckout(trx, checkout.id);
    if (!mayIdentify(locked)) return { ok: false, error: appError('checkout_status_invalid') };
    const existing = await trx.selectFrom('guest_identity_checks').select('id').where('checkout_id', '=', locked.id).executeTakeFirst();
    if (existing) return { ok: false, error: appError('checkout_identity_already_sent') };
    const outcome = ctx.mode === 'test' ? testKycDecision({ documentNumber: submission.documentNumber, lastName: locked.last_name ?? '' }) : { decision: 'review' as const };
    await trx
      .insertInto('guest_identity_checks')
      .values({
        checkout_id: locked.id,
        provider_id: locked.provider_id,
        document_type: submission.documentType,
        document_number: submission.documentNumber,
        issue_country: submission.issueCountry,
        document_content_type: document.image.type,
        document_sha256: sha256(document.image.bytes),
        document_sealed: ctx.box.seal(locked.id, 'document', document.image.bytes),
        selfie_content_type: selfie.image.type,
        selfie_sha256: sha256(selfie.image.bytes),
        selfie_sealed: ctx.box.seal(locked.id, 'selfie', selfie.image.bytes),
        state: outcome.decision,
        reason_code: outcome.decision === 'rejected' ? outcome.reason : null,
        provider_decision: ctx.mode === 'test' ? outcome.decision : null,
        decided_at: outcome.decision === 'review' ? null : ctx.now,
      })
      .execute();
    if (outcome.decision === 'approved') await trx.updateTable('guest_checkouts').set({ verified_id: 1, updated_at: ctx.now }).where('id', '=', locked.id).execute();
    return { ok: true };
  });
  if (!decided.ok) return decided;
  await settleIfCleared(ctx.db, ctx.rates, checkout.id, ctx.now);
  return { ok: true };
}

export type GuestIdentityDecision = { decision: 'approved' } | { decision: 'rejected'; reason: RejectionReasonCode };

/** Written in the decision's transaction (an operator's audit row), so a decision without it cannot happen. */
export type DecisionAudit = (trx: Transaction<Database>, checkout: CheckoutRow) => Promise<void>;

/** A decision on a check waiting in review (an operator, or a live provider): then the clearance. */
export async function decideGuestIdentity(db: Kysely<Database>, rates: LimitRates, checkoutId: bigint, decision: GuestIdentityDecision, now: Date, audit?: DecisionAudit): Promise<Result> {
  const done = await db.transaction().execute(async (trx): Promise<Result> => {
    const locked = await lockCheckout(trx, checkoutId);
    const updated = await trx
      .updateTable('guest_identity_checks')
      .set({ state: decision.decision, reason_code: decision.decision === 'rejected' ? decision.reason : null, decided_at: now })
      .where('checkout_id', '=', locked.id)
      .where('state', '=', 'review')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { ok: false, error: appError('kyc_not_deciding') };
    if (decision.decision === 'approved') await trx.updateTable('guest_checkouts').set({ verified_id: 1, updated_at: now }).where('id', '=', locked.id).execute();
    if (audit) await audit(trx, locked);
    return { ok: true };
  });
  if (done.ok) await settleIfCleared(db, rates, checkoutId, now);
  return done;
}
