// Hooks over the balances store. MemberFrame runs the poller on every signed-in page, so the
// sidebar and the page under it read the same figures and only one request goes out every 10 s.
import { useEffect } from 'react';
import { BALANCE_REFRESH_MS } from '#core/constants.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { refreshBalances, useBalancesStore } from './balances-store.ts';
import { browserPollerEnvironment, startPolling } from './poller.ts';

/** Keeps the member's balances fresh while this component is mounted and the tab is visible. */
export function useBalancesPolling(owner: string | null): void {
  useEffect(() => {
    if (!owner) return undefined;
    return startPolling(() => refreshBalances(memberApi(), owner), BALANCE_REFRESH_MS, browserPollerEnvironment());
  }, [owner]);
}

/** Asks for fresh balances now (after adding a wallet or sending test coins). */
export function refreshBalancesNow(owner: string): Promise<void> {
  return refreshBalances(memberApi(), owner);
}

export { useBalancesStore };
