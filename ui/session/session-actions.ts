// What changes the session store: the currentUser check, a user answer from another call, sign out.
import { currentUser, logout } from '#core/contract/sessions.ts';
import type { UserInfo } from '#core/contract/users.ts';
import { failureCode } from '../api/api-result.ts';
import type { ApiClient } from '../api/api-client.ts';
import { INITIAL_SESSION, useSessionStore } from './session-store.ts';

/** GET /v1/currentUser; the store keeps the user on success and the failure code otherwise. */
export async function loadCurrentUser(api: ApiClient): Promise<UserInfo | null> {
  useSessionStore.setState((state) => ({ ...state, status: 'loading' }));
  const result = await api.call(currentUser, {});
  if (result.ok) {
    useSessionStore.setState({ status: 'ready', user: result.data.user_info, error: null });
    return result.data.user_info;
  }
  const code = failureCode(result.error);
  // The answer that said invalid_session also cleared the session cookie, so a later check (another page's
  // guard, a refresh) says unauthorized: the member must still be told their session was replaced (spec §8's
  // Session Timeout modal) until they press Login (forgetSession), not be sent to /login without a word.
  const replaced = useSessionStore.getState().error === 'invalid_session' && code === 'unauthorized';
  useSessionStore.setState({ status: 'ready', user: null, error: replaced ? 'invalid_session' : code });
  return null;
}

/** Spec §4: logout removes the token cookie (the server clears it) and clears the user. */
export async function signOut(api: ApiClient): Promise<void> {
  await api.call(logout, {});
  useSessionStore.setState({ ...INITIAL_SESSION, status: 'ready' });
}

/**
 * Another browser replaced this session (a call answered invalid_session, spec §8): signed out at once and
 * the error kept, so every guard shows the Session Timeout modal, whichever check answers next and in
 * whatever order (the answer that said so also cleared the cookie, so later calls say unauthorized).
 */
export function markSessionReplaced(): void {
  useSessionStore.setState({ status: 'ready', user: null, error: 'invalid_session' });
}

/** A signed-out state without a call (after the Session Timeout modal, the old session is gone). */
export function forgetSession(): void {
  useSessionStore.setState({ ...INITIAL_SESSION, status: 'ready' });
}
