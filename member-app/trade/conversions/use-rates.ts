// The prices on a conversion screen: GET /checkout/getRates now and every 10 s while the form is
// open (spec §9 refresh), paused while the tab is hidden, one request at a time. A failed refresh
// keeps the last prices on screen and says they could not be refreshed.
import { useEffect, useRef, useState } from 'react';
import { getRates, type RatesAnswer } from '#core/contract/rates.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { memberApi } from '#ui/session/member-api.ts';

export const RATES_REFRESH_MS = 10_000;

export interface RatesState {
  rates: RatesAnswer | null;
  error: ApiError | null;
}

export function useRates(couponCode: string | undefined): RatesState {
  const [state, setState] = useState<RatesState>({ rates: null, error: null });
  const busy = useRef(false);

  useEffect(() => {
    let alive = true;
    const refresh = async () => {
      if (busy.current || document.visibilityState === 'hidden') return;
      busy.current = true;
      const result = await memberApi().call(getRates, { query: { coupon_code: couponCode || undefined } });
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
  }, [couponCode]);
  return state;
}
