// Spec §4 flow redirects: where a guest checkout belongs, given its payment method and the
// payment_status of its transaction. Paths are relative to the flow's module prefix
// (/sys-flow or /sys-remitflow). The flow auth middleware calls this on every flow page.

import { normaliseRoutePath } from '../route-path.ts';

/** Bank transfer methods: their steps are contact details, payment, verify account. */
export const BANK_METHODS = ['Swift', 'Wire', 'SEPA', 'Online Banking', 'Online Banking ZA'] as const;

/** The bank methods' pages after /review: the wire's bank details, the redirect to the bank, the return from it. */
export const BANK_STEPS_AFTER_REVIEW: readonly string[] = ['/wire', '/online_banking', '/processing_online'];

/** Spec §3: the checkout cookie's payment_method defaults to Credit Card. */
export const DEFAULT_PAYMENT_METHOD = 'Credit Card';

/** Spec §4: payment_status is absent, authorized or successful. */
export type FlowPaymentStatus = 'authorized' | 'successful';

export interface FlowState {
  /** Is the flow token cookie present? */
  hasFlowToken: boolean;
  /** The checkout cookie's payment_method; absent means Credit Card. */
  paymentMethod?: string | null;
  paymentStatus?: FlowPaymentStatus | null;
  /** The flow user's verified.id (1 when compliance is successful, else 3). */
  verifiedId?: number | null;
  /** The current path without the module prefix, e.g. '/payment'. */
  currentPath: string;
}

export type FlowPath = '/' | '/review' | '/compliance' | '/payment' | '/invoice';

function isBankMethod(method: string): boolean {
  return (BANK_METHODS as readonly string[]).includes(method);
}

/** Where the rules send this state, before comparing with the current path. null: no rule applies. */
export function flowTarget(state: FlowState): FlowPath | null {
  if (!state.hasFlowToken) return '/';
  if (state.paymentStatus === 'successful') return '/invoice';
  const method = state.paymentMethod || DEFAULT_PAYMENT_METHOD;
  if (isBankMethod(method)) {
    if (state.paymentStatus !== 'authorized' && state.verifiedId !== 1) return '/compliance';
    // The order is confirmed on /review; the bank's own steps after it (the bank details, the trip to the
    // bank and the return from it) belong to that confirmation, so a verified guest stays on them.
    return BANK_STEPS_AFTER_REVIEW.includes(normaliseRoutePath(state.currentPath)) ? null : '/review';
  }
  if (method === DEFAULT_PAYMENT_METHOD && !state.paymentStatus) return '/payment';
  // A card payment held but not yet captured waits for identity checks, except on /processing
  // where the capture is already being watched.
  if (state.paymentStatus === 'authorized' && normaliseRoutePath(state.currentPath) !== '/processing') return '/compliance';
  return null;
}

/** The path to redirect to, or null to stay (no rule applies, or the user is already there). */
export function flowRedirect(state: FlowState): FlowPath | null {
  const target = flowTarget(state);
  return target === null || target === normaliseRoutePath(state.currentPath) ? null : target;
}
