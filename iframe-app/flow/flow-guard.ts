// Spec §4 for the flow's pages: a page after the start needs the flow token cookie and its checkout
// ("flow pages require a checkout id"); without them the visitor goes to /. core's flowRedirect
// decides where a checkout belongs; it is followed only to a page this build has (the payment
// methods' pages come later), otherwise the visitor stays where they are.
import { flowRedirect, type FlowPaymentStatus } from '#core/rules/flow-redirect.ts';

export interface GuardInput {
  /** Did getCheckoutCookie find the flow token's checkout? */
  hasCheckout: boolean;
  paymentMethod?: string | null;
  paymentStatus?: FlowPaymentStatus | null;
  verifiedId?: number | null;
  currentPath: string;
  /** The module's routes that have a page (core/modules.ts MODULE_PAGES). */
  built: readonly string[];
}

/** Where to send the visitor, or null to stay. */
export function flowGuard(input: GuardInput): string | null {
  if (!input.hasCheckout) return input.currentPath === '/' ? null : '/';
  const target = flowRedirect({
    hasFlowToken: true,
    paymentMethod: input.paymentMethod,
    paymentStatus: input.paymentStatus,
    verifiedId: input.verifiedId,
    currentPath: input.currentPath,
  });
  return target !== null && input.built.includes(target) ? target : null;
}
