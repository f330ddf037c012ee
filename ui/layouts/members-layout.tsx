// Members frame: sidebar, header with the user menu, footer. Which sidebar entries and menu items
// exist is decided by core/rules/permission-gates.ts from the provider's flags and the member's
// permissions; this frame owns the structure: landmarks, the mobile drawer toggle, the skip link.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { accountNumber } from '#core/rules/account-number.ts';
import { sidebarEntries, userMenuItems, type UserPermissions } from '#core/rules/permission-gates.ts';
import { useWhiteLabel } from '../boot/boot-store.ts';
import { BrandLogo } from '../components/brand-logo.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { MAIN_ID, SkipLink } from '../components/skip-link.tsx';
import { TestModeBadge } from '../components/test-mode-badge.tsx';
import { useT } from '../i18n/use-t.ts';
import { MembersSidebar } from './members-sidebar.tsx';
import { UserMenu } from './user-menu.tsx';

export interface MemberSummary {
  permissions: UserPermissions;
  clientId: string | number | null;
  /** First and last name, or the email when there is no name yet. */
  displayName: string;
}

export interface MembersLayoutProps {
  children: ReactNode;
  member: MemberSummary;
  accountValue: (showBtc: boolean) => ReactNode;
  cryptoAccounts: ReactNode;
  /** The sidebar's add-a-wallet action (the app knows whether the member has a wallet yet). */
  addWallet: ReactNode;
  onSignOut: () => void;
}

export function MembersLayout({ children, member, accountValue, cryptoAccounts, addWallet, onSignOut }: MembersLayoutProps) {
  const t = useT();
  const whitelabel = useWhiteLabel();
  const sidebarId = useId();
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  // On small screens the sidebar is a drawer: it closes when a link in it navigates.
  useEffect(() => setOpen(false), [location]);
  if (!whitelabel) return null; // unreachable: pages without configuration are redirected to /error

  const provider = whitelabel.permissions;
  return (
    <div className="layout layout--members">
      <SkipLink />
      <header className="members-header">
        <button
          type="button"
          className="icon-button members-header__toggle"
          aria-expanded={open}
          aria-controls={sidebarId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="hamburger" aria-hidden="true" />
          <span className="visually-hidden">{open ? t('nav.closeMenu') : t('nav.openMenu')}</span>
        </button>
        <BrandLogo />
        <div className="members-header__end">
          <TestModeBadge />
          <UserMenu
            items={userMenuItems(provider, member.permissions)}
            displayName={member.displayName}
            accountNumber={accountNumber(whitelabel.configuration.account_prefix, member.clientId)}
            onSignOut={onSignOut}
          />
        </div>
      </header>
      <aside id={sidebarId} className={`members-sidebar${open ? ' members-sidebar--open' : ''}`}>
        <nav aria-label={t('nav.main')}>
          <MembersSidebar
            entries={sidebarEntries(provider, member.permissions)}
            accountValue={accountValue}
            cryptoAccounts={cryptoAccounts}
            addWallet={addWallet}
          />
        </nav>
      </aside>
      <main id={MAIN_ID} className="layout__main members-main" tabIndex={-1}>
        {children}
      </main>
      <div className="members-footer">
        <SiteFooter />
      </div>
    </div>
  );
}
