// The members-login frame of the identity pages: the animated login layout, one card with the
// page's heading and lead, the guard of the page's kind, and the Session Timeout modal.
import type { ReactNode } from 'react';
import type { UserInfo } from '#core/contract/users.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { MembersLoginLayout } from '#ui/layouts/members-login-layout.tsx';
import { useSessionStore } from '#ui/session/session-store.ts';
import { useIdentityT } from '../i18n/use-identity-t.ts';
import { SessionTimeoutModal } from './session-timeout-modal.tsx';
import { useSessionGuard, type GuardKind } from './use-session-guard.ts';

export interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  /** "Step 2 of 4" above the title. */
  step?: string;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, lead, step, children, footer }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <section className="auth-card" aria-labelledby="auth-title">
      {step ? <p className="auth-card__step">{step}</p> : null}
      <h1 id="auth-title" className="auth-card__title">{title}</h1>
      {lead ? <p className="auth-card__lead">{lead}</p> : null}
      {children}
      {footer ? <div className="auth-card__footer">{footer}</div> : null}
    </section>
  );
}

/** A page without a guard (change-password with ?reset=, which needs no session). */
export function OpenAuthFrame({ children }: { children: ReactNode }) {
  return (
    <MembersLoginLayout>
      {children}
      <SessionTimeoutModal />
    </MembersLoginLayout>
  );
}

export interface AuthFrameProps {
  guard: GuardKind;
  /** Rendered once the guard lets the page show; gets the signed-in user (null on guest pages). */
  children: (user: UserInfo | null) => ReactNode;
}

export function AuthFrame({ guard, children }: AuthFrameProps) {
  const t = useIdentityT();
  const { show } = useSessionGuard(guard);
  const user = useSessionStore((state) => state.user);
  return (
    <MembersLoginLayout>
      {show && (guard === 'guest' || user) ? children(user) : <LoadingState label={t('session.checking')} />}
      <SessionTimeoutModal />
    </MembersLoginLayout>
  );
}
