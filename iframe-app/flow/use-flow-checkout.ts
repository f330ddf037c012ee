// A flow page after the start: loads the flow cookie's checkout (getCheckoutCookie gives its id,
// getCheckout the order as the server priced it) and applies the spec §4 guard (flow-guard.ts). The
// state lives on the server, so a reload shows the same step with the same figures.
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { MODULE_PAGES } from '#core/modules.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { loadCheckout, loadCheckoutCookie } from './flow-api.ts';
import { flowGuard } from './flow-guard.ts';
import { flowModuleOf, type FlowModule } from './flow-module.ts';

export type FlowCheckoutState =
  | { phase: 'loading' }
  | { phase: 'failed'; retry: () => void }
  | { phase: 'expired' }
  | { phase: 'ready'; checkout: CheckoutAnswer };

/** The module this document serves: a step page is guarded by its own module's pages, under either prefix. */
export function currentFlowModule(): FlowModule {
  return flowModuleOf(useBootStore.getState().boot.module);
}

/** Codes that mean "this visitor has no checkout": spec §4 sends them to the start. */
const NO_CHECKOUT = new Set(['flow_token_required', 'checkout_not_found']);

/** Where spec §4 sends this checkout from `currentPath` (null: stay); pages that poll ask it again. */
export function flowTarget(checkout: CheckoutAnswer, currentPath: string, module: FlowModule = currentFlowModule()): string | null {
  return flowGuard({
    hasCheckout: true,
    paymentMethod: checkout.payment_method,
    paymentStatus: checkout.payment_status,
    verifiedId: checkout.verified.id,
    hasDetails: checkout.user.firstName !== '' && checkout.user.email !== '',
    challengePending: checkout.status === 'pending' && checkout.payment_method === 'Credit Card',
    currentPath,
    built: MODULE_PAGES[module],
  });
}

export function useFlowCheckout(currentPath: string): FlowCheckoutState {
  const [, navigate] = useLocation();
  // The same step pages serve every flow module, each guarded by its own module's pages.
  const module = useBootStore((state) => flowModuleOf(state.boot.module));
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<FlowCheckoutState>({ phase: 'loading' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    setState({ phase: 'loading' });
    void (async () => {
      const cookie = await loadCheckoutCookie();
      const answer = cookie.ok ? await loadCheckout(cookie.data._id) : cookie;
      if (!live) return;
      if (!answer.ok) {
        if (NO_CHECKOUT.has(answer.error.code)) navigate(flowGuard({ hasCheckout: false, currentPath, built: [] }) ?? '/', { replace: true });
        else if (answer.error.code === 'checkout_expired') setState({ phase: 'expired' });
        else setState({ phase: 'failed', retry });
        return;
      }
      const checkout = answer.data;
      const target = flowTarget(checkout, currentPath, module);
      if (target !== null) return navigate(target, { replace: true });
      setState({ phase: 'ready', checkout });
    })();
    return () => {
      live = false;
    };
  }, [attempt, currentPath, module, navigate, retry]);

  return state;
}
