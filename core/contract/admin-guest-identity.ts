// The console's guest identity checks (checkout/updatekyc submissions that wait for a person: every one in
// live mode, TEST-REVIEW in test mode): operators with role compliance or admin list those in review for
// their provider and approve or reject them (a reason the guest reads). The decision clears or releases the
// checkout's held card in the same step (server/checkout/clearance.ts) and is audited as guest_kyc.approve
// or guest_kyc.reject. The photos are read as files (server/checkout/admin-identity-routes.ts GUEST_PHOTO_PATH).

import * as v from 'valibot';
import { REJECTION_REASONS, type RejectionReasonCode } from '../compliance/rejection-reasons.ts';
import { COMPLIANCE_ROLES } from './admin-compliance.ts';
import { CheckoutIdSchema } from './checkout.ts';
import { CHECKOUT_STATUSES } from '../rules/checkout-status.ts';
import { endpoint } from './endpoint.ts';
import { IsoTime } from './fields.ts';
import { object } from './schema-kit.ts';

const REASON_CODES = Object.keys(REJECTION_REASONS) as [RejectionReasonCode, ...RejectionReasonCode[]];

export const GuestIdentitySchema = v.object({
  checkout_id: v.string(),
  name: v.string(),
  email: v.string(),
  /** What the guest pays, and in what. */
  amount: v.string(),
  currency: v.string(),
  document_type: v.picklist(['passport', 'id_card', 'driving_licence']),
  document_number: v.string(),
  issue_country: v.string(),
  state: v.picklist(['review', 'approved', 'rejected']),
  checkout_status: v.picklist(CHECKOUT_STATUSES),
  submitted_at: IsoTime,
});
export type GuestIdentity = v.InferOutput<typeof GuestIdentitySchema>;

const DecisionSchema = v.variant(
  'decision',
  [object({ decision: v.literal('approve') }), object({ decision: v.literal('reject'), reason: v.picklist(REASON_CODES, `Choose one of: ${REASON_CODES.join(', ')}.`) })],
  'Send decision approve, or reject with a reason.',
);

const ERRORS = ['operator_session_required', 'operator_forbidden'] as const;
const EXAMPLE: GuestIdentity = {
  checkout_id: 'chk_Qm4Tz8Wc2Lx9Rb5Vn1Kd8P',
  name: 'Ana García',
  email: 'ana@example.com',
  amount: '300.00',
  currency: 'EUR',
  document_type: 'passport',
  document_number: 'P1234567',
  issue_country: 'ES',
  state: 'review',
  checkout_status: 'authorized',
  submitted_at: '2026-11-24T10:00:00.000Z',
};

export const listGuestIdentities = endpoint({
  id: 'adminGuestIdentity.list',
  method: 'GET',
  base: 'main',
  path: 'admin/guest-identities',
  caller: 'operator',
  roles: COMPLIANCE_ROLES,
  answer: v.object({ checks: v.array(GuestIdentitySchema) }),
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The guest identity checks of this provider waiting for an operator, oldest first.',
    errors: [...ERRORS],
    example: { answer: { checks: [EXAMPLE] } },
  },
});

export const decideGuestIdentityEndpoint = endpoint({
  id: 'adminGuestIdentity.decide',
  method: 'POST',
  base: 'main',
  path: 'admin/guest-identities/{checkoutId}/decision',
  caller: 'operator',
  roles: COMPLIANCE_ROLES,
  params: object({ checkoutId: CheckoutIdSchema }),
  body: DecisionSchema,
  answer: GuestIdentitySchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Approves a guest\'s identity (verified.id 1; a held card whose codes are in is captured) or rejects it with a reason the guest reads (the checkout ends, nothing held). Audited.',
    description: 'Only a check in review can be decided; otherwise `kyc_not_deciding`. Another provider\'s checkout is not found.',
    errors: [...ERRORS, 'checkout_not_found', 'kyc_not_deciding'],
    example: { params: { checkoutId: EXAMPLE.checkout_id }, body: { decision: 'approve' }, answer: { ...EXAMPLE, state: 'approved', checkout_status: 'successful' } },
  },
});

export const ADMIN_GUEST_IDENTITY_ENDPOINTS = [listGuestIdentities, decideGuestIdentityEndpoint];
