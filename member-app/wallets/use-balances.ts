// Hooks over the balances store. MemberFrame runs the poller on every signed-in page, so the
// sidebar and the page under it read the same figures and only one request goes out every 10 s.
// A call that moves money (a deposit, 3-D Secure, a conversion, a withdrawal's confirm or cancel,
// a new wallet) asks for fresh balances at once: the member should not wait for the next poll.
import { useEffect } from 'react';
import type { Asset } from '#core/assets.ts';
import { BALANCE_REFRESH_MS } from '#core/constants.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useSessionStore } from '#ui/session/session-store.ts';
import { refreshBalances, useBalancesStore } from './balances-store.ts';
import { browserPollerEnvironment, startPolling } from './poller.ts';
import { availableMinor } from './available.ts';

/** Keeps the member's balances fresh while this component is mounted and the tab is visible. */
export function useBalancesPolling(owner: string | null): void {
  useEffect(() => {
    if (!owner) return undefined;
    return startPolling(() => refreshBalances(memberApi(), owner), BALANCE_REFRESH_MS, browserPollerEnvironment());
  }, [owner]);
}

/** Asks for fresh balances now (a retry after a failure, sending test coins). */
export function refreshBalancesNow(owner: string): Promise<void> {
  return refreshBalances(memberApi(), owner, { fresh: true });
}

/** After a call that moved money: fresh balances for the signed-in member, not an answer sent before the move. */
export function refreshBalancesAfterChange(): Promise<void> {
  const owner = useSessionStore.getState().user?.client_id;
  return owner ? refreshBalances(memberApi(), owner, { fresh: true }) : Promise.resolve();
}

/** What the member can spend now in `asset` (minor units), from the shared store; undefined until the first answer. */
export function useAvailable(asset: Asset): bigint | undefined {
  return useBalancesStore((state) => availableMinor(state.data, asset));
}

export { useBalancesStore };
