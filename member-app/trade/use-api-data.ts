// One GET of the member API as page state: loading, the data, or the failure with a retry. The
// money pages read fees, balances, cards and beneficiaries this way; a stale answer from an
// earlier call never overwrites a newer one.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from '#ui/api/api-result.ts';
import { memberApi } from '#ui/session/member-api.ts';

export type Loaded<T> =
  | { state: 'loading'; data: T | null; error: null }
  | { state: 'ready'; data: T; error: null }
  | { state: 'error'; data: T | null; error: ApiError };

export function useApiData<T>(path: string, query?: Record<string, string | undefined>): Loaded<T> & { reload: () => void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading', data: null, error: null });
  const latest = useRef(0);
  const key = JSON.stringify(query ?? {});
  const load = useCallback(() => {
    const call = ++latest.current;
    setLoaded((current) => ({ state: 'loading', data: current.data, error: null }));
    void memberApi()
      .request<T>('GET', path, query ? { query } : {})
      .then((result) => {
        if (call !== latest.current) return;
        setLoaded(result.ok ? { state: 'ready', data: result.data, error: null } : (current) => ({ state: 'error', data: current.data, error: result.error }));
      });
  }, [path, key]);
  useEffect(load, [load]);
  return { ...loaded, reload: load };
}
