// The apps' one API client, made on first use from whitelabel.configuration.api. Every failure
// passes through here: invalid_session from any call but the currentUser check opens the Session
// Timeout modal (spec §8); the check itself reports to the page guard, which decides (the login
// page must not show the modal for a stale cookie).
import { useBootStore } from '../boot/boot-store.ts';
import { createApiClient, type ApiClient } from '../api/api-client.ts';
import { failureCode, type ApiError } from '../api/api-result.ts';
import { modalStore } from '../modal/modal-store.ts';

export const SESSION_TIMEOUT_MODAL = 'session-timeout';

let client: ApiClient | null = null;
let clientBase: string | null = null;

export function opensSessionTimeout(error: ApiError, path: string): boolean {
  return failureCode(error) === 'invalid_session' && path.replace(/^\/+/, '') !== 'currentUser';
}

export function memberApi(): ApiClient {
  const base = useBootStore.getState().boot.whitelabel?.configuration.api ?? '/v1';
  if (!client || clientBase !== base) {
    clientBase = base;
    client = createApiClient({
      base,
      onFailure: (error, path) => {
        if (opensSessionTimeout(error, path)) modalStore.getState().show(SESSION_TIMEOUT_MODAL);
      },
    });
  }
  return client;
}
