// The members frame of signed-in pages: the guard (check-auth), MembersLayout with the member's
// permissions, account number and Account Value, sign out, and the Session Timeout modal.
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { UserInfo } from '#core/contract/users.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { MembersLayout } from '#ui/layouts/members-layout.tsx';
import { MembersLoginLayout } from '#ui/layouts/members-login-layout.tsx';
import { displayName } from '#ui/session/gate-user.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { signOut } from '#ui/session/session-actions.ts';
import { useSessionStore } from '#ui/session/session-store.ts';
import { useIdentityT } from '../i18n/use-identity-t.ts';
import { accountValueText } from './account-value.ts';
import { SessionTimeoutModal } from './session-timeout-modal.tsx';
import { useSessionGuard } from './use-session-guard.ts';

export function MemberFrame({ children }: { children: (user: UserInfo) => ReactNode }) {
  const t = useIdentityT();
  const { show, outcome } = useSessionGuard('member');
  const user = useSessionStore((state) => state.user);
  const locale = useBootStore((state) => state.locale);
  const [, navigate] = useLocation();

  if (outcome.kind === 'session-timeout-modal') {
    // The session is gone: the modal sits over the brand backdrop, not over a blank page.
    return (
      <MembersLoginLayout>
        <SessionTimeoutModal />
      </MembersLoginLayout>
    );
  }
  if (!show || !user) {
    return (
      <div className="layout layout--members-pending">
        <LoadingState label={t('session.checking')} />
        <SessionTimeoutModal />
      </div>
    );
  }

  const onSignOut = () => {
    void signOut(memberApi()).then(() => navigate('/login'));
  };
  return (
    <MembersLayout
      member={{ permissions: user.permissions, clientId: user.client_id, displayName: displayName(user) }}
      accountValue={(showBtc) => (
        <dl className="account-value">
          <div>
            <dt className="visually-hidden">{user.currency}</dt>
            <dd className="account-value__main">{accountValueText(user.account_values, user.currency, locale)}</dd>
          </div>
          {showBtc ? (
            <div>
              <dt className="visually-hidden">BTC</dt>
              <dd className="account-value__btc">{accountValueText(user.account_values, 'BTC', locale)}</dd>
            </div>
          ) : null}
        </dl>
      )}
      cryptoAccounts={
        user.wallets.length === 0 ? (
          <p className="sidebar-empty">{t('wallets.noCryptoAccounts')}</p>
        ) : (
          <ul className="sidebar-wallets">
            {user.wallets.map((wallet) => (
              <li key={wallet.currency}>{wallet.currency}</li>
            ))}
          </ul>
        )
      }
      onAddWallet={() => navigate('/wallets')}
      onSignOut={onSignOut}
    >
      {children(user)}
      <SessionTimeoutModal />
    </MembersLayout>
  );
}
