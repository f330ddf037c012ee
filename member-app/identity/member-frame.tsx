// The members frame of signed-in pages: the guard (check-auth), MembersLayout with the member's
// permissions, account number and Account Value, sign out, and the Session Timeout modal.
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { UserInfo } from '#core/contract/users.ts';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { MembersLayout } from '#ui/layouts/members-layout.tsx';
import { MembersLoginLayout } from '#ui/layouts/members-login-layout.tsx';
import { displayName } from '#ui/session/gate-user.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { signOut } from '#ui/session/session-actions.ts';
import { useSessionStore } from '#ui/session/session-store.ts';
import { useIdentityT } from '../i18n/use-identity-t.ts';
import { resetBalances } from '../wallets/balances-store.ts';
import { useBalancesPolling } from '../wallets/use-balances.ts';
import { SidebarAccountValue } from '../wallets/sidebar-account-value.tsx';
import { SidebarAddWallet, SidebarCryptoAccounts } from '../wallets/sidebar-crypto-accounts.tsx';
import { SessionTimeoutModal } from './session-timeout-modal.tsx';
import { useSessionGuard } from './use-session-guard.ts';

export function MemberFrame({ children }: { children: (user: UserInfo) => ReactNode }) {
  const t = useIdentityT();
  const { show, outcome } = useSessionGuard('member');
  const user = useSessionStore((state) => state.user);
  const [, navigate] = useLocation();
  // Spec §4/§9: balances refresh every 10 s on every signed-in page (the sidebar shows them).
  useBalancesPolling(show && user ? user.client_id : null);

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
    resetBalances();
    void signOut(memberApi()).then(() => navigate('/login'));
  };
  return (
    <MembersLayout
      member={{ permissions: user.permissions, clientId: user.client_id, displayName: displayName(user) }}
      accountValue={(showBtc) => <SidebarAccountValue user={user} showBtc={showBtc} />}
      cryptoAccounts={<SidebarCryptoAccounts user={user} />}
      addWallet={<SidebarAddWallet user={user} />}
      onSignOut={onSignOut}
    >
      {children(user)}
      <SessionTimeoutModal />
    </MembersLayout>
  );
}
