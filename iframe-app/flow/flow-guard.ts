// Spec §4 for the flow's pages: a page after the start needs the flow token cookie and its checkout
// ("flow pages require a checkout id"); without them the visitor goes to /. core's flowRedirect
// decides where a checkout belongs; it is followed only to a page this build has (the payment
// methods' pages come later), otherwise the visitor stays where they are.
//
// Two readings of the rules the flow's steps need: the contact details step comes before the payment
// (spec §1 steps), so a checkout without its details is sent to /details and /details is left alone until
// something was paid (else "Credit Card with no status goes to /payment" would never let anyone fill it in);
// and /kyc is part of the verify account step, so a rule that says /compliance keeps a visitor on /kyc.
// A card waiting for 3-D Secure stays on /processing, where the challenge is answered (it has no
// payment_status yet). A successful checkout goes to /invoice whether or not this build has that page yet.
import { flowRedirect, type FlowPaymentStatus } from '#core/rules/flow-redirect.ts';

export interface GuardInput {
  /** Did getCheckoutCookie find the flow token's checkout? */
  hasCheckout: boolean;
  paymentMethod?: string | null;
  paymentStatus?: FlowPaymentStatus | null;
  verifiedId?: number | null;
  /** Has the flow user saved their contact details (checkout/billing)? Absent: assumed yes. */
  hasDetails?: boolean;
  /** A card payment waits for its 3-D Secure answer (checkout pending): answered on /processing. */
  challengePending?: boolean;
  currentPath: string;
  /** The module's routes that have a page (core/modules.ts MODULE_PAGES). */
  built: readonly string[];
}

/** Where to send the visitor, or null to stay. */
export function flowGuard(input: GuardInput): string | null {
  if (!input.hasCheckout) return input.currentPath === '/' ? null : '/';
  if (!input.paymentStatus) {
    if (input.currentPath === '/details') return null;
    if (input.currentPath === '/processing' && input.challengePending) return null;
    if (input.hasDetails === false) return input.built.includes('/details') ? '/details' : null;
  }
  const target = flowRedirect({
    hasFlowToken: true,
    paymentMethod: input.paymentMethod,
    paymentStatus: input.paymentStatus,
    verifiedId: input.verifiedId,
    currentPath: input.currentPath,
  });
  if (target === '/compliance' && input.currentPath === '/kyc') return null;
  // A paid checkout always goes on to its invoice: there is nothing left to do on any other page.
  if (target === '/invoice') return target;
  return target !== null && input.built.includes(target) ? target : null;
}
