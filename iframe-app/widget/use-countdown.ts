// The spec §4 countdown from the payment's expires_at, recomputed each second from the clock (not
// decremented) so a throttled background tab still shows the true time left.
import { useEffect, useState } from 'react';
import { countdownView, type CountdownView } from './payment-view.ts';

export function useCountdown(expiresAt: string): CountdownView {
  const [view, setView] = useState(() => countdownView(expiresAt, Date.now()));
  useEffect(() => {
    setView(countdownView(expiresAt, Date.now()));
    const id = setInterval(() => setView(countdownView(expiresAt, Date.now())), 1_000);
    return () => clearInterval(id);
  }, [expiresAt]);
  return view;
}
