import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { hideModalsAfterRouteChange, modalStore } from './modal-store.ts';

/** Mounted once per app: every route change after the first render starts the 500 ms auto-hide. */
export function useModalAutoHide(): void {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    return hideModalsAfterRouteChange(modalStore, globalThis as unknown as Parameters<typeof hideModalsAfterRouteChange>[1]);
  }, [location]);
}
