// The apps' one API client, made on first use from whitelabel.configuration.api and .mapi. Every failure
// passes through here: invalid_session from any call but the currentUser check opens the Session
// Timeout modal (spec §8); the check itself reports to the page guard, which decides (the login
// page must not show the modal for a stale cookie).
import { useBootStore } from '../boot/boot-store.ts';
import { createApiClient, type ApiClient } from '../api/api-client.ts';
import { failureCode, type ApiError } from '../api/api-result.ts';
import type { AnyEndpoint } from '#core/contract/endpoint.ts';
import { modalStore } from '../modal/modal-store.ts';
import { markSessionReplaced } from './session-actions.ts';

export const SESSION_TIMEOUT_MODAL = 'session-timeout';

let client: ApiClient | null = null;
let clientBases: string | null = null;

export function opensSessionTimeout(error: ApiError, endpoint: Pick<AnyEndpoint, 'path'>): boolean {
  return failureCode(error) === 'invalid_session' && endpoint.path !== 'currentUser';
}

export function memberApi(): ApiClient {
  const configuration = useBootStore.getState().boot.whitelabel?.configuration;
  const bases = { main: configuration?.api ?? '/v1', merchant: configuration?.mapi ?? '/mapi' };
  const key = `${bases.main} ${bases.merchant}`;
  if (!client || clientBases !== key) {
    clientBases = key;
    client = createApiClient({
      bases,
      onFailure: (error, endpoint) => {
        if (!opensSessionTimeout(error, endpoint)) return;
        markSessionReplaced();
        modalStore.getState().show(SESSION_TIMEOUT_MODAL);
      },
    });
  }
  return client;
}
