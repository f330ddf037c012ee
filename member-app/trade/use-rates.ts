// The prices on a conversion screen: GET /checkout/getRates now and every 10 s while the form is
// open (spec §9 refresh), paused while the tab is hidden, one request at a time. A failed refresh
// keeps the last prices on screen and says they could not be refreshed.
import { useEffect, useRef, useState } from 'react';
import type { RatesAnswer } from '#core/contract/money.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { fetchRates } from './checkout-rates.ts';

export const RATES_REFRESH_MS = 10_000;

export interface RatesState {
  rates: RatesAnswer | null;
  error: ApiError | null;
}

export function useRates(couponCode: string | undefined): RatesState {
  const base = useBootStore((state) => state.boot.whitelabel?.configuration.api ?? '/v1');
  const [state, setState] = useState<RatesState>({ rates: null, error: null });
  const busy = useRef(false);

  useEffect(() => {
    let alive = true;
    const refresh = async () => {
      if (busy.current || document.visibilityState === 'hidden') return;
      busy.current = true;
      const result = await fetchRates(base, couponCode);
      busy.current = false;
      if (!alive) return;
      setState((current) => (result.ok ? { rates: result.data, error: null } : { rates: current.rates, error: result.error }));
    };
    void refresh();
    const timer = setInterval(() => void refresh(), RATES_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      alive = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [base, couponCode]);
  return state;
}
