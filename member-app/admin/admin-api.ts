// The console's API client: the same typed call() as the member app (the op_token cookie goes with
// same-origin calls on its own), plus what the layout needs to know about the session: when the last
// call was (the idle-timeout notice counts from it) and whether the server said the session is over
// (operator_session_required), which shows the "signed out" notice instead of a broken page.
import { useSyncExternalStore } from 'react';
import type { AnyEndpoint, EndpointAnswer, EndpointInput } from '#core/contract/endpoint.ts';
import { createApiClient, type ApiClient, type CallOptions } from '#ui/api/api-client.ts';
import type { ApiResult } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';

export interface ConsoleActivity {
  /** Date.now() of the last call the console made (a call keeps the server's session alive). */
  lastCallAt: number;
  /** The server refused the session (idle 30 minutes, signed out elsewhere, role changed). */
  ended: boolean;
}

let activity: ConsoleActivity = { lastCallAt: Date.now(), ended: false };
const listeners = new Set<() => void>();

function update(next: Partial<ConsoleActivity>): void {
  activity = { ...activity, ...next };
  for (const listener of listeners) listener();
}

export function useConsoleActivity(): ConsoleActivity {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => activity,
  );
}

/** After a fresh sign-in: the session is live again. */
export function sessionStarted(): void {
  update({ lastCallAt: Date.now(), ended: false });
}

let client: ApiClient | null = null;

export function adminApi(): ApiClient {
  if (!client) {
    const configuration = useBootStore.getState().boot.whitelabel?.configuration;
    const inner = createApiClient({
      bases: { main: configuration?.api ?? '/v1', merchant: configuration?.mapi ?? '/mapi' },
      onFailure: (error, endpoint) => {
        if (error.code === 'operator_session_required' && endpoint.path !== 'admin/session') update({ ended: true });
      },
    });
    client = {
      call<E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, options?: CallOptions): Promise<ApiResult<EndpointAnswer<E>>> {
        update({ lastCallAt: Date.now() });
        return inner.call(endpoint, input, options);
      },
    };
  }
  return client;
}
