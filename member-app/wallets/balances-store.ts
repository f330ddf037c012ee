// The member's balances (GET /v1/users/getUserBalances), shared by the sidebar (Account Value,
// Crypto Accounts), the wallet pages and the money forms, so one request every 10 s serves them
// all. A poll made while one is in flight joins it instead of sending another. After a call that
// moved money the refresh is `fresh`: it never joins a request sent before the move (that answer
// would be the old figures), and an answer to an older request that lands after a newer one is
// dropped, so the screen never steps back to the figures from before the move. The store
// remembers whose balances it holds: a different member signing in on the same tab starts from
// nothing, never from the previous member's figures.
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

export interface RefreshOptions {
  /** Money just moved: send a new request even if one is under way. */
  fresh?: boolean;
}

let inFlight: { owner: string; promise: Promise<void> } | null = null;
/** Requests are numbered as they are sent; only an answer newer than the last one applied is kept. */
let sent = 0;
let applied = 0;

/** Fetches the balances for `owner`; a poll joins a request already under way for the same member. */
export function refreshBalances(api: ApiClient, owner: string, options: RefreshOptions = {}): Promise<void> {
  if (!options.fresh && inFlight && inFlight.owner === owner) return inFlight.promise;
  if (useBalancesStore.getState().owner !== owner) useBalancesStore.setState({ ...INITIAL_BALANCES, owner });
  if (!useBalancesStore.getState().data) useBalancesStore.setState({ status: 'loading' });
  const number = ++sent;
  const promise = api
    .call(getUserBalances, {})
    .then((result) => {
      if (useBalancesStore.getState().owner !== owner) return; // signed out or switched meanwhile
      if (number < applied) return; // a later request already answered: this one is older news
      applied = number;
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
  applied = sent;
  useBalancesStore.setState(INITIAL_BALANCES);
}
