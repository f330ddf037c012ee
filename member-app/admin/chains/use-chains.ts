// The Chains page's data: GET /v1/admin/chains now and every 5 s after each answer (the wallets'
// poller: never two at once, asleep while the tab is hidden), keeping the last good answer when a
// refresh fails. It stops asking after 10 minutes without a key or a click (chains-view.ts says why)
// and when the server says the session is over (the layout then shows its notice).
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminChains, type AdminChains } from '#core/contract/admin-chains.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { browserPollerEnvironment, startPolling } from '../../wallets/poller.ts';
import { adminApi } from '../admin-api.ts';
import { REFRESH_MS, shouldPause } from './chains-view.ts';

export interface ChainsView {
  data: AdminChains | null;
  /** Date.now() of the answer `data` is. */
  receivedAt: number | null;
  /** The last call's failure; with data, that data is older than one refresh. */
  error: ApiError | null;
  paused: boolean;
  /** Ask now and keep refreshing (after a pause or a failure). */
  resume(): void;
}

export function useChains(): ChainsView {
  const [data, setData] = useState<AdminChains | null>(null);
  const [receivedAt, setReceivedAt] = useState<number | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [paused, setPaused] = useState(false);
  const [ended, setEnded] = useState(false);
  // Bumped to restart polling at once (the poller runs its first round on start).
  const [round, setRound] = useState(0);
  const lastActivity = useRef(Date.now());

  useEffect(() => {
    const seen = () => {
      lastActivity.current = Date.now();
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, seen, { passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, seen);
    };
  }, []);

  useEffect(() => {
    if (paused || ended) return undefined;
    let live = true;
    const stop = startPolling(
      async () => {
        if (shouldPause(Date.now(), lastActivity.current)) {
          setPaused(true);
          return;
        }
        const result = await adminApi().call(adminChains, {});
        if (!live) return;
        if (result.ok) {
          setData(result.data);
          setReceivedAt(Date.now());
          setError(null);
        } else {
          setError(result.error);
          if (result.error.code === 'operator_session_required') setEnded(true);
        }
      },
      REFRESH_MS,
      browserPollerEnvironment(),
    );
    return () => {
      live = false;
      stop();
    };
  }, [paused, ended, round]);

  const resume = useCallback(() => {
    lastActivity.current = Date.now();
    setPaused(false);
    setRound((value) => value + 1);
  }, []);

  return { data, receivedAt, error, paused, resume };
}
