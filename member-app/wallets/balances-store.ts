// The member's balances (GET /v1/users/getUserBalances), shared by the sidebar (Account Value,
// Crypto Accounts) and the wallet pages, so one request every 10 s serves them all. Calls made
// while one is in flight join it instead of sending another. The store remembers whose balances
// it holds: a different member signing in on the same tab starts from nothing, never from the
// previous member's figures.
import { create } from 'zustand';
import { getUserBalances, type BalancesAnswer } from '#core/contract/wallets.ts';
import type { ApiClient } from '#ui/api/api-client.ts';
import type { ApiError } from '#ui/api/api-result.ts';

export interface BalancesState {
  /** 'idle' before the first answer; 'ready' once one arrived (later failures keep the last data). */
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: BalancesAnswer | null;
  /** The last failure; cleared by the next success. */
  error: ApiError | null;
  /** client_id of the member these balances belong to. */
  owner: string | null;
}

export const INITIAL_BALANCES: BalancesState = { status: 'idle', data: null, error: null, owner: null };

export const useBalancesStore = create<BalancesState>(() => INITIAL_BALANCES);

let inFlight: { owner: string; promise: Promise<void> } | null = null;

/** Fetches the balances for `owner`; joins a request already under way for the same member. */
export function refreshBalances(api: ApiClient, owner: string): Promise<void> {
  if (inFlight && inFlight.owner === owner) return inFlight.promise;
  if (useBalancesStore.getState().owner !== owner) useBalancesStore.setState({ ...INITIAL_BALANCES, owner });
  const state = useBalancesStore.getState();
  if (!state.data) useBalancesStore.setState({ status: 'loading' });
  const promise = api
    .call(getUserBalances, {})
    .then((result) => {
      if (useBalancesStore.getState().owner !== owner) return; // signed out or switched meanwhile
      if (result.ok) useBalancesStore.setState({ status: 'ready', data: result.data, error: null });
      else useBalancesStore.setState((current) => ({ status: current.data ? 'ready' : 'error', error: result.error }));
    })
    .finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
  inFlight = { owner, promise };
  return promise;
}

export function resetBalances(): void {
  inFlight = null;
  useBalancesStore.setState(INITIAL_BALANCES);
}
