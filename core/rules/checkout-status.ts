// The guest checkout's states (spec §4 flow payment_status) and which changes are allowed.
// The server moves a checkout through these; the flow itself (PATCH /v1/checkout/status/{id}) may only
// ask for the changes in FLOW_SETTABLE: saying it has sent its payment (pending) or giving up (canceled).
// authorized, successful and failed come from the payment methods, never from the browser.

import { BANK_METHODS, DEFAULT_PAYMENT_METHOD, type FlowPaymentStatus } from './flow-redirect.ts';

export const CHECKOUT_FLOWS = ['buy', 'remit'] as const;
export type CheckoutFlow = (typeof CHECKOUT_FLOWS)[number];

export const CHECKOUT_PAYMENT_METHODS = [DEFAULT_PAYMENT_METHOD, ...BANK_METHODS] as const;
export type CheckoutPaymentMethod = (typeof CHECKOUT_PAYMENT_METHODS)[number];

/** Spec §1 flow steps: contact details, payment, verify account, order confirmation. */
export const CHECKOUT_STEPS = ['details', 'payment', 'verify', 'confirmation'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const CHECKOUT_STATUSES = ['created', 'pending', 'authorized', 'successful', 'failed', 'canceled', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

const TRANSITIONS: Record<CheckoutStatus, readonly CheckoutStatus[]> = {
  created: ['pending', 'canceled', 'expired'],
  pending: ['authorized', 'successful', 'failed', 'canceled', 'expired'],
  authorized: ['successful', 'failed', 'canceled'],
  successful: [],
  failed: [],
  canceled: [],
  expired: [],
};

/** What the flow may ask for itself; the rest is the payment's to decide. */
export const FLOW_SETTABLE = ['pending', 'canceled'] as const satisfies readonly CheckoutStatus[];
export type FlowSettableStatus = (typeof FLOW_SETTABLE)[number];

export function canTransition(from: CheckoutStatus, to: CheckoutStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** A checkout that can still change: the ones an abandoned checkout's expiry applies to. */
export function isOpen(status: CheckoutStatus): boolean {
  return status === 'created' || status === 'pending';
}

/** Spec §4 payment_status of a checkout, as flowRedirect reads it: absent unless authorized or successful. */
export function paymentStatusOf(status: CheckoutStatus): FlowPaymentStatus | null {
  return status === 'authorized' || status === 'successful' ? status : null;
}
