// After a step that changes the session (login, register, a login code, a new password, a
// verified contact, a saved address): read the user again and go where a login lands (spec §4).
import { ERRORS, isErrorCode } from '#core/errors.ts';
import { afterLoginRedirect } from '#core/rules/login-redirect.ts';
import type { ApiClient } from '#ui/api/api-client.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { gateUser } from '#ui/session/gate-user.ts';
import { loadCurrentUser } from '#ui/session/session-actions.ts';
import { useSessionStore } from '#ui/session/session-store.ts';

export async function landAfterLogin(
  api: ApiClient,
  registrationNewFlow: boolean,
  navigate: (to: string, options?: { replace?: boolean }) => void,
): Promise<ApiError | null> {
  const user = await loadCurrentUser(api);
  if (user) {
    // A member who opened their account after a guest purchase carries the registration attempt marker on their first sign-in: /buy.
    navigate(afterLoginRedirect(gateUser(user), registrationNewFlow, user.registrationAttempt === true), { replace: true });
    return null;
  }
  const code = useSessionStore.getState().error ?? 'unauthorized';
  // expired_password: the session exists but only changePassword works until the password is new.
  if (code === 'expired_password') {
    navigate('/change-password', { replace: true });
    return null;
  }
  return { code, message: isErrorCode(code) ? ERRORS[code].message : ERRORS.unauthorized.message };
}
