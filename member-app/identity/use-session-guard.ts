// The page guards of spec §4 and §6, over core/rules/login-redirect.ts:
//   'guest'  login layout pages that send a signed-in member away (login, register, forget-password)
//   'step'   a step a signed-in member may owe (double-auth, verification, address details): needs the
//            session, and a member who owes nothing (or another step) is sent where a login lands
//   'member' pages behind check-auth (wallets, profile, onboarding)
// Each page load asks GET /v1/currentUser once; the outcome is acted on once that answer is in.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { loginLayoutRedirect, memberRedirect, type MemberOutcome } from '#core/rules/login-redirect.ts';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { modalStore } from '#ui/modal/modal-store.ts';
import { authState } from '#ui/session/gate-user.ts';
import { memberApi, SESSION_TIMEOUT_MODAL } from '#ui/session/member-api.ts';
import { forgetSession, loadCurrentUser } from '#ui/session/session-actions.ts';
import { useSessionStore, type SessionState } from '#ui/session/session-store.ts';

export type GuardKind = 'guest' | 'step' | 'member';

export function guardOutcome(kind: GuardKind, session: SessionState, registrationNewFlow: boolean, path: string): MemberOutcome {
  const state = authState(session, registrationNewFlow);
  // The server marks the first sign-in of a member who opened their account after a guest purchase
  // (POST /users/checkout/register): that sign-in lands on /buy instead of /wallets.
  const registrationAttempt = session.user?.registrationAttempt === true;
  if (kind === 'guest') return loginLayoutRedirect(state, path, registrationAttempt);
  if (kind === 'step' && session.user) return loginLayoutRedirect(state, path, registrationAttempt);
  return memberRedirect(state, path);
}

export interface Guard {
  /** The page may render: the check answered (or a known user is on screen) and nobody is sent away. */
  show: boolean;
  outcome: MemberOutcome;
}

export function useSessionGuard(kind: GuardKind): Guard {
  const [location, navigate] = useLocation();
  const registrationNewFlow = useWhiteLabel()?.permissions.registration_new_flow ?? false;
  const session = useSessionStore();
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    let live = true;
    void loadCurrentUser(memberApi()).then(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, []);

  const outcome = guardOutcome(kind, session, registrationNewFlow, location);
  useEffect(() => {
    if (!checked) return;
    if (outcome.kind === 'redirect') navigate(outcome.to, { replace: true });
    else if (outcome.kind === 'sign-out') {
      forgetSession();
      navigate(outcome.to, { replace: true });
    } else if (outcome.kind === 'session-timeout-modal') modalStore.getState().show(SESSION_TIMEOUT_MODAL);
  }, [checked, outcome.kind, outcome.kind === 'redirect' || outcome.kind === 'sign-out' ? outcome.to : null]);

  const known = kind === 'guest' || session.user !== null;
  return { show: outcome.kind === 'stay' && (checked || (known && session.status !== 'idle')), outcome };
}
