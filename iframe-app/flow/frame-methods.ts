// Which payment methods a flow module offers. Online banking leaves the page for the bank's own origin and
// comes back by a redirect. Inside the buy widget that would navigate the shop's frame away from the one
// document whose channel to the merchant page the SDK opened (order-completed and its receipt travel on
// it), and the frame's flow token (buywidget/flow-token-store.ts, partitioned to the shop's site) is not
// there for a first-party window of the bank's return. So the buy widget offers the card and the bank
// transfers, which stay in the frame, and says why; the provider's own sys-flow offers every method.
import { CHECKOUT_PAYMENT_METHODS, type CheckoutPaymentMethod } from '#core/rules/checkout-status.ts';
import type { FlowModule } from './flow-module.ts';

const isOnlineBankingMethod = (method: string) => method === 'Online Banking' || method === 'Online Banking ZA';

export interface OfferedMethods {
  methods: readonly CheckoutPaymentMethod[];
  /** Online banking was left out: the page says why. */
  withoutOnlineBanking: boolean;
}

export function methodsIn(module: FlowModule): OfferedMethods {
  if (module !== 'sys-buywidget') return { methods: CHECKOUT_PAYMENT_METHODS, withoutOnlineBanking: false };
  return { methods: CHECKOUT_PAYMENT_METHODS.filter((method) => !isOnlineBankingMethod(method)), withoutOnlineBanking: true };
}

/** May this module send the guest to the bank's page (the /online_banking step)? */
export const redirectsToBank = (module: FlowModule) => module !== 'sys-buywidget';
