// One GET of the member API as page state: loading, the data, or the failure with a retry. The
// money pages read fees, balances, cards and beneficiaries this way; the data has the endpoint's
// answer type, and a stale answer from an earlier call never overwrites a newer one.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnyEndpoint, EndpointAnswer, EndpointInput } from '#core/contract/endpoint.ts';
import type { ApiClient } from '#ui/api/api-client.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { memberApi } from '#ui/session/member-api.ts';

export type Loaded<T> =
  | { state: 'loading'; data: T | null; error: null }
  | { state: 'ready'; data: T; error: null }
  | { state: 'error'; data: T | null; error: ApiError };

/**
 * For GET endpoints: `input` is the query (and path parameters), and is compared by value, so a new object each render is fine.
 * `client`: the member API by default; the operator console passes its own (member-app/admin/admin-api.ts).
 */
export function useApiData<E extends AnyEndpoint>(endpoint: E, input?: EndpointInput<E>, client: () => ApiClient = memberApi): Loaded<EndpointAnswer<E>> & { reload: () => void } {
  const [loaded, setLoaded] = useState<Loaded<EndpointAnswer<E>>>({ state: 'loading', data: null, error: null });
  const latest = useRef(0);
  const key = JSON.stringify(input ?? {});
  const load = useCallback(() => {
    const call = ++latest.current;
    setLoaded((current) => ({ state: 'loading', data: current.data, error: null }));
    void client()
      .call(endpoint, (input ?? {}) as EndpointInput<E>)
      .then((result) => {
        if (call !== latest.current) return;
        setLoaded(result.ok ? { state: 'ready', data: result.data, error: null } : (current) => ({ state: 'error', data: current.data, error: result.error }));
      });
    // `key` stands for `input`: the same query written again is the same load.
  }, [endpoint, key, client]);
  useEffect(load, [load]);
  return { ...loaded, reload: load };
}
