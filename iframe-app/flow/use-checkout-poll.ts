// Follows a checkout the server may still change (3-D Secure answered, codes entered elsewhere, an
// identity decided by an operator): reads it every few seconds while the page is open and sends the guest
// where spec §4 says once it moved on (successful -> /invoice). Polling stops with the page.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { loadCheckout } from './flow-api.ts';
import { flowTarget } from './use-flow-checkout.ts';

export const POLL_MS = 3_000;

/** `follow`: whether this checkout is one the server may still move on (e.g. authorized). */
export function useCheckoutPoll(initial: CheckoutAnswer, currentPath: string, follow: (checkout: CheckoutAnswer) => boolean): [CheckoutAnswer, (next: CheckoutAnswer) => void] {
  const [, navigate] = useLocation();
  const [checkout, setCheckout] = useState(initial);
  const active = follow(checkout);
  useEffect(() => {
    if (!active) return;
    let live = true;
    const timer = setInterval(() => {
      void loadCheckout(checkout._id).then((answer) => {
        if (!live || !answer.ok) return;
        setCheckout(answer.data);
        const target = flowTarget(answer.data, currentPath);
        if (target !== null) navigate(target, { replace: true });
      });
    }, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [active, checkout._id, currentPath, navigate]);
  return [checkout, setCheckout];
}
